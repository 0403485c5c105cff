import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';

describeE2E('coupons', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await bootTestApp('coupons');
    auth = { Authorization: `Bearer ${await t.token()}` };
  });
  afterAll(() => t?.close());

  const coupon = (over: Record<string, unknown>) => ({
    name: null,
    is_active: 1,
    starts_at: null,
    ends_at: null,
    created_at: TS,
    updated_at: TS,
    ...over,
  });

  it('creates coupons on both spellings; discount_value is a two-decimal string', async () => {
    const pct = await t.http.post('/coupon').set(auth).send({ code: 'Welcome10', discount_type: 'percentage', discount_value: 10 });
    expect(pct.status).toBe(201);
    expect(pct.body).toEqual(ok(201, coupon({ id: 1, code: 'Welcome10', discount_type: 'percentage', discount_value: '10.00' })));

    const fixed = await t.http.post('/coupons').set(auth).send({
      code: 'FIVE-OFF_2',
      name: 'Five off',
      discount_type: 'fixed_amount',
      discount_value: '5.5',
      is_active: 0,
      starts_at: '2025-01-01 00:00:00',
      ends_at: '2025-02-01T09:30:00+02:00',
    });
    expect(fixed.status).toBe(201);
    expect(fixed.body).toEqual(
      ok(
        201,
        coupon({
          id: 2,
          code: 'FIVE-OFF_2',
          name: 'Five off',
          discount_type: 'fixed_amount',
          discount_value: '5.50',
          is_active: 0,
          starts_at: '2025-01-01 00:00:00',
          ends_at: '2025-02-01 07:30:00',
        }),
      ),
    );
  });

  it('reads a coupon by id or by code in any case, on both spellings', async () => {
    const byId = await t.http.get('/coupon/1').set(auth);
    expect(byId.status).toBe(200);
    for (const path of ['/coupon/WELCOME10', '/coupons/welcome10', '/coupons/1']) {
      expect((await t.http.get(path).set(auth)).body).toEqual(byId.body);
    }
    const numeric = await t.http.post('/coupon').set(auth).send({ code: '2024', discount_type: 'fixed_amount', discount_value: '1.00' });
    expect(numeric.status).toBe(201);
    expect((await t.http.get('/coupon/2024').set(auth)).body.data.id).toBe(numeric.body.data.id);
    // A digit segment that is an id wins over a code.
    expect((await t.http.get('/coupon/2').set(auth)).body.data.code).toBe('FIVE-OFF_2');

    const missing = await t.http.get('/coupon/nothing').set(auth);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(fail(404, 'Coupon nothing was not found.'));
    expect((await t.http.get('/coupons/9999').set(auth)).status).toBe(404);
  });

  it('refuses invalid coupons with field errors', async () => {
    const missing = await t.http.post('/coupon').set(auth).send({});
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual(fail(422, { code: ['is required'], discount_type: ['is required'], discount_value: ['is required'] }));

    const bad = await t.http
      .post('/coupon')
      .set(auth)
      .send({ code: 'no spaces', discount_type: 'bogo', discount_value: '-1', starts_at: 'soon', percent: 5 });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toEqual({
      code: ['must be 1 to 64 letters, digits, _ or -'],
      discount_type: ['must be one of: percentage, fixed_amount'],
      discount_value: ['must be a decimal number from 0 to 9999999999 with at most 2 decimals'],
      starts_at: ['must be a timestamp (YYYY-MM-DD HH:MM:SS or ISO 8601 with offset)'],
      percent: ['is not a known field'],
    });
    const places = await t.http.post('/coupon').set(auth).send({ code: 'X1', discount_type: 'fixed_amount', discount_value: '1.005' });
    expect(places.body.error.message).toEqual({
      discount_value: ['must be a decimal number from 0 to 9999999999 with at most 2 decimals'],
    });

    const over = await t.http.post('/coupon').set(auth).send({ code: 'X2', discount_type: 'percentage', discount_value: '100.01' });
    expect(over.status).toBe(422);
    expect(over.body).toEqual(fail(422, { discount_value: ['must be at most 100 for a percentage coupon'] }));
    const fullOff = await t.http.post('/coupon').set(auth).send({ code: 'FREE', discount_type: 'percentage', discount_value: 100 });
    expect(fullOff.status).toBe(201);

    const backwards = await t.http.post('/coupon').set(auth).send({
      code: 'X3',
      discount_type: 'fixed_amount',
      discount_value: 1,
      starts_at: '2025-03-01 00:00:00',
      ends_at: '2025-02-01 00:00:00',
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body).toEqual(fail(422, { ends_at: ['must be after starts_at'] }));

    const duplicate = await t.http.post('/coupon').set(auth).send({ code: 'WELCOME10', discount_type: 'percentage', discount_value: 5 });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body).toEqual(fail(422, { code: ['is already in use'] }));
    expect(await t.sql("SELECT code FROM coupons WHERE code LIKE 'X%'")).toEqual([]);
  });

  it('checks PATCH against the merged coupon', async () => {
    const overPct = await t.http.patch('/coupon/FIVE-OFF_2').set(auth).send({ discount_type: 'percentage', discount_value: 150 });
    expect(overPct.status).toBe(422);
    expect(overPct.body).toEqual(fail(422, { discount_value: ['must be at most 100 for a percentage coupon'] }));
    const typeOnly = await t.http.patch('/coupon/2').set(auth).send({ discount_value: '250.00' });
    expect(typeOnly.status).toBe(200);
    const switchType = await t.http.patch('/coupon/2').set(auth).send({ discount_type: 'percentage' });
    expect(switchType.body).toEqual(fail(422, { discount_value: ['must be at most 100 for a percentage coupon'] }));

    const endsBefore = await t.http.patch('/coupons/five-off_2').set(auth).send({ ends_at: '2024-12-31 23:59:59' });
    expect(endsBefore.status).toBe(422);
    expect(endsBefore.body).toEqual(fail(422, { ends_at: ['must be after starts_at'] }));
    const startsAfter = await t.http.patch('/coupon/2').set(auth).send({ starts_at: '2025-06-01 00:00:00' });
    expect(startsAfter.body).toEqual(fail(422, { ends_at: ['must be after starts_at'] }));

    const patched = await t.http
      .patch('/coupon/five-off_2')
      .set(auth)
      .send({ name: null, is_active: true, ends_at: null, discount_value: 7 });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual(
      ok(
        200,
        coupon({
          id: 2,
          code: 'FIVE-OFF_2',
          discount_type: 'fixed_amount',
          discount_value: '7.00',
          starts_at: '2025-01-01 00:00:00',
        }),
      ),
    );

    const taken = await t.http.patch('/coupon/2').set(auth).send({ code: 'welcome10' });
    expect(taken.body).toEqual(fail(422, { code: ['is already in use'] }));
    const recase = await t.http.patch('/coupon/1').set(auth).send({ code: 'WELCOME10' });
    expect(recase.body.data.code).toBe('WELCOME10');

    const stale = await t.http.patch('/coupon/1').set(auth).set('If-Match', '"nope"').send({ name: 'x' });
    expect(stale.status).toBe(412);
    expect((await t.http.patch('/coupon/nothing').set(auth).send({ name: 'x' })).status).toBe(404);
  });

  it('lists coupons sorted and paged', async () => {
    const page = await t.http.get('/coupons?sort=code&order=asc&limit=2').set(auth);
    expect(page.status).toBe(200);
    expect(page.body.data.map((c: { code: string }) => c.code)).toEqual(['2024', 'FIVE-OFF_2']);
    expect(page.body.meta.pagination).toEqual({ total: 4, count: 2, limit: 2, page: 1, total_pages: 2, next_cursor: null });
    const byEnd = await t.http.get('/coupons?sort=ends_at&order=DESC').set(auth);
    expect(byEnd.status).toBe(200);
    const bad = await t.http.get('/coupons?sort=name').set(auth);
    expect(bad.body).toEqual(fail(422, { sort: ['must be one of: id, code, created_at, updated_at, ends_at'] }));
    expect((await t.http.get('/coupons?embed=codes').set(auth)).body).toEqual(fail(422, { embed: ['unknown "codes"; allowed: none'] }));
  });

  it('finds a coupon by its code in any case', async () => {
    expect((await t.http.get('/coupon/welcome10').set(auth)).body.data.id).toBe(1);
    expect((await t.http.get('/coupon/Five-Off_2').set(auth)).body.data.id).toBe(2);
    expect((await t.http.get('/coupon/missing').set(auth)).status).toBe(404);
  });

  it('deletes a coupon and answers with it', async () => {
    const before = await t.http.get('/coupon/2024').set(auth);
    const deleted = await t.http.delete('/coupons/2024').set(auth);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual(ok(200, before.body.data));
    expect((await t.http.get('/coupon/2024').set(auth)).status).toBe(404);
    expect((await t.http.delete('/coupon/2024').set(auth)).status).toBe(404);
  });

  it('enforces the coupons scopes', async () => {
    const reader = { Authorization: `Bearer ${await t.token(['coupons:read'])}` };
    expect((await t.http.get('/coupons').set(reader)).status).toBe(200);
    const write = await t.http.post('/coupon').set(reader).send({ code: 'R', discount_type: 'fixed_amount', discount_value: 1 });
    expect(write.status).toBe(403);
    expect(write.body).toEqual(fail(403, 'The access token lacks the scope "coupons:write".'));
    expect((await t.http.delete('/coupon/1').set(reader)).status).toBe(403);

    const customersOnly = { Authorization: `Bearer ${await t.token(['customers:read', 'customers:write'])}` };
    const res = await t.http.get('/coupon/1').set(customersOnly);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(fail(403, 'The access token lacks the scope "coupons:read".'));
  });

  it('keeps four digits of a year before 1000 and refuses an instant outside years 0001 to 9999', async () => {
    const early = await t.http.post('/coupon').set(auth).send({
      code: 'EARLY-404',
      discount_type: 'percentage',
      discount_value: 5,
      starts_at: '0001-01-01 00:00:00',
      ends_at: '0404-02-29 00:00:01',
    });
    expect(early.status).toBe(201);
    expect([early.body.data.starts_at, early.body.data.ends_at]).toEqual(['0001-01-01 00:00:00', '0404-02-29 00:00:01']);
    const read = await t.http.get('/coupon/EARLY-404').set(auth);
    expect([read.body.data.starts_at, read.body.data.ends_at]).toEqual(['0001-01-01 00:00:00', '0404-02-29 00:00:01']);
    for (const ends_at of [
      '0000-01-01 00:00:00',
      '0001-01-01T00:00:00+01:00',
      '9999-12-31T23:30:00-01:00',
      '10000-01-01 00:00:00',
      '-0001-01-01 00:00:00',
    ]) {
      const res = await t.http.post('/coupon').set(auth).send({ code: 'EARLY-0', discount_type: 'percentage', discount_value: 5, ends_at });
      expect({ ends_at, status: res.status, fields: Object.keys(res.body.error?.message ?? {}) }).toEqual({
        ends_at,
        status: 422,
        fields: ['ends_at'],
      });
    }
  });
});
