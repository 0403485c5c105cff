import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { fail } from './support/envelope.js';

const LACKS_QUOTES_WRITE = fail(403, 'The access token lacks the scope "quotes:write".');

/**
 * The order in which a request is refused (docs/api.md#order-of-refusals): 401 token, then
 * 404/405, then 403 scope, then 413/415/400 body, then Idempotency-Key, then 422 fields. Whatever
 * else is wrong with a request, the first of these answers, and nothing is stored for it.
 */
describeE2E('Order of refusals', () => {
  let t: TestApp;
  let all: string;
  let reader: string;

  beforeAll(async () => {
    t = await bootTestApp('refusal_order');
    all = await t.token();
    reader = await t.token(['quotes:read']);
  });
  afterAll(() => t?.close());

  const raw = (method: string, path: string, bearer: string | null, headers: Record<string, string> = {}, body?: string) =>
    fetchApp(t, method, path, { ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}), ...headers }, body);

  it('401 comes first: an unknown path, a wrong method or a bad body without a valid token', async () => {
    const unauthorized = fail(401, 'The access token is not valid.');
    expect(await raw('GET', '/nowhere', null)).toEqual([401, unauthorized]);
    expect(await raw('PUT', '/quote/1', 'sk_not_a_key')).toEqual([401, unauthorized]);
    expect(await raw('POST', '/quote', null, { 'Content-Type': 'application/json' }, '{bad')).toEqual([401, unauthorized]);
  });

  it('404 and 405 come before the scope', async () => {
    expect(await raw('GET', '/nowhere', reader)).toEqual([404, fail(404, 'No resource at GET /nowhere.')]);
    expect(await raw('POST', '/quote/1', reader)).toEqual([
      405,
      fail(405, 'Method POST is not allowed on /quote/1; allowed: GET, HEAD, PUT, PATCH, DELETE, OPTIONS.'),
    ]);
  });

  it('403 comes before the body is read: bad JSON, a wrong content type or a body too large', async () => {
    const json = { 'Content-Type': 'application/json' };
    expect(await raw('POST', '/quote', reader, json, '{bad')).toEqual([403, LACKS_QUOTES_WRITE]);
    expect(await raw('POST', '/quote', reader, { 'Content-Type': 'text/plain' }, 'name=x')).toEqual([403, LACKS_QUOTES_WRITE]);
    expect(await raw('POST', '/quote', reader, json, JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1) }))).toEqual([
      403,
      LACKS_QUOTES_WRITE,
    ]);
    expect(await raw('PATCH', '/quote/1', reader, json, '{bad')).toEqual([403, LACKS_QUOTES_WRITE]);
  });

  it('403 comes before the Idempotency-Key, and nothing is stored for it', async () => {
    const json = { 'Content-Type': 'application/json', 'Idempotency-Key': 'scoped-out-1' };
    expect(await raw('POST', '/quote', reader, json, JSON.stringify({ name: 'First' }))).toEqual([403, LACKS_QUOTES_WRITE]);
    // The same key with another body would be a mismatch (422) for a key with the scope.
    expect(await raw('POST', '/quote', reader, json, JSON.stringify({ name: 'Second' }))).toEqual([403, LACKS_QUOTES_WRITE]);
    expect(await raw('POST', '/quote', reader, { ...json, 'Idempotency-Key': 'not valid' }, '{}')).toEqual([403, LACKS_QUOTES_WRITE]);
    expect(await t.sql(`SELECT id FROM idempotency_keys WHERE idempotency_key = 'scoped-out-1'`)).toEqual([]);
  });

  it('the body (400) comes before the Idempotency-Key, which comes before the fields (422)', async () => {
    const json = { 'Content-Type': 'application/json' };
    expect(await raw('POST', '/quote', all, { ...json, 'Idempotency-Key': 'not valid' }, '{bad')).toEqual([
      400,
      fail(400, 'The request body could not be parsed as JSON.'),
    ]);
    expect(await raw('POST', '/quote', all, { ...json, 'Idempotency-Key': 'not valid' }, '{"name":""}')).toEqual([
      422,
      fail(422, { 'Idempotency-Key': ['must be 1 to 255 visible ASCII characters'] }),
    ]);
    const keyed = { ...json, 'Idempotency-Key': 'order-1' };
    const [created] = await raw('POST', '/quote', all, keyed, JSON.stringify({ name: 'Ordered' }));
    expect(created).toBe(201);
    expect(await raw('POST', '/quote', all, keyed, '{"name":""}')).toEqual([
      422,
      fail(422, { 'Idempotency-Key': ['was used with a different request'] }),
    ]);
  });
});

/** A request on the app's own server, with the exact bytes given (supertest would set a content type). */
async function fetchApp(
  t: TestApp,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<[number, unknown]> {
  const server = t.app.getHttpServer();
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers, body });
  return [res.status, await res.json()];
}
