import { type ApiProcess, jsonLines, startApi, waitFor } from './support/processes.js';
import { describeE2E } from './support/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The built api's stdout, as a log collector reads it. */
describeE2E('logging', () => {
  let api: ApiProcess;
  beforeAll(async () => {
    api = await startApi('logging');
  }, 60_000);
  afterAll(() => api?.close());

  const accessLines = (requestId: string) => jsonLines(api.output()).filter((l) => l.request_id === requestId && 'status' in l);
  const accessLine = async (requestId: string) => {
    await waitFor(() => accessLines(requestId).length > 0, `the access line of ${requestId}`);
    return accessLines(requestId);
  };

  it('writes one JSON access line per request with the client address, method, path, status, duration and the request id', async () => {
    // Without TRUST_PROXY an X-Forwarded-For is not believed: the line names the connection's address.
    const res = await fetch(`${api.url}/countries?limit=5`, {
      headers: { Authorization: `Bearer ${api.token}`, 'X-Request-Id': 'erp-42', 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('erp-42');
    expect(await accessLine('erp-42')).toEqual([
      {
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        pid: api.child.pid,
        process: 'api',
        request_id: 'erp-42',
        client_address: '::ffff:127.0.0.1',
        method: 'GET',
        path: '/countries',
        status: 200,
        duration_ms: expect.any(Number),
        msg: 'GET /countries 200',
      },
    ]);
  });

  it('generates a UUID when the client sends none or an unsafe one, and echoes it on errors too', async () => {
    const cases: [string, RequestInit, number][] = [
      ['/countries', { headers: { Authorization: `Bearer ${api.token}` } }, 200],
      ['/countries', { headers: { Authorization: 'Bearer sk_not_a_real_token_at_all', 'X-Request-Id': 'has spaces in it' } }, 401],
      ['/nowhere', { headers: { Authorization: `Bearer ${api.token}`, 'X-Request-Id': 'x'.repeat(201) } }, 404],
      [
        '/country',
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${api.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: '', code: 'toolong' }),
        },
        422,
      ],
      ['/ready', { method: 'DELETE' }, 405],
    ];
    const seen = new Set<string>();
    for (const [path, init, status] of cases) {
      const res = await fetch(`${api.url}${path}`, init);
      expect(res.status).toBe(status);
      const id = res.headers.get('x-request-id')!;
      expect(id).toMatch(UUID);
      seen.add(id);
      const [line, ...more] = await accessLine(id);
      expect(more).toEqual([]);
      expect(line).toMatchObject({
        level: 'info',
        method: init.method ?? 'GET',
        path,
        status,
        msg: `${init.method ?? 'GET'} ${path} ${status}`,
      });
    }
    expect(seen.size).toBe(cases.length);
  });

  it('leaves the query string out of the path and never logs a token or a secret', async () => {
    const res = await fetch(`${api.url}/countries?access_token=sk_in_the_query&secret=ss_in_the_query`, {
      headers: { Authorization: `Bearer ${api.token}`, Cookie: 'session=cookie_value', 'X-Request-Id': 'no-secrets' },
    });
    expect(res.status).toBe(422); // unknown query parameters
    expect(await accessLine('no-secrets')).toEqual([expect.objectContaining({ path: '/countries', status: 422 })]);
    const out = api.output();
    for (const secret of [
      api.token,
      api.token.slice(3),
      'sk_in_the_query',
      'ss_in_the_query',
      'cookie_value',
      'sk_not_a_real_token_at_all',
    ]) {
      expect(out).not.toContain(secret);
    }
  });

  it('prints nothing but JSON lines, Nest’s own messages included', async () => {
    const lines = api.output().split('\n').filter(Boolean);
    expect(lines.every((l) => l.startsWith('{') && l.endsWith('}'))).toBe(true);
    expect(jsonLines(api.output())).toContainEqual(
      expect.objectContaining({
        level: 'info',
        process: 'api',
        context: 'Store API',
        msg: expect.stringMatching(/^Listening on http:\/\/localhost:\d+ \(PostgreSQL\)$/),
      }),
    );
    // Nest's start-up chatter (every module and route) is left out.
    expect(api.output()).not.toMatch(/InstanceLoader|RouterExplorer|RoutesResolver/);
  });

  it('warns at start when WEBHOOK_ALLOW_PRIVATE=true, and only then', async () => {
    const warning = (output: string) => jsonLines(output).filter((l) => String(l.msg).startsWith('WEBHOOK_ALLOW_PRIVATE=true'));
    expect(warning(api.output())).toEqual([]);
    const open = await startApi('logging_private', { WEBHOOK_ALLOW_PRIVATE: 'true' });
    try {
      expect(warning(open.output())).toEqual([
        expect.objectContaining({
          level: 'warn',
          process: 'api',
          context: 'Store API',
          msg: expect.stringContaining('development and tests only'),
        }),
      ]);
    } finally {
      await open.close();
    }
  }, 60_000);

  it('LOG_LEVEL=warn keeps the access lines of successful requests out', async () => {
    const quiet = await startApi('logging_quiet', { LOG_LEVEL: 'warn' });
    try {
      const ok = await fetch(`${quiet.url}/health`, { headers: { 'X-Request-Id': 'quiet-ok' } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-request-id')).toBe('quiet-ok');
      // Its output is complete once it has stopped (the log is written synchronously, and 'close' comes
      // after stdout and stderr have ended): an info line would be in it by then. A graceful stop
      // prints nothing at this level either.
      const closed = new Promise<number | null>((resolve) => quiet.child.once('close', (code: number | null) => resolve(code)));
      quiet.child.kill('SIGTERM');
      expect(await closed).toBe(0);
      expect(quiet.output()).toBe('');
    } finally {
      await quiet.close();
    }
  }, 60_000);
});
