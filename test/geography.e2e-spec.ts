import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

describeE2E('countries and states', () => {
  let t: TestApp;
  let token: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await bootTestApp('geography');
    token = await t.token();
  });
  afterAll(() => t?.close());

  it('creates a country and reads it by id and by code', async () => {
    const created = await t.http.post('/country').set(auth()).send({ name: 'Canada', code: 'ca', code_3: 'can' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      meta: { status: 201, success: true },
      data: {
        id: 1,
        name: 'Canada',
        code: 'CA',
        code_3: 'CAN',
        enabled: 1,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        updated_at: created.body.data.created_at,
      },
    });
    const byCode = await t.http.get('/countries/ca').set(auth());
    expect(byCode.status).toBe(200);
    expect(byCode.body.data).toEqual(created.body.data);
    const byId = await t.http.get('/country/1').set(auth());
    expect(byId.body).toEqual({ meta: { status: 200, success: true }, data: created.body.data });
  });
});
