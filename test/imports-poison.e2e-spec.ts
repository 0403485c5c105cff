import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { eventually } from './support/eventually.js';
import { asText, ndjsonLines } from './support/ndjson.js';

const NDJSON = 'application/x-ndjson';
const MiB = 1024 * 1024;

type Result = { line: number; status: string; id: number | null; key: string | null; errors?: Record<string, string[]> };

/**
 * docs/api.md#bulk-import-and-export: one line fails alone whatever it holds (a NUL, a lone
 * surrogate, a 16 MiB key, JSON that is no object), chunks are bounded by bytes as well as lines, and
 * a chunk that keeps failing fails its lines after three attempts while the import goes on.
 */
describeE2E('imports: poison lines and chunks', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await bootTestApp('imports_poison', { IMPORT_CHUNK_LINES: '3', IMPORT_CHUNK_BYTES: String(8 * MiB) });
    auth = { Authorization: `Bearer ${await t.token()}` };
  }, 60_000);
  afterAll(() => t?.close());

  const upload = async (body: string) => {
    const res = await t.http.post('/imports?resource=products').set(auth).set('Content-Type', NDJSON).send(body);
    expect(res.status).toBe(202);
    return res.body.data as { id: number; lines: number };
  };
  const finished = (id: number) =>
    eventually(
      async () => {
        const res = await t.http.get(`/import/${id}`).set(auth);
        if (!['completed', 'failed', 'cancelled'].includes(res.body.data.status)) throw new Error(`still ${res.body.data.status}`);
        return res.body.data as Record<string, unknown>;
      },
      { timeoutMs: 60_000 },
    );
  const results = async (id: number) => {
    const res = await asText(t.http.get(`/import/${id}/results`).set(auth));
    expect(res.status).toBe(200);
    return ndjsonLines<Result>(res.body as string);
  };
  const ids = async (prefix: string) =>
    new Map(
      (await t.sql<{ id: number; sku: string }>(`SELECT id, sku FROM products WHERE sku LIKE $1`, [`${prefix}-%`])).map((r) => [
        r.sku,
        r.id,
      ]),
    );
  const product = (sku: string) => JSON.stringify({ sku, name: `Product ${sku}`, base_price: '1.00' });
  const UNSTORABLE = { line: ['holds a NUL character or a lone surrogate, which cannot be stored'] };

  it('fails each poison line alone, with a safe key, and applies the good ones around it', async () => {
    const lines = [
      product('P-1'),
      '{"sku": "P-\\u0000", "name": "Nul key", "base_price": "1.00"}',
      product('P-2'),
      '{"sku": "P-\\ud800", "name": "Lone surrogate key", "base_price": "1.00"}',
      '{"sku": "P-3", "name": "Nul \\u0000 in a name", "base_price": "1.00"}',
      '{"sku": "P-4", "na\\udc00me": "a lone surrogate in a field name", "base_price": "1.00"}',
      product('P-5'),
      '"just a string"',
      '[{"sku": "P-6"}]',
      '42',
      'null',
      JSON.stringify({ sku: `P-${'x'.repeat(300)}`, name: 'Long key', base_price: '1.00' }),
      product('P-7'),
    ];
    const job = await upload(`${lines.join('\n')}\n`);
    const done = await finished(job.id);
    expect(done).toMatchObject({ status: 'completed', lines: 13, processed: 13, created: 4, failed: 9, error: null });
    const skus = await ids('P');
    const objectNeeded = { line: ['must be a JSON object'] };
    expect(await results(job.id)).toEqual([
      { line: 1, status: 'created', id: skus.get('P-1'), key: 'P-1' },
      { line: 2, status: 'failed', id: null, key: null, errors: UNSTORABLE },
      { line: 3, status: 'created', id: skus.get('P-2'), key: 'P-2' },
      { line: 4, status: 'failed', id: null, key: null, errors: UNSTORABLE },
      { line: 5, status: 'failed', id: null, key: null, errors: UNSTORABLE },
      { line: 6, status: 'failed', id: null, key: null, errors: UNSTORABLE },
      { line: 7, status: 'created', id: skus.get('P-5'), key: 'P-5' },
      { line: 8, status: 'failed', id: null, key: null, errors: objectNeeded },
      { line: 9, status: 'failed', id: null, key: null, errors: objectNeeded },
      { line: 10, status: 'failed', id: null, key: null, errors: objectNeeded },
      { line: 11, status: 'failed', id: null, key: null, errors: objectNeeded },
      { line: 12, status: 'failed', id: null, key: null, errors: { sku: ['must be at most 64 characters'] } },
      { line: 13, status: 'created', id: skus.get('P-7'), key: 'P-7' },
    ]);
  }, 90_000);

  it('completes a file of 16 MiB lines, a chunk bounded by bytes, each big line failing alone with its exact result', async () => {
    const bigKey = JSON.stringify({ sku: 'B'.repeat(16 * MiB - 64), name: 'Big', base_price: '1.00' });
    const bigScalar = JSON.stringify('s'.repeat(16 * MiB - 64));
    const bigField = JSON.stringify({ sku: 'B-3', name: 'Big field', base_price: '1.00', extra: 'e'.repeat(16 * MiB - 100) });
    const lines = [product('B-1'), bigKey, bigScalar, bigKey, bigField, product('B-2')];
    const job = await upload(`${lines.join('\n')}\n`);
    const done = await finished(job.id);
    expect(done).toMatchObject({ status: 'completed', lines: 6, processed: 6, created: 2, failed: 4, error: null });
    const skus = await ids('B');
    const tooLong = { sku: ['must be at most 64 characters'] };
    expect(await results(job.id)).toEqual([
      { line: 1, status: 'created', id: skus.get('B-1'), key: 'B-1' },
      { line: 2, status: 'failed', id: null, key: null, errors: tooLong },
      { line: 3, status: 'failed', id: null, key: null, errors: { line: ['must be a JSON object'] } },
      { line: 4, status: 'failed', id: null, key: null, errors: tooLong },
      { line: 5, status: 'failed', id: null, key: 'B-3', errors: { extra: ['is not a known field'] } },
      { line: 6, status: 'created', id: skus.get('B-2'), key: 'B-2' },
    ]);
  }, 180_000);

  it('fails the lines of a chunk that fails three times, with the reason, and applies the chunks after it', async () => {
    await t.sql(
      `CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN IF NEW.sku = 'C-5' THEN RAISE EXCEPTION 'C-5 refused'; END IF; RETURN NEW; END $$`,
    );
    await t.sql('CREATE TRIGGER refuse_poison BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION refuse_poison()');
    try {
      // Chunks of 3 lines: 1-3, 4-6 (C-5 in it), 7-9.
      const job = await upload(`${Array.from({ length: 9 }, (_, i) => product(`C-${i + 1}`)).join('\n')}\n`);
      const done = await finished(job.id);
      expect(done).toMatchObject({ status: 'completed', lines: 9, processed: 9, created: 6, failed: 3, error: null });
      const skus = await ids('C');
      expect([...skus.keys()].sort()).toEqual(['C-1', 'C-2', 'C-3', 'C-7', 'C-8', 'C-9']);
      const reason = { line: ['could not be applied: C-5 refused'] };
      expect(await results(job.id)).toEqual([
        ...[1, 2, 3].map((n) => ({ line: n, status: 'created', id: skus.get(`C-${n}`), key: `C-${n}` })),
        ...[4, 5, 6].map((n) => ({ line: n, status: 'failed', id: null, key: null, errors: reason })),
        ...[7, 8, 9].map((n) => ({ line: n, status: 'created', id: skus.get(`C-${n}`), key: `C-${n}` })),
      ]);
      const [row] = await t.sql<{ chunk_attempts: number }>('SELECT chunk_attempts FROM imports WHERE id = $1', [job.id]);
      expect(row.chunk_attempts).toBe(0);
    } finally {
      await t.sql('DROP TRIGGER refuse_poison ON products');
      await t.sql('DROP FUNCTION refuse_poison()');
    }
  }, 90_000);
});
