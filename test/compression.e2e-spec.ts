import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** The bytes as sent (supertest would decode gzip and knows no brotli). */
function raw(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    // A connection per request, closed after it: kept-alive sockets would hold the server's close.
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const decoded = (res: Raw) =>
  (res.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(res.body)
    : res.headers['content-encoding'] === 'gzip'
      ? gunzipSync(res.body)
      : res.body
  ).toString('utf8');

const tokenOf = (html: string) => /<input type="hidden" name="csrf_token" value="([^"]+)">/.exec(html)?.[1];

describeE2E('compressed HTML: the buyer’s pages and /docs', () => {
  let t: TestApp;
  let port: number;
  const pages: Record<string, { method: string; path: string; body?: string; status: number }> = {};

  beforeAll(async () => {
    t = await bootTestApp('compression');
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
    const auth = { Authorization: `Bearer ${await t.token()}` };
    const product = (await t.http.post('/product').set(auth).send({ name: 'Desk lamp', sku: 'LAMP', base_price: '39.90' })).body
      .data as Json;
    const quote = (
      await t.http
        .post('/quote')
        .set(auth)
        .send({ name: 'Office refit', customer_emails: ['buyer@example.test'], items: [{ product_id: product.id, quantity: 3 }] })
    ).body.data as Json;
    const token = tokenOf((await t.http.get(`/cart/${quote.cart_link_id}`)).text)!;
    Object.assign(pages, {
      'the open quote': { method: 'GET', path: `/cart/${quote.cart_link_id}`, status: 200 },
      'the 404 page': { method: 'GET', path: '/cart/NoSuchQuote0', status: 404 },
      'the "changed" page (409)': {
        method: 'POST',
        path: `/cart/${quote.cart_link_id}/accept`,
        body: new URLSearchParams({ csrf_token: token, revision: '999' }).toString(),
        status: 409,
      },
      '/docs': { method: 'GET', path: '/docs', status: 200 },
    });
  });
  afterAll(() => t?.close());

  it.each([
    ['brotli to a browser that accepts it', 'br', 'br, gzip'],
    ['gzip to a browser that accepts it but not brotli', 'gzip', 'gzip, deflate'],
    ['the bytes as they are to a browser that asks for them', undefined, 'identity'],
  ])('sends %s, with Vary: Accept-Encoding', async (_label, encoding, accept) => {
    for (const [name, page] of Object.entries(pages)) {
      const headers = { 'Accept-Encoding': accept, ...(page.body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) };
      const res = await raw(port, page.method, page.path, headers, page.body);
      const plain = await raw(port, page.method, page.path, { ...headers, 'Accept-Encoding': 'identity' }, page.body);
      expect({ name, status: res.status, encoding: res.headers['content-encoding'], vary: res.headers.vary }).toEqual({
        name,
        status: page.status,
        encoding,
        vary: 'Accept-Encoding',
      });
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = decoded(res);
      expect(html).toMatch(/^<!doctype html>/);
      // The same page as the plain one, less the per-request form token.
      expect(html.replace(/value="[A-Za-z0-9_-]{43}"/, '')).toBe(plain.body.toString('utf8').replace(/value="[A-Za-z0-9_-]{43}"/, ''));
      if (encoding) expect(res.body.length).toBeLessThan(plain.body.length);
    }
  });

  it('leaves the API’s JSON uncompressed', async () => {
    const res = await raw(port, 'GET', '/countries', { 'Accept-Encoding': 'br, gzip', Authorization: `Bearer ${await t.token()}` });
    expect({ status: res.status, encoding: res.headers['content-encoding'] }).toEqual({ status: 200, encoding: undefined });
  });
});
