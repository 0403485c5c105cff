import { eventually } from './support/eventually.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

/**
 * The conventions every resource inherits (docs/api.md#paths-and-identifiers to docs/api.md#embedding), exercised on
 * countries and custom fields.
 */
describeE2E('platform conventions', () => {
  let t: TestApp;
  let token: string;
  let auth: { Authorization: string };

  beforeAll(async () => {
    // The 500 below is on purpose: its two log lines (the cause, the access line) are kept from the console.
    t = await bootTestApp(
      'platform',
      {},
      { expectedLogs: [/relation \\"custom_field_definitions\\" does not exist/, /"msg":"GET \/customfielddefinitions 500"/] },
    );
    token = await t.token();
    auth = { Authorization: `Bearer ${token}` };
    for (const [name, code] of [
      ['Canada', 'CA'],
      ['Germany', 'DE'],
      ['France', 'FR'],
      ['Japan', 'JP'],
      ['Brazil', 'BR'],
    ]) {
      expect((await t.http.post('/country').set(auth).send({ name, code })).status).toBe(201);
    }
  });
  afterAll(() => t?.close());

  describe('401: the access token', () => {
    const invalid = { meta: { status: 401, success: false }, error: { message: 'The access token is not valid.' } };

    it.each([
      ['missing', {}],
      ['not a Bearer token', { Authorization: 'Basic dXNlcjpwYXNz' }],
      ['unknown', { Authorization: 'Bearer sk_unknown' }],
      ['empty', { Authorization: 'Bearer ' }],
    ])('is refused when %s', async (_label, headers) => {
      const res = await t.http.get('/countries').set(headers as Record<string, string>);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(invalid);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="store-api"');
    });

    it('is refused once revoked or expired, also on OPTIONS and unknown paths', async () => {
      const revoked = await t.token();
      await t.sql("UPDATE api_keys SET revoked_at = now() WHERE token_hash = encode(sha256($1::bytea), 'hex')", [revoked]);
      expect((await t.http.get('/countries').set({ Authorization: `Bearer ${revoked}` })).body).toEqual(invalid);
      const expired = await t.token(['*'], { expiresInDays: 1 });
      await t.sql("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE token_hash = encode(sha256($1::bytea), 'hex')", [
        expired,
      ]);
      expect((await t.http.get('/countries').set({ Authorization: `Bearer ${expired}` })).status).toBe(401);
      expect((await t.http.options('/countries')).status).toBe(401);
      expect((await t.http.get('/no/such/path')).status).toBe(401);
    });

    it('is checked before the body is read, and records last_used_at', async () => {
      const res = await t.http.post('/country').set('Content-Type', 'application/json').send('{broken');
      expect(res.status).toBe(401);
      const fresh = await t.token();
      await t.http.get('/countries').set({ Authorization: `Bearer ${fresh}` });
      const used = async () =>
        (
          await t.sql<{ used: boolean }>(
            "SELECT last_used_at IS NOT NULL AS used FROM api_keys WHERE token_hash = encode(sha256($1::bytea), 'hex')",
            [fresh],
          )
        )[0].used;
      // The write is not awaited by the request (it must never slow it down); give it a moment.
      await eventually(async () => expect(await used()).toBe(true), { timeoutMs: 2_000, intervalMs: 25 });
    });
  });

  describe('403: scopes', () => {
    it('names the missing scope for reads and writes, and honours group wildcards', async () => {
      const other = { Authorization: `Bearer ${await t.token(['custom_fields:read'])}` };
      const read = await t.http.get('/countries').set(other);
      expect(read.status).toBe(403);
      expect(read.body).toEqual({
        meta: { status: 403, success: false },
        error: { message: 'The access token lacks the scope "geography:read".' },
      });
      expect((await t.http.options('/countries').set(other)).status).toBe(403);
      expect((await t.http.head('/countries').set(other)).status).toBe(403);

      const reader = { Authorization: `Bearer ${await t.token(['geography:read'])}` };
      expect((await t.http.get('/countries').set(reader)).status).toBe(200);
      const write = await t.http.post('/country').set(reader).send({ name: 'Peru', code: 'PE' });
      expect(write.status).toBe(403);
      expect(write.body.error.message).toBe('The access token lacks the scope "geography:write".');

      const group = { Authorization: `Bearer ${await t.token(['geography:*'])}` };
      expect((await t.http.get('/countries').set(group)).status).toBe(200);
      expect((await t.http.delete('/country/PE').set(group)).status).toBe(404);
    });
  });

  describe('404, 405 and OPTIONS', () => {
    it('answers unknown paths with 404 in the envelope', async () => {
      const res = await t.http.get('/nothing/here').set(auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ meta: { status: 404, success: false }, error: { message: 'No resource at GET /nothing/here.' } });
    });

    it('answers a method the path does not allow with 405 and Allow', async () => {
      const res = await t.http.patch('/countries').set(auth).send({});
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, POST, PUT, OPTIONS');
      expect(res.body).toEqual({
        meta: { status: 405, success: false },
        error: { message: 'Method PATCH is not allowed on /countries; allowed: GET, HEAD, POST, PUT, OPTIONS.' },
      });
      const del = await t.http.delete('/countries/CA/states').set(auth);
      expect(del.status).toBe(405);
      expect(del.headers.allow).toBe('GET, HEAD, PUT, OPTIONS');
    });

    it('answers OPTIONS on every path with the methods', async () => {
      const res = await t.http.options('/country/CA').set(auth);
      expect(res.status).toBe(200);
      expect(res.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(res.body).toEqual({
        meta: { status: 200, success: true },
        data: { methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] },
      });
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      const fields = await t.http.options('/customfielddefinitions/anything').set(auth);
      expect(fields.body.data).toEqual({ methods: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] });
    });
  });

  describe('request bodies', () => {
    it('400: a body that is not JSON', async () => {
      const res = await t.http.post('/country').set(auth).set('Content-Type', 'application/json').send('{"name": "Peru",');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        meta: { status: 400, success: false },
        error: { message: 'The request body could not be parsed as JSON.' },
      });
    });

    it('413: a body over 1 MiB', async () => {
      const res = await t.http
        .post('/country')
        .set(auth)
        .send({ name: 'x'.repeat(1024 * 1024), code: 'PE' });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({
        meta: { status: 413, success: false },
        error: { message: 'The request body is larger than 1048576 bytes.' },
      });
    });

    it('415: a body without Content-Type application/json', async () => {
      const res = await t.http.post('/country').set(auth).set('Content-Type', 'text/plain').send('name=Peru');
      expect(res.status).toBe(415);
      expect(res.body).toEqual({
        meta: { status: 415, success: false },
        error: { message: 'A request body must be JSON, sent with Content-Type: application/json.' },
      });
      const charset = await t.http
        .post('/country')
        .set(auth)
        .set('Content-Type', 'application/json; charset=utf-8')
        .send('{"name":"Peru","code":"PE"}');
      expect(charset.status).toBe(201);
    });

    it('422: a JSON body that is not an object, NUL characters, and wrong types', async () => {
      const array = await t.http
        .post('/country')
        .set(auth)
        .send([{ name: 'x' }]);
      expect(array.status).toBe(422);
      expect(array.body.error.message).toEqual({ body: ['must be a JSON object'] });
      const nul = await t.http.post('/country').set(auth).send({ name: 'Pe\u0000ru', code: 'PE' });
      expect(nul.status).toBe(422);
      expect(nul.body.error.message).toEqual({ name: ['must not contain NUL characters'] });
      const types = await t.http
        .post('/customfielddefinitions')
        .set(auth)
        .send({ name: 'Bad Name', label: 5, entity: 'planet', type: 'select', sort_order: 1.5 });
      expect(types.status).toBe(422);
      expect(types.body).toEqual({
        meta: { status: 422, success: false },
        error: {
          message: {
            name: ['must start with a lower-case letter and hold only a-z, 0-9 and _ (at most 64)'],
            label: ['must be a string'],
            entity: ['must be one of: product, customer, cart, order'],
            sort_order: ['must be an integer'],
          },
        },
      });
    });
  });

  describe('caching headers and conditional requests', () => {
    it('sends ETag, Last-Modified, Cache-Control, Content-Length and Content-Type on every success', async () => {
      const res = await t.http.get('/country/CA').set(auth);
      expect(res.status).toBe(200);
      expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
      expect(res.headers['cache-control']).toBe('private, max-age=60');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
      const updated = new Date(`${res.body.data.updated_at.replace(' ', 'T')}Z`);
      expect(res.headers['last-modified']).toBe(updated.toUTCString());
    });

    it('answers 304 to If-None-Match and If-Modified-Since while unchanged, 200 after a change', async () => {
      const first = await t.http.get('/countries').set(auth);
      const etag = first.headers.etag;
      const notModified = await t.http.get('/countries').set(auth).set('If-None-Match', etag);
      expect(notModified.status).toBe(304);
      expect(notModified.text).toBe('');
      expect((await t.http.get('/countries').set(auth).set('If-None-Match', `"other", ${etag}`)).status).toBe(304);
      const since = await t.http.get('/countries').set(auth).set('If-Modified-Since', first.headers['last-modified']);
      expect(since.status).toBe(304);

      await t.sql("UPDATE countries SET updated_at = now() + interval '2 seconds' WHERE code = 'JP'");
      await t.http.patch('/country/JP').set(auth).send({ name: 'Nippon' });
      const changed = await t.http.get('/countries').set(auth).set('If-None-Match', etag);
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    });

    it('answers HEAD with the headers of GET and no body', async () => {
      const get = await t.http.get('/country/DE').set(auth);
      const head = await t.http.head('/country/DE').set(auth);
      expect(head.status).toBe(200);
      expect(head.text).toBeUndefined();
      expect(head.headers.etag).toBe(get.headers.etag);
      expect(head.headers['content-length']).toBe(get.headers['content-length']);
    });

    it('412: If-Match that is not the current ETag refuses PATCH and DELETE; the current one passes', async () => {
      const current = await t.http.get('/country/DE').set(auth);
      const stale = await t.http.patch('/country/DE').set(auth).set('If-Match', '"stale"').send({ name: 'Deutschland' });
      expect(stale.status).toBe(412);
      expect(stale.body).toEqual({
        meta: { status: 412, success: false },
        error: { message: 'The resource has changed: If-Match does not match its current ETag.' },
      });
      expect((await t.http.delete('/country/DE').set(auth).set('If-Match', '"stale"')).status).toBe(412);
      const ok = await t.http.patch('/country/DE').set(auth).set('If-Match', current.headers.etag).send({ name: 'Deutschland' });
      expect(ok.status).toBe(200);
      // The ETag of the old representation no longer matches.
      expect((await t.http.patch('/country/DE').set(auth).set('If-Match', current.headers.etag).send({ name: 'Germany' })).status).toBe(
        412,
      );
      expect((await t.http.get('/country/DE').set(auth)).body.data.name).toBe('Deutschland');
    });

    it('gives a create, a PATCH and the GET after each the same ETag: that of the representation, not the envelope', async () => {
      const created = await t.http.post('/country').set(auth).send({ name: 'Etagonia', code: 'EQ' });
      expect(created.status).toBe(201);
      const afterCreate = await t.http.get('/country/EQ').set(auth);
      expect(afterCreate.headers.etag).toBe(created.headers.etag);
      const patched = await t.http.patch('/country/EQ').set(auth).set('If-Match', created.headers.etag).send({ name: 'Etagonia Nova' });
      expect(patched.status).toBe(200);
      expect(patched.headers.etag).not.toBe(created.headers.etag);
      expect((await t.http.get('/country/EQ').set(auth)).headers.etag).toBe(patched.headers.etag);
      const deleted = await t.http.delete('/country/EQ').set(auth).set('If-Match', patched.headers.etag);
      expect([deleted.status, deleted.body.data.name]).toEqual([200, 'Etagonia Nova']);
    });
  });

  describe('collections', () => {
    const codes = (res: { body: { data: { code: string }[] } }) => res.body.data.map((c) => c.code);

    it('pages with limit and page, and reports the pagination', async () => {
      const res = await t.http.get('/countries?limit=2&page=2').set(auth);
      expect(res.status).toBe(200);
      expect(res.body.meta.pagination).toEqual({ total: 6, count: 2, limit: 2, page: 2, total_pages: 3, next_cursor: 4 });
      expect(codes(res)).toEqual(['FR', 'JP']);
      const last = await t.http.get('/countries?limit=2&page=3').set(auth);
      expect(last.body.meta.pagination).toEqual({ total: 6, count: 2, limit: 2, page: 3, total_pages: 3, next_cursor: null });
      const beyond = await t.http.get('/countries?limit=2&page=9').set(auth);
      expect(beyond.body.data).toEqual([]);
    });

    it('walks with cursor, stable under inserts', async () => {
      const first = await t.http.get('/countries?limit=3').set(auth);
      expect(codes(first)).toEqual(['CA', 'DE', 'FR']);
      await t.http.post('/country').set(auth).send({ name: 'Chile', code: 'CL' });
      const next = await t.http.get(`/countries?limit=3&cursor=${first.body.meta.pagination.next_cursor}`).set(auth);
      expect(codes(next)).toEqual(['JP', 'BR', 'PE']);
      expect(next.body.meta.pagination).toEqual({ total: 4, count: 3, limit: 3, page: 1, total_pages: 2, next_cursor: 6 });
    });

    it('sorts by whitelisted fields in either order, any case', async () => {
      expect(codes(await t.http.get('/countries?sort=code&order=desc&limit=3').set(auth))).toEqual(['PE', 'JP', 'FR']);
      expect(codes(await t.http.get('/countries?sort=name&order=Asc&limit=2').set(auth))).toEqual(['BR', 'CA']);
    });

    it.each([
      ['limit=0', { limit: ['must be at least 1'] }],
      ['limit=251', { limit: ['must be at most 250'] }],
      ['limit=abc', { limit: ['must be an integer'] }],
      ['page=0', { page: ['must be at least 1'] }],
      ['page=1.5', { page: ['must be an integer'] }],
      ['cursor=-1', { cursor: ['must be an integer'] }],
      ['order=sideways', { order: ['must be ASC or DESC'] }],
      ['sort=planet', { sort: ['must be one of: id, name, code, created_at, updated_at'] }],
      ['colour=red', { colour: ['is not a known field'] }],
      ['embed=cities', { embed: ['unknown "cities"; allowed: states'] }],
    ])('422 for %s', async (query, message) => {
      const res = await t.http.get(`/countries?${query}`).set(auth);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ meta: { status: 422, success: false }, error: { message } });
    });

    it('accepts camelCase and snake_case embed names alike', async () => {
      const a = await t.http.get('/country/CA?embed=States').set(auth);
      const b = await t.http.get('/country/CA?embed=states').set(auth);
      expect(a.status).toBe(200);
      expect(a.body).toEqual(b.body);
      expect(b.body.data.states).toEqual({ data: [] });
    });
  });

  describe('500', () => {
    it('hides the cause: no stack, no SQL', async () => {
      await t.sql('ALTER TABLE custom_field_definitions RENAME TO cfd_away');
      try {
        const res = await t.http.get('/customfielddefinitions').set(auth);
        expect(res.status).toBe(500);
        expect(res.body).toEqual({ meta: { status: 500, success: false }, error: { message: 'An unexpected error occurred.' } });
      } finally {
        await t.sql('ALTER TABLE cfd_away RENAME TO custom_field_definitions');
      }
      // The cause the answer hides is in the log, with the request's id.
      expect(t.logs()).toContainEqual(
        expect.objectContaining({
          level: 'error',
          request_id: expect.any(String),
          msg: expect.stringContaining('relation "custom_field_definitions" does not exist'),
        }),
      );
    });
  });
});
