import { fail, ok } from './support/envelope.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

const ROBOTS = 'User-agent: *\nDisallow: /cart/\nDisallow: /\n';

describeE2E('/favicon.ico and /robots.txt', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp('public_files');
  });
  afterAll(() => t?.close());

  it('GET /favicon.ico answers 204 without a token, cacheable for a day', async () => {
    const res = await t.http.get('/favicon.ico');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['content-type']).toBeUndefined();
    expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('GET /robots.txt asks crawlers to fetch nothing, /cart/ named on its own line, cacheable for a day', async () => {
    const res = await t.http.get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.text).toBe(ROBOTS);
  });

  it('ignores a token, even a bad one, and answers any case and one trailing slash as Express routes them', async () => {
    expect((await t.http.get('/robots.txt').set('Authorization', 'Bearer nope')).status).toBe(200);
    expect((await t.http.get('/favicon.ico').set('Authorization', 'Bearer nope')).status).toBe(204);
    expect((await t.http.get('/ROBOTS.TXT')).text).toBe(ROBOTS);
    expect((await t.http.get('/favicon.ico/')).status).toBe(204);
  });

  it.each(['/favicon.ico', '/robots.txt'])('%s answers HEAD and OPTIONS, and 405 with Allow for other methods', async (path) => {
    const head = await t.http.head(path);
    expect(head.status).toBe(path === '/robots.txt' ? 200 : 204);
    expect(head.text).toBeUndefined();
    expect(head.headers['cache-control']).toBe('public, max-age=86400');
    const options = await t.http.options(path);
    expect(options.status).toBe(200);
    expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(options.headers['cache-control']).toBe('no-store');
    expect(options.body).toEqual(ok(200, { methods: ['GET', 'HEAD', 'OPTIONS'] }));
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const res = await t.http[method](path).send({});
      expect({ method, status: res.status, allow: res.headers.allow }).toEqual({ method, status: 405, allow: 'GET, HEAD, OPTIONS' });
      expect(res.body).toEqual(fail(405, `Method ${method.toUpperCase()} is not allowed on ${path}; allowed: GET, HEAD, OPTIONS.`));
    }
  });

  it('answers a path below them 404 in the envelope, without a token, as below /health or /docs', async () => {
    for (const path of ['/robots.txt/more', '/favicon.ico/more', '/health/more', '/docs/more']) {
      const res = await t.http.get(path);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: fail(404, `Cannot GET ${path}`) });
    }
  });
});
