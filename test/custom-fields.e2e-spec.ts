import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS } from './support/envelope.js';

describeE2E('custom field definitions', () => {
  let t: TestApp;
  let auth: { Authorization: string };

  beforeAll(async () => {
    t = await bootTestApp('custom_fields');
    auth = { Authorization: `Bearer ${await t.token(['custom_fields:read', 'custom_fields:write'])}` };
  });
  afterAll(() => t?.close());

  const colour = {
    id: 1,
    name: 'colour',
    label: 'Colour',
    entity: 'product',
    type: 'select',
    options: ['red', 'blue'],
    is_required: 0,
    default_value: 'red',
    description: null,
    sort_order: 0,
    created_at: TS,
    updated_at: TS,
  };

  it('creates a definition and reads it by name and by id, on both spellings', async () => {
    const res = await t.http
      .post('/customfielddefinitions')
      .set(auth)
      .send({ name: 'colour', label: 'Colour', entity: 'product', type: 'select', options: ['red', 'blue'], default_value: 'red' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ meta: { status: 201, success: true }, data: colour });
    for (const path of ['/customfielddefinitions/colour', '/customfielddefinition/colour', '/customfielddefinitions/1']) {
      const got = await t.http.get(path).set(auth);
      expect(got.status).toBe(200);
      expect(got.body.data).toEqual(colour);
    }
  });

  it('normalizes defaults by type and lists definitions', async () => {
    const res = await t.http.post('/customfielddefinition').set(auth).send({
      name: 'gift_wrap',
      label: 'Gift wrap',
      entity: 'cart',
      type: 'boolean',
      default_value: true,
      is_required: 1,
      sort_order: 5,
      description: 'Wrap it',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: 2,
      name: 'gift_wrap',
      label: 'Gift wrap',
      entity: 'cart',
      type: 'boolean',
      options: null,
      is_required: 1,
      default_value: '1',
      description: 'Wrap it',
      sort_order: 5,
      created_at: TS,
      updated_at: TS,
    });
    const list = await t.http.get('/customfielddefinitions?sort=sort_order&order=desc').set(auth);
    expect(list.body.data.map((d: { name: string }) => d.name)).toEqual(['gift_wrap', 'colour']);
    expect(list.body.meta.pagination).toEqual({ total: 2, count: 2, limit: 250, page: 1, total_pages: 1, next_cursor: null });
  });

  it.each([
    [
      { name: '9lives', label: 'L', entity: 'product', type: 'string' },
      { name: ['must start with a lower-case letter and hold only a-z, 0-9 and _ (at most 64)'] },
    ],
    [
      { name: 'a'.repeat(65), label: 'L', entity: 'product', type: 'string' },
      { name: ['must start with a lower-case letter and hold only a-z, 0-9 and _ (at most 64)'] },
    ],
    [{ name: 'size', label: 'Size', entity: 'product', type: 'select' }, { options: ['is required for a select field'] }],
    [{ name: 'size', label: 'Size', entity: 'product', type: 'select', options: [] }, { options: ['is required for a select field'] }],
    [{ name: 'size', label: 'Size', entity: 'product', type: 'select', options: ['S', 'S'] }, { options: ['must not repeat a value'] }],
    [
      { name: 'size', label: 'Size', entity: 'product', type: 'string', options: ['S'] },
      { options: ['is only allowed for a select field'] },
    ],
    [
      { name: 'size', label: 'Size', entity: 'product', type: 'select', options: ['S', 'M'], default_value: 'XL' },
      { default_value: ['must be one of: S, M'] },
    ],
    [{ name: 'qty', label: 'Qty', entity: 'order', type: 'integer', default_value: 'many' }, { default_value: ['must be an integer'] }],
    [
      { name: 'when', label: 'When', entity: 'customer', type: 'date', default_value: '2023-02-30' },
      { default_value: ['must be a date (YYYY-MM-DD)'] },
    ],
    [
      { name: 'x', label: 'X', entity: 'invoice', type: 'colour' },
      {
        entity: ['must be one of: product, customer, cart, order'],
        type: ['must be one of: string, text, integer, decimal, boolean, date, select'],
      },
    ],
    [{}, { name: ['is required'], label: ['is required'], entity: ['is required'], type: ['is required'] }],
    [{ name: 'colour', label: 'Again', entity: 'product', type: 'string' }, { name: ['is already in use'] }],
  ])('refuses %j with 422', async (body, message) => {
    const res = await t.http.post('/customfielddefinitions').set(auth).send(body);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ meta: { status: 422, success: false }, error: { message } });
  });

  it('validates a PATCH against the definition as it will be stored', async () => {
    const badDefault = await t.http
      .patch('/customfielddefinitions/colour')
      .set(auth)
      .send({ options: ['green'] });
    expect(badDefault.status).toBe(422);
    expect(badDefault.body.error.message).toEqual({ default_value: ['must be one of: green'] });

    const retype = await t.http.patch('/customfielddefinitions/colour').set(auth).send({ type: 'string' });
    expect(retype.status).toBe(200);
    expect(retype.body.data).toEqual({ ...colour, type: 'string', options: null, default_value: 'red' });

    const renamed = await t.http.patch('/customfielddefinitions/colour').set(auth).send({ name: 'color', default_value: null });
    expect(renamed.body.data).toEqual({ ...colour, name: 'color', type: 'string', options: null, default_value: null });
    expect((await t.http.get('/customfielddefinitions/colour').set(auth)).status).toBe(404);
  });

  it('deletes a definition and answers with it', async () => {
    const res = await t.http.delete('/customfielddefinitions/gift_wrap').set(auth);
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('gift_wrap');
    expect((await t.http.get('/customfielddefinitions/gift_wrap').set(auth)).status).toBe(404);
    expect((await t.http.delete('/customfielddefinitions/gift_wrap').set(auth)).status).toBe(404);
  });

  it('needs custom_fields scopes', async () => {
    const geo = { Authorization: `Bearer ${await t.token(['geography:*'])}` };
    const res = await t.http.get('/customfielddefinitions').set(geo);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('The access token lacks the scope "custom_fields:read".');
  });
});
