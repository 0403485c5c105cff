import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { eventually } from './support/eventually.js';
import { startTcpProxy } from './support/tcp-proxy.js';
import { type ApiProcess, DIST, cleanEnv, freePort, runNode, startApi, stop, waitFor } from './support/processes.js';
import { describeE2E } from './support/test-app.js';

/** "Within a second": how long a change may take to reach every api process. */
const WITHIN_A_SECOND = { timeoutMs: 1_000 };

/**
 * Every api process caches keys by token hash; a revocation or expiry change made anywhere must be
 * refused by every process within one second (KEY_CACHE_UNLISTENED_MS, and at once while the
 * process hears api_key_changed).
 */
describeE2E('API key cache across api processes', () => {
  let a: ApiProcess;
  let b: { url: string; child: ReturnType<typeof spawn> };
  let db: pg.Client;

  /**
   * The status of a GET. `mint()` runs the CLI synchronously, blocking this process's event loop; an
   * idle keep-alive socket the api closed meanwhile is only noticed when reused, so a GET that finds
   * its socket closed before any answer is sent again once, as HTTP clients do for idempotent requests.
   */
  const get = async (base: string, token: string): Promise<number> => {
    const send = () => fetch(`${base}/countries`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status);
    try {
      return await send();
    } catch (err) {
      if ((err as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw err;
      return send();
    }
  };
  const mint = () => {
    const r = runNode('cli.js', ['api-key:create', '--name', 'cache', '--json'], { DATABASE_URL: a.dbUrl });
    return JSON.parse(r.stdout) as { id: number; access_token: string };
  };

  beforeAll(async () => {
    a = await startApi('key_cache');
    const port = await freePort();
    const child = spawn(process.execPath, [join(DIST, 'main.js')], { env: cleanEnv({ DATABASE_URL: a.dbUrl, PORT: String(port) }) });
    b = { url: `http://127.0.0.1:${port}`, child };
    await waitFor(
      () =>
        fetch(`${b.url}/health`).then(
          (r) => r.ok,
          () => false,
        ),
      'the second api process to answer /health',
      60_000,
    );
    db = new pg.Client({ connectionString: a.dbUrl });
    await db.connect();
  }, 90_000);

  afterAll(async () => {
    await db?.end();
    if (b) await stop(b.child);
    await a?.close();
  });

  it('a key revoked by the cli is refused by both api processes within a second', async () => {
    const key = mint();
    expect([await get(a.url, key.access_token), await get(b.url, key.access_token)]).toEqual([200, 200]);
    // Cached now: a second request is answered without the key's row.
    expect([await get(a.url, key.access_token), await get(b.url, key.access_token)]).toEqual([200, 200]);
    const revoked = runNode('cli.js', ['api-key:revoke', String(key.id), '--json'], { DATABASE_URL: a.dbUrl });
    expect(JSON.parse(revoked.stdout)).toEqual({ id: key.id, revoked: true });
    await eventually(
      async () => expect([await get(a.url, key.access_token), await get(b.url, key.access_token)]).toEqual([401, 401]),
      WITHIN_A_SECOND,
    );
  });

  it('an expiry moved into the past by plain SQL is refused within a second', async () => {
    const key = mint();
    expect([await get(a.url, key.access_token), await get(b.url, key.access_token)]).toEqual([200, 200]);
    await db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [key.id]);
    await eventually(
      async () => expect([await get(a.url, key.access_token), await get(b.url, key.access_token)]).toEqual([401, 401]),
      WITHIN_A_SECOND,
    );
  });

  it('a process whose listening connection is cut still refuses a revoked key within a second', async () => {
    const key = mint();
    expect(await get(b.url, key.access_token)).toBe(200);
    // Cut every api process's LISTEN connection, then revoke while they reconnect.
    const cut = await db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN api_key_changed'`,
    );
    expect(cut.rowCount).toBe(2);
    await db.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [key.id]);
    await eventually(
      async () => expect([await get(a.url, key.access_token), await get(b.url, key.access_token)]).toEqual([401, 401]),
      WITHIN_A_SECOND,
    );
    // And they listen again (a second after the connection was lost, then the time to connect).
    await eventually(
      async () => {
        const listeners = await db.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN api_key_changed'`,
        );
        expect(listeners.rows[0].n).toBe(2);
      },
      { timeoutMs: 2_500 },
    );
  });

  it('a process whose listening connection died silently still refuses a revoked key within 5 s', async () => {
    // A third api whose LISTEN connection goes through a proxy that can go silent: no reset, no close.
    const proxy = await startTcpProxy({ target: { host: '127.0.0.1', port: Number(new URL(a.dbUrl).port) } });
    const port = await freePort();
    const c = {
      url: `http://127.0.0.1:${port}`,
      child: spawn(process.execPath, [join(DIST, 'main.js')], {
        env: cleanEnv({ DATABASE_URL: a.dbUrl, DATABASE_DIRECT_URL: proxy.url(a.dbUrl), PORT: String(port) }),
      }),
    };
    try {
      await waitFor(
        () =>
          fetch(`${c.url}/health`).then(
            (r) => r.ok,
            () => false,
          ),
        'the third api process to answer /health',
        60_000,
      );
      // Listening, proven: a revocation reaches it at once, well within the second an unlistening process trusts a key.
      const heard = async () => {
        const probe = mint();
        expect(await get(c.url, probe.access_token)).toBe(200);
        await db.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [probe.id]);
        await eventually(async () => expect(await get(c.url, probe.access_token)).toBe(401), { timeoutMs: 300, intervalMs: 20 });
      };
      await eventually(heard, { timeoutMs: 20_000, intervalMs: 200 });
      const key = mint();
      expect(await get(c.url, key.access_token)).toBe(200);
      proxy.freeze();
      await db.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [key.id]);
      await eventually(async () => expect(await get(c.url, key.access_token)).toBe(401), { timeoutMs: 5_000 });
      // And it listens again, on a new connection.
      await eventually(heard, { timeoutMs: 20_000, intervalMs: 200 });
    } finally {
      await stop(c.child);
      await proxy.close();
    }
  }, 90_000);
});
