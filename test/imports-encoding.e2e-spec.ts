import net from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail } from './support/envelope.js';
import { eventually } from './support/eventually.js';
import { asText, ndjsonLines } from './support/ndjson.js';

const NDJSON = 'application/x-ndjson';
/** Small enough that a compressed upload can decompress past it. */
const MAX_BYTES = 4096;

/**
 * An import's upload as it travels (docs/api.md#bulk-import-and-export, POST /imports): compressed with gzip, deflate or
 * br (`Content-Encoding`, undone as it is read, IMPORT_MAX_BYTES counting the decoded bytes), in
 * UTF-8 only; what cannot be taken is refused in the envelope and keeps nothing.
 */
describeE2E('bulk import uploads: Content-Encoding and charset', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await bootTestApp('imports_encoding', { IMPORT_MAX_BYTES: String(MAX_BYTES) });
    auth = { Authorization: `Bearer ${await t.token()}` };
  });
  afterAll(() => t?.close());

  const upload = (body: Buffer | string, headers: Record<string, string>) =>
    t.http
      .post('/imports?resource=products')
      .set(auth)
      .set({ 'Content-Type': NDJSON, ...headers })
      .send(body);

  const imports = async () => (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM imports`))[0].n;

  const finished = (id: number) =>
    eventually(
      async () => {
        const res = await t.http.get(`/import/${id}`).set(auth);
        if (res.body.data.status !== 'completed') throw new Error(`still ${res.body.data.status}`);
        return res.body.data as Record<string, unknown>;
      },
      { timeoutMs: 20_000 },
    );

  /** The import once completed, as GET /import/{id} shows it. */
  const completed = (id: number, lines: number, created: number) => ({
    id,
    resource: 'products',
    status: 'completed',
    lines,
    processed: lines,
    created,
    updated: 0,
    unchanged: 0,
    failed: lines - created,
    error: null,
    created_at: TS,
    started_at: TS,
    finished_at: TS,
    updated_at: TS,
  });

  const line = (sku: string) => `${JSON.stringify({ sku, name: `Packed ${sku}`, base_price: '2.00' })}\n`;

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)('takes an upload compressed with %s and applies its lines', async (encoding, pack) => {
    const skus = [`${encoding}-1`, `${encoding}-2`];
    const res = await upload(pack(Buffer.from(`${line(skus[0])}\n${line(skus[1])}`)), { 'Content-Encoding': encoding });
    expect(res.status).toBe(202);
    const id = res.body.data.id as number;
    expect(await finished(id)).toEqual(completed(id, 2, 2));
    const ids = (await t.sql<{ id: number }>(`SELECT id FROM products WHERE sku = ANY($1) ORDER BY id`, [skus])).map((r) => r.id);
    const results = await asText(t.http.get(`/import/${id}/results`).set(auth));
    expect(ndjsonLines(results.body as string)).toEqual([
      { line: 1, status: 'created', id: ids[0], key: skus[0] },
      { line: 3, status: 'created', id: ids[1], key: skus[1] },
    ]);
  });

  it('counts IMPORT_MAX_BYTES in decoded bytes: a small gzip that inflates past it is 413, keeping nothing', async () => {
    const before = await imports();
    const bomb = gzipSync(Buffer.from(line('bomb').repeat(200)));
    expect(bomb.length).toBeLessThan(MAX_BYTES);
    expect((await upload(bomb, { 'Content-Encoding': 'gzip' })).body).toEqual(
      fail(413, `The request body is larger than ${MAX_BYTES} bytes.`),
    );
    expect((await upload(line('plain').repeat(100), {})).body).toEqual(fail(413, `The request body is larger than ${MAX_BYTES} bytes.`));
    expect(await imports()).toBe(before);
  });

  it('answers 400 to bytes that do not decode as their Content-Encoding says, keeping nothing', async () => {
    const before = await imports();
    const packed = gzipSync(Buffer.from(line('cut')));
    expect((await upload(Buffer.from(line('not-packed')), { 'Content-Encoding': 'gzip' })).body).toEqual(
      fail(400, 'The request body could not be decoded as gzip (incorrect header check).'),
    );
    expect((await upload(packed.subarray(0, packed.length - 8), { 'Content-Encoding': 'gzip' })).body).toEqual(
      fail(400, 'The request body could not be decoded as gzip (unexpected end of file).'),
    );
    expect((await upload(Buffer.from('plain text, not brotli'), { 'Content-Encoding': 'br' })).body).toEqual(
      fail(400, 'The request body could not be decoded as br (Decompression failed).'),
    );
    expect(await imports()).toBe(before);
  });

  it('refuses another Content-Encoding or a charset other than UTF-8 with 415, and takes identity and utf-8', async () => {
    const before = await imports();
    expect((await upload(line('zstd'), { 'Content-Encoding': 'zstd' })).body).toEqual(
      fail(415, 'The request body\'s Content-Encoding must be gzip, deflate or br (or none), not "zstd".'),
    );
    expect((await upload(gzipSync(gzipSync(line('twice'))), { 'Content-Encoding': 'gzip, gzip' })).body).toEqual(
      fail(415, 'The request body\'s Content-Encoding must be gzip, deflate or br (or none), not "gzip, gzip".'),
    );
    expect((await upload(line('utf16'), { 'Content-Type': `${NDJSON}; charset=utf-16` })).body).toEqual(
      fail(415, 'The request body must be UTF-8 text.'),
    );
    expect((await upload(line('latin1'), { 'Content-Type': `${NDJSON}; charset=ISO-8859-1` })).body).toEqual(
      fail(415, 'The request body must be UTF-8 text.'),
    );
    expect(await imports()).toBe(before);
    const res = await upload(line('utf8'), { 'Content-Type': `${NDJSON}; charset=UTF-8`, 'Content-Encoding': 'identity' });
    expect(res.status).toBe(202);
    const id = res.body.data.id as number;
    expect(await finished(id)).toEqual(completed(id, 1, 1));
  });

  it('lets go of a compressed upload whose client breaks off: nothing kept, no connection held', async () => {
    const before = await imports();
    const server = t.app.getHttpServer() as import('node:http').Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const packed = gzipSync(Buffer.from(line('broken-off').repeat(20)));
    const half = packed.subarray(0, packed.length >> 1);
    const token = auth.Authorization;
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /imports?resource=products HTTP/1.1\r\nHost: x\r\nAuthorization: ${token}\r\nContent-Type: ${NDJSON}\r\n` +
            `Content-Encoding: gzip\r\nContent-Length: ${packed.length}\r\n\r\n`,
        );
        // Half the body, then the connection goes: the upload's transaction has begun by then.
        socket.write(half, () => setTimeout(() => socket.destroy(), 200));
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    // The upload's transaction ends (rolled back) rather than waiting for bytes that never come.
    await eventually(
      async () => {
        const open = await t.sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'`,
        );
        if (open[0].n !== 0) throw new Error(`${open[0].n} sessions idle in a transaction`);
      },
      { timeoutMs: 10_000 },
    );
    expect(await imports()).toBe(before);
    const res = await upload(gzipSync(line('after-break')), { 'Content-Encoding': 'gzip' });
    expect(res.status).toBe(202);
  });
});
