import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';
import { eventually } from './support/eventually.js';
import { asText, ndjsonLines } from './support/ndjson.js';

const NDJSON = 'application/x-ndjson';

/** Bulk NDJSON imports (docs/api.md#bulk-import-and-export) in the api (no Redis: the api runs them). */
describeE2E('bulk imports', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await bootTestApp('imports');
    auth = { Authorization: `Bearer ${await t.token()}` };
  });
  afterAll(() => t?.close());

  const upload = (resource: string, body: string, headers: Record<string, string> = auth, type = NDJSON) =>
    t.http.post(`/imports?resource=${resource}`).set(headers).set('Content-Type', type).send(body);

  const finished = (id: number) =>
    eventually(
      async () => {
        const res = await t.http.get(`/import/${id}`).set(auth);
        if (!['completed', 'failed', 'cancelled'].includes(res.body.data.status)) throw new Error(`still ${res.body.data.status}`);
        return res.body.data as Record<string, unknown>;
      },
      { timeoutMs: 20_000 },
    );

  const results = async (id: number) => {
    const res = await asText(t.http.get(`/import/${id}/results`).set(auth));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    return ndjsonLines(res.body as string);
  };

  it('applies each line on its own, in order, and reports every line', async () => {
    const category = (await t.http.post('/category').set(auth).send({ name: 'Tees' })).body.data.id as number;
    const lines = [
      JSON.stringify({ sku: 'TEE-1', name: 'Tee', base_price: '19.00', category_ids: [category] }),
      '',
      JSON.stringify({ sku: 'TEE-2', name: 'Tee 2', base_price: 'cheap' }),
      '{"sku": "TEE-3", ',
      '[1, 2]',
      '   ',
      JSON.stringify({ sku: 'TEE-1', name: 'Tee, renamed', base_price: '19.00', category_ids: [category] }),
      JSON.stringify({ sku: 'TEE-4', name: 'Tee 4', base_price: '5.00', category_ids: [999] }),
      JSON.stringify({
        sku: 'TEE-5',
        name: 'Tee 5',
        base_price: '9.00',
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { sku: 'TEE-5-S', options: { Size: 'S' } },
          { sku: 'TEE-5-M', options: { Size: 'M' }, price_tiers: [{ quantity: 10, price: '8.00' }] },
        ],
      }),
    ].join('\n');
    const res = await upload('products', lines);
    expect(res.status).toBe(202);
    expect(res.headers.location).toBe(`/import/${res.body.data.id}`);
    expect(res.body).toEqual(
      ok(202, {
        id: 1,
        resource: 'products',
        status: 'queued',
        lines: 7,
        processed: 0,
        created: 0,
        updated: 0,
        unchanged: 0,
        failed: 0,
        error: null,
        created_at: TS,
        started_at: null,
        finished_at: null,
        updated_at: TS,
      }),
    );
    const done = await finished(1);
    expect(done).toEqual({
      id: 1,
      resource: 'products',
      status: 'completed',
      lines: 7,
      processed: 7,
      created: 2,
      updated: 1,
      unchanged: 0,
      failed: 4,
      error: null,
      created_at: TS,
      started_at: TS,
      finished_at: TS,
      updated_at: TS,
    });
    const [tee1, tee5] = (await t.sql<{ id: number; sku: string }>(`SELECT id, sku FROM products ORDER BY id`)).map((r) => r.id);
    expect(await results(1)).toEqual([
      { line: 1, status: 'created', id: tee1, key: 'TEE-1' },
      {
        line: 3,
        status: 'failed',
        id: null,
        key: 'TEE-2',
        errors: { base_price: ['must be a decimal number from 0 to 9999999999.99 with at most 2 decimals'] },
      },
      { line: 4, status: 'failed', id: null, key: null, errors: { line: ['is not JSON'] } },
      { line: 5, status: 'failed', id: null, key: null, errors: { line: ['must be a JSON object'] } },
      { line: 7, status: 'updated', id: tee1, key: 'TEE-1' },
      { line: 8, status: 'failed', id: null, key: 'TEE-4', errors: { 'category_ids.0': ['does not exist'] } },
      { line: 9, status: 'created', id: tee5, key: 'TEE-5' },
    ]);
    const product = (await t.http.get('/product/TEE-1').set(auth)).body.data;
    expect(product.name).toBe('Tee, renamed');
    const variants = (await t.http.get('/product/TEE-5/variants').set(auth)).body.data as { sku: string }[];
    expect(variants.map((v) => v.sku)).toEqual(['TEE-5-S', 'TEE-5-M']);
    const events = await t.sql<{ type: string; resource: string; resource_id: number }>(
      `SELECT type, resource, resource_id::int AS resource_id FROM events WHERE type LIKE 'import.%' OR type LIKE 'product.%' ORDER BY id`,
    );
    // A line records what the same member of PUT /products records: its product's event, then those
    // of the parts it created (TEE-1's category link, TEE-5's option, its two variants and the price
    // tier of TEE-5-M).
    const [option] = (await t.http.get('/product/TEE-5/options').set(auth)).body.data as { id: number }[];
    const [small, medium] = variants as unknown as { id: number }[];
    const [tier] = (await t.http.get('/variant/TEE-5-M/pricetiers').set(auth)).body.data as { id: number }[];
    expect(events).toEqual([
      { type: 'product.created', resource: 'product', resource_id: tee1 },
      { type: 'product.category.created', resource: 'product.category', resource_id: tee1 },
      { type: 'product.updated', resource: 'product', resource_id: tee1 },
      { type: 'product.created', resource: 'product', resource_id: tee5 },
      { type: 'product.option.created', resource: 'product.option', resource_id: option.id },
      { type: 'product.variant.created', resource: 'product.variant', resource_id: small.id },
      { type: 'product.variant.created', resource: 'product.variant', resource_id: medium.id },
      { type: 'product.variant.pricetier.created', resource: 'product.variant.pricetier', resource_id: tier.id },
      { type: 'import.completed', resource: 'product.import', resource_id: 1 },
    ]);
  });

  it('fails a line whose keys are prototype names like any unknown field, and takes no embed', async () => {
    const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
    const res = await upload('countries', names.map((n) => `{"code":"ZZ","name":"Zed",${JSON.stringify(n)}:1}`).join('\n'));
    const done = await finished(res.body.data.id as number);
    expect([done.failed, done.created]).toEqual([4, 0]);
    expect((await results(res.body.data.id as number)).map((r) => r.errors)).toEqual(names.map((n) => ({ [n]: ['is not a known field'] })));
    expect((await t.http.get('/imports?embed=constructor').set(auth)).body).toEqual(
      fail(422, { embed: ['unknown "constructor"; allowed: none'] }),
    );
  });

  it('refuses what is not an upload it can take, keeping nothing', async () => {
    expect((await upload('products', '{"sku":"X"}', auth, 'application/json')).body).toEqual(
      fail(415, 'The request body must be sent with Content-Type: application/x-ndjson or application/jsonl.'),
    );
    expect((await upload('orders', '{"sku":"X"}')).body).toEqual(
      fail(422, {
        resource: [
          'must be one of: products, customers, customergroups, coupons, countries, customfielddefinitions, categories, producttypes',
        ],
      }),
    );
    expect((await upload('products', '\n  \n')).body).toEqual(
      fail(422, { body: ['must hold at least one line (one JSON object per line)'] }),
    );
    const customersOnly = { Authorization: `Bearer ${await t.token(['customers:*'])}` };
    expect((await upload('products', '{"sku":"X"}', customersOnly)).body).toEqual(
      fail(403, 'The access token lacks the scope "catalog:write".'),
    );
    expect((await t.sql(`SELECT count(*)::int AS n FROM imports`))[0]).toEqual({ n: 2 });
  });

  it('imports customers by e-mail and answers 409 to a cancel once finished', async () => {
    const res = await upload(
      'customers',
      [{ email: 'ada@example.com', first_name: 'Ada' }, { email: 'ADA@example.com', first_name: 'Ada L.' }, { email: 'nope' }]
        .map((c) => JSON.stringify(c))
        .join('\n') + '\n',
      auth,
      'application/jsonl',
    );
    expect(res.status).toBe(202);
    const id = res.body.data.id as number;
    const done = await finished(id);
    expect([done.created, done.updated, done.failed]).toEqual([1, 1, 1]);
    const rows = await results(id);
    expect(rows.map((r) => [r.line, r.status, r.key])).toEqual([
      [1, 'created', 'ada@example.com'],
      [2, 'updated', 'ADA@example.com'],
      [3, 'failed', 'nope'],
    ]);
    expect((await t.http.post(`/import/${id}/cancel`).set(auth)).body).toEqual(
      fail(409, `Import ${id} is completed; only a queued or running import can be cancelled.`),
    );
    const list = await t.http.get('/imports').set(auth);
    expect(list.body.data.map((i: { id: number }) => i.id)).toEqual([id, 2, 1]);
    const customersOnly = { Authorization: `Bearer ${await t.token(['customers:read'])}` };
    expect((await t.http.get('/imports').set(customersOnly)).body.data.map((i: { id: number }) => i.id)).toEqual([id]);
    expect((await t.http.get('/import/1').set(customersOnly)).body).toEqual(fail(403, 'The access token lacks the scope "catalog:read".'));
    expect((await t.http.get('/import/999').set(auth)).body).toEqual(fail(404, 'Import 999 was not found.'));
  });
  it('fails a line whose key is null or missing, and creates nothing for it', async () => {
    const lines = [
      { sku: null, name: 'Null key', base_price: '1.00' },
      { name: 'No key', base_price: '1.00' },
    ].map((l) => JSON.stringify(l));
    const res = await upload('products', lines.join('\n'));
    const done = await finished(res.body.data.id as number);
    expect([done.status, done.created, done.failed]).toEqual(['completed', 0, 2]);
    expect(await results(res.body.data.id as number)).toEqual([
      { line: 1, status: 'failed', id: null, key: null, errors: { sku: ['is required'] } },
      { line: 2, status: 'failed', id: null, key: null, errors: { sku: ['is required'] } },
    ]);
  });

  it('ignores a UTF-8 byte-order mark before the first line', async () => {
    const lines = [
      '\uFEFF' + JSON.stringify({ sku: 'BOM-1', name: 'Marked', base_price: '1.00' }),
      JSON.stringify({ sku: 'BOM-2', name: 'Plain', base_price: '2.00' }),
    ];
    const res = await upload('products', `${lines.join('\n')}\n`);
    expect(res.status).toBe(202);
    const done = await finished(res.body.data.id as number);
    expect([done.status, done.created, done.failed]).toEqual(['completed', 2, 0]);
    expect((await results(res.body.data.id as number)).map((r) => [r.line, r.status, r.key])).toEqual([
      [1, 'created', 'BOM-1'],
      [2, 'created', 'BOM-2'],
    ]);
  });
});
