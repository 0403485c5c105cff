import { request } from 'node:http';
import pg from 'pg';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { type ApiProcess, dropRedisKeys, jsonLines, oneWaitingOnLock, startApi, stop, waitFor } from './support/processes.js';
import { describeE2E } from './support/test-app.js';

/** A GET on a connection of its own (no keep-alive), so the cluster may hand each to another process. */
function get(url: string, token: string, requestId: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers: { authorization: `Bearer ${token}`, 'x-request-id': requestId } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The built api with WEB_CONCURRENCY=2 on PostgreSQL and Redis: one port, two processes. */
describeE2E('WEB_CONCURRENCY=2', () => {
  const prefix = `cluster-test-${process.pid}`;
  let api: ApiProcess;
  const listeningPids = () =>
    jsonLines(api.output())
      .filter((l) => typeof l.msg === 'string' && l.msg.startsWith('Listening on'))
      .map((l) => l.pid as number);
  const accessPid = (requestId: string) => jsonLines(api.output()).find((l) => l.request_id === requestId && 'status' in l)?.pid;

  beforeAll(async () => {
    api = await startApi('cluster', {
      WEB_CONCURRENCY: '2',
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: prefix,
      RATE_LIMIT_PER_MINUTE: '6',
      LOG_LEVEL: 'info',
    });
    await waitFor(() => new Set(listeningPids()).size === 2, 'two api processes listening');
  });
  afterAll(async () => {
    await api.close();
    await dropRedisKeys(TEST_REDIS_URL, prefix);
  });

  it('answers from two worker processes, with one rate limit budget per key shared through Redis', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push(await get(`${api.url}/countries`, api.token, `cluster-${i}`));
    // Six a minute for the key, counted across both processes: an in-process count would allow 2 × 6.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const pids = await waitFor(() => {
      const found = statuses.map((_, i) => accessPid(`cluster-${i}`));
      return found.every((p): p is number => typeof p === 'number') ? found : undefined;
    }, 'an access line per request');
    const workers = new Set(pids);
    expect(workers.size).toBe(2);
    expect(workers.has(api.child.pid as number)).toBe(false);
    expect([...workers].sort()).toEqual([...new Set(listeningPids())].sort());
  });

  it('replaces a worker that dies, and drains every process on SIGTERM', async () => {
    const [victim] = listeningPids();
    process.kill(victim, 'SIGKILL');
    await waitFor(() => new Set(listeningPids()).size === 3, 'a replacement api process listening');
    const current = [...new Set(listeningPids())].filter((p) => p !== victim);
    expect(current.every(alive)).toBe(true);
    expect(await stop(api.child, 'SIGTERM')).toBe(0);
    await waitFor(() => current.every((p) => !alive(p)), 'the api processes to exit');
    // Each worker's own "Stopped." after draining, then the primary's. A process's last line may still
    // be on its way through the pipe when its pid is gone: wait for the lines themselves (the pipe's
    // reader is this busy process), with waitFor's deadline rather than a short fixed window.
    const stoppedPids = () =>
      jsonLines(api.output())
        .filter((l) => l.msg === 'Stopped.')
        .map((l) => l.pid as number)
        .sort();
    const expected = [...current, api.child.pid as number].sort();
    const missing = () => expected.filter((p) => !stoppedPids().includes(p));
    await waitFor(() => missing().length === 0, `a "Stopped." line from each of ${expected.join(', ')}`).catch((err: Error) => {
      throw new Error(`${err.message} (none from ${missing().join(', ')}; the primary is ${api.child.pid})`);
    });
    expect(stoppedPids()).toEqual(expected);
  });
});

/**
 * Ctrl-C in a terminal and systemd's default stop signal the whole process group: every api
 * process gets the signal as well as the primary's drain message, in either order. Each must drain
 * (finish what it has in flight) rather than take the second as "exit now", and the primary exit 0.
 */
describeE2E('WEB_CONCURRENCY=2, a signal to the whole process group', () => {
  let api: ApiProcess;
  let locker: pg.Client | null = null;
  const linesOf = (msg: string) => jsonLines(api.output()).filter((l) => l.msg === msg);
  const exited = () =>
    new Promise<number | null>((resolve) => {
      if (api.child.exitCode !== null || api.child.signalCode !== null) return resolve(api.child.exitCode);
      api.child.once('exit', (code) => resolve(code));
    });

  beforeEach(async () => {
    api = await startApi('cluster_group', { WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' }, { detached: true });
    await waitFor(() => linesOf(`Listening on http://localhost:${api.port} (PostgreSQL)`).length === 2, 'two api processes listening');
  });
  afterEach(async () => {
    await locker?.end().catch(() => undefined);
    locker = null;
    await api.close();
  });

  /** A PATCH held in flight by a row lock the test owns, so it is running when the signal comes. */
  async function patchInFlight() {
    const auth = { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' };
    const created = await fetch(`${api.url}/country`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'Before', code: 'BF' }),
    });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: number } };
    locker = new pg.Client({ connectionString: api.dbUrl });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('SELECT id FROM countries WHERE id = $1 FOR UPDATE', [data.id]);
    const patch = fetch(`${api.url}/countries/${data.id}`, {
      method: 'PATCH',
      headers: auth,
      body: JSON.stringify({ name: 'After' }),
    }).then(
      async (r) => ({ status: r.status, body: (await r.json()) as unknown }),
      (err: unknown) => ({ status: 0, body: String(err) }),
    );
    await oneWaitingOnLock(locker!, 'the PATCH to wait for the row lock');
    return { id: data.id, patch };
  }

  async function finishAndExpectCleanStop(id: number, patch: Promise<{ status: number; body: unknown }>) {
    const exit = exited();
    await locker!.query('ROLLBACK');
    const answered = await patch;
    expect(answered).toMatchObject({ status: 200, body: { meta: { status: 200, success: true }, data: { id, name: 'After' } } });
    expect(await exit).toBe(0);
    // Both api processes drained to their own "Stopped.", then the primary; nobody exited at once.
    expect(linesOf('Stopped.')).toHaveLength(3);
    expect(api.output()).not.toMatch(/again: /);
  }

  it('SIGTERM to the group: the request in flight is answered and every process drains; exit 0', async () => {
    const { id, patch } = await patchInFlight();
    process.kill(-api.child.pid!, 'SIGTERM');
    await waitFor(() => linesOf('SIGTERM: shutting down').length === 2, 'both api processes to start draining');
    expect(api.child.exitCode).toBeNull();
    await finishAndExpectCleanStop(id, patch);
  });

  it('a group signal that reaches an api process after the drain message is the same stop, not a second one', async () => {
    const { id, patch } = await patchInFlight();
    api.child.kill('SIGTERM');
    await waitFor(() => linesOf('SIGTERM: shutting down').length === 2, 'both api processes to start draining');
    // The api process with nothing in flight may already have stopped; the one holding the PATCH cannot have.
    const signalled = linesOf('SIGTERM: shutting down')
      .map((l) => l.pid as number)
      .filter((pid) => {
        try {
          process.kill(pid, 'SIGINT');
          return true;
        } catch {
          return false; // ESRCH: drained and gone
        }
      });
    expect(signalled.length).toBeGreaterThanOrEqual(1);
    // Still draining: the request it holds has not been answered yet.
    expect(signalled.every(alive)).toBe(true);
    await finishAndExpectCleanStop(id, patch);
  });
});
