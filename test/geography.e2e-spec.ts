import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS } from './support/envelope.js';

describeE2E('countries and states', () => {
  let t: TestApp;
  let auth: { Authorization: string };

  beforeAll(async () => {
    t = await bootTestApp('geography');
    auth = { Authorization: `Bearer ${await t.token()}` };
  });
  afterAll(() => t?.close());

  const country = (id: number, name: string, code: string, code_3: string | null, enabled = 1) => ({
    id,
    name,
    code,
    code_3,
    enabled,
    created_at: TS,
    updated_at: TS,
  });

  it('creates a country with POST /country and POST /countries, reading it by id and by code', async () => {
    const created = await t.http.post('/country').set(auth).send({ name: 'Canada', code: 'ca', code_3: 'can' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ meta: { status: 201, success: true }, data: country(1, 'Canada', 'CA', 'CAN') });
    expect(created.body.data.updated_at).toBe(created.body.data.created_at);

    const plural = await t.http.post('/countries').set(auth).send({ name: 'Mexico', code: 'MX', enabled: false });
    expect(plural.status).toBe(201);
    expect(plural.body.data).toEqual(country(2, 'Mexico', 'MX', null, 0));

    for (const path of ['/country/1', '/countries/1', '/country/CA', '/countries/ca']) {
      const res = await t.http.get(path).set(auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ meta: { status: 200, success: true }, data: created.body.data });
    }
  });

  it('refuses a duplicate code with 422 "is already in use", and invalid fields with their paths', async () => {
    const dup = await t.http.post('/country').set(auth).send({ name: 'Canada again', code: 'CA' });
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({ meta: { status: 422, success: false }, error: { message: { code: ['is already in use'] } } });

    const bad = await t.http.post('/country').set(auth).send({ code: 'CAN', code_3: 7, enabled: 'yes', planet: 'earth' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.message).toEqual({
      name: ['is required'],
      code: ['must be an ISO 3166-1 alpha-2 code (two letters)'],
      code_3: ['must be an ISO 3166-1 alpha-3 code (three letters)'],
      enabled: ['must be a boolean or 0/1'],
      planet: ['is not a known field'],
    });

    const blank = await t.http.post('/country').set(auth).send({ name: '   ', code: 'BR' });
    expect(blank.body.error.message).toEqual({ name: ['must not be blank'] });

    const nullName = await t.http.patch('/country/CA').set(auth).send({ name: null });
    expect(nullName.status).toBe(422);
    expect(nullName.body.error.message).toEqual({ name: ['must be a string'] });
  });

  it('updates a country with PATCH, leaving absent fields untouched', async () => {
    const res = await t.http.patch('/countries/MX').set(auth).send({ enabled: 1, code_3: 'mex' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(country(2, 'Mexico', 'MX', 'MEX', 1));
    const cleared = await t.http.patch('/country/2').set(auth).send({ code_3: null });
    expect(cleared.body.data).toEqual(country(2, 'Mexico', 'MX', null, 1));
  });

  it('creates states with POST /country/{id}, lists, reads, updates and deletes them on every spelling', async () => {
    const on = await t.http.post('/country/CA').set(auth).send({ name: 'Ontario', code: 'on' });
    expect(on.status).toBe(201);
    expect(on.body.data).toEqual({ id: 1, country_id: 1, name: 'Ontario', code: 'ON', enabled: 1, created_at: TS, updated_at: TS });
    const qc = await t.http.post('/countries/1').set(auth).send({ name: 'Quebec', code: 'QC' });
    expect(qc.status).toBe(201);

    const dup = await t.http.post('/country/1').set(auth).send({ name: 'Ontario', code: 'ON' });
    expect(dup.status).toBe(422);
    expect(dup.body.error.message).toEqual({ code: ['is already in use'] });
    // The same code in another country is fine: codes are unique within a country.
    expect((await t.http.post('/country/MX').set(auth).send({ name: 'Oaxaca', code: 'ON' })).status).toBe(201);

    const list = await t.http.get('/countries/CA/states').set(auth);
    expect(list.status).toBe(200);
    expect(list.body.meta).toEqual({
      status: 200,
      success: true,
      pagination: { total: 2, count: 2, limit: 250, page: 1, total_pages: 1, next_cursor: null },
    });
    expect(list.body.data.map((s: { code: string }) => s.code)).toEqual(['ON', 'QC']);

    for (const path of ['/countries/1/state/1', '/country/CA/state/ON', '/countries/ca/states/on', '/country/1/states/1']) {
      const res = await t.http.get(path).set(auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(on.body.data);
    }
    // A state of another country is not found under this one.
    expect((await t.http.get('/countries/MX/state/1').set(auth)).status).toBe(404);

    const patched = await t.http.patch('/countries/CA/state/QC').set(auth).send({ name: 'Québec', enabled: 0 });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toEqual({ id: 2, country_id: 1, name: 'Québec', code: 'QC', enabled: 0, created_at: TS, updated_at: TS });

    const deleted = await t.http.delete('/country/CA/states/QC').set(auth);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual(patched.body.data);
    expect((await t.http.get('/countries/CA/state/QC').set(auth)).status).toBe(404);
  });

  it('embeds states on the list and on one country, in one query for the whole page', async () => {
    const one = await t.http.get('/country/CA?embed=states').set(auth);
    expect(one.body.data.states).toEqual({ data: [expect.objectContaining({ code: 'ON', country_id: 1 })] });
    const list = await t.http.get('/countries?embed=states').set(auth);
    expect(list.body.data.map((c: { code: string; states: { data: unknown[] } }) => [c.code, c.states.data.length])).toEqual([
      ['CA', 1],
      ['MX', 1],
    ]);
    const plain = await t.http.get('/countries').set(auth);
    expect(plain.body.data[0]).not.toHaveProperty('states');
  });

  it('answers 404 for unknown countries, whatever the identifier looks like', async () => {
    for (const path of ['/country/999', '/country/ZZ', '/country/99999999999999999999', '/countries/%20']) {
      const res = await t.http.get(path).set(auth);
      expect(res.status).toBe(404);
      expect(res.body.meta).toEqual({ status: 404, success: false });
      expect(typeof res.body.error.message).toBe('string');
    }
    expect((await t.http.get('/countries/ZZ/states').set(auth)).status).toBe(404);
    expect((await t.http.post('/country/ZZ').set(auth).send({ name: 'X', code: 'X' })).status).toBe(404);
  });

  it('deletes a country with its states and answers with the deleted country', async () => {
    const res = await t.http.delete('/countries/MX').set(auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(country(2, 'Mexico', 'MX', null, 1));
    expect(await t.sql('SELECT id FROM states WHERE country_id = 2')).toEqual([]);
    expect((await t.http.get('/country/MX').set(auth)).status).toBe(404);
  });
});
