import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';

describeE2E('billing plans', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await bootTestApp('billing_plans');
    auth = { Authorization: `Bearer ${await t.token()}` };
  });
  afterAll(() => t?.close());

  const plan = (over: Record<string, unknown>) => ({
    interval_count: 1,
    trial_days: 0,
    renewal_cycles: null,
    created_at: TS,
    updated_at: TS,
    ...over,
  });

  it('creates plans on both spellings, with defaults', async () => {
    const monthly = await t.http.post('/billingplan').set(auth).send({ name: 'Monthly', interval_unit: 'month' });
    expect(monthly.status).toBe(201);
    expect(monthly.body).toEqual(ok(201, plan({ id: 1, name: 'Monthly', interval_unit: 'month' })));

    const quarterly = await t.http
      .post('/billingplans')
      .set(auth)
      .send({ name: 'Quarterly', interval_unit: 'week', interval_count: 13, trial_days: 14, renewal_cycles: 4 });
    expect(quarterly.status).toBe(201);
    expect(quarterly.body).toEqual(
      ok(201, plan({ id: 2, name: 'Quarterly', interval_unit: 'week', interval_count: 13, trial_days: 14, renewal_cycles: 4 })),
    );
  });

  it('reads a plan by id on both spellings; anything else is 404', async () => {
    const one = await t.http.get('/billingplan/2').set(auth);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: 2, name: 'Quarterly' });
    expect((await t.http.get('/billingplans/2').set(auth)).body).toEqual(one.body);
    const missing = await t.http.get('/billingplan/99').set(auth);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(fail(404, 'Billing plan 99 was not found.'));
    expect((await t.http.get('/billingplans/Monthly').set(auth)).status).toBe(404);
    // An id beyond the integer range names no plan.
    expect((await t.http.get(`/billingplan/${2 ** 40}`).set(auth)).body).toEqual(fail(404, `Billing plan ${2 ** 40} was not found.`));
  });

  it('refuses invalid plans with field errors', async () => {
    const missing = await t.http.post('/billingplan').set(auth).send({});
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual(fail(422, { name: ['is required'], interval_unit: ['is required'] }));

    const bad = await t.http
      .post('/billingplan')
      .set(auth)
      .send({ name: '', interval_unit: 'fortnight', interval_count: 0, trial_days: -1, renewal_cycles: 0, price: 5 });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toEqual({
      name: ['must not be blank'],
      interval_unit: ['must be one of: day, week, month, year'],
      interval_count: ['must be at least 1'],
      trial_days: ['must be at least 0'],
      renewal_cycles: ['must be at least 1'],
      price: ['is not a known field'],
    });
    const big = await t.http
      .post('/billingplan')
      .set(auth)
      .send({ name: 'X', interval_unit: 'day', interval_count: 1.5, trial_days: 3651, renewal_cycles: 2147483648 });
    expect(big.body.error.message).toEqual({
      interval_count: ['must be an integer'],
      trial_days: ['must be at most 3650'],
      renewal_cycles: ['must be at most 2147483647'],
    });
  });

  it('updates a plan, leaving absent fields untouched; null renewal_cycles means unlimited', async () => {
    const patched = await t.http.patch('/billingplans/2').set(auth).send({ renewal_cycles: null, trial_days: 0 });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual(ok(200, plan({ id: 2, name: 'Quarterly', interval_unit: 'week', interval_count: 13 })));
    const nullUnit = await t.http.patch('/billingplan/2').set(auth).send({ interval_unit: null });
    expect(nullUnit.body).toEqual(fail(422, { interval_unit: ['must be one of: day, week, month, year'] }));

    const current = await t.http.get('/billingplan/2').set(auth);
    const stale = await t.http.patch('/billingplan/2').set(auth).set('If-Match', '"old"').send({ name: 'x' });
    expect(stale.status).toBe(412);
    const fresh = await t.http.patch('/billingplan/2').set(auth).set('If-Match', current.headers.etag).send({ name: 'Every quarter' });
    expect(fresh.body.data.name).toBe('Every quarter');
    expect((await t.http.patch('/billingplan/99').set(auth).send({ name: 'x' })).status).toBe(404);
  });

  it('lists plans sorted and paged', async () => {
    await t.http.post('/billingplan').set(auth).send({ name: 'Annual', interval_unit: 'year' });
    const page = await t.http.get('/billingplans?sort=name&limit=2&page=2').set(auth);
    expect(page.status).toBe(200);
    expect(page.body.data.map((p: { name: string }) => p.name)).toEqual(['Monthly']);
    expect(page.body.meta.pagination).toEqual({ total: 3, count: 1, limit: 2, page: 2, total_pages: 2, next_cursor: null });
    const bad = await t.http.get('/billingplans?sort=trial_days').set(auth);
    expect(bad.body).toEqual(fail(422, { sort: ['must be one of: id, name, created_at, updated_at'] }));
  });

  it('deletes a plan and answers with it', async () => {
    const before = await t.http.get('/billingplan/1').set(auth);
    const deleted = await t.http.delete('/billingplans/1').set(auth);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(ok(200, before.body.data));
    expect((await t.http.get('/billingplan/1').set(auth)).status).toBe(404);
  });

  it('enforces the billing_plans scopes', async () => {
    const reader = { Authorization: `Bearer ${await t.token(['billing_plans:read'])}` };
    expect((await t.http.get('/billingplans').set(reader)).status).toBe(200);
    const write = await t.http.patch('/billingplan/2').set(reader).send({ name: 'x' });
    expect(write.status).toBe(403);
    expect(write.body).toEqual(fail(403, 'The access token lacks the scope "billing_plans:write".'));
    const other = { Authorization: `Bearer ${await t.token(['coupons:read'])}` };
    expect((await t.http.get('/billingplan/2').set(other)).body).toEqual(
      fail(403, 'The access token lacks the scope "billing_plans:read".'),
    );
  });
});
