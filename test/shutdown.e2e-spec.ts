import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { type ApiProcess, dropRedisKeys, oneWaitingOnLock, startApi, startNode, stop, waitFor } from './support/processes.js';
import { createTestDatabase, describeE2E } from './support/test-app.js';

/** Resolves with the exit code, and how long after `since` the process exited. */
const exited = (api: ApiProcess, since: number) =>
  new Promise<{ code: number | null; afterMs: number }>((resolve) => {
    if (api.child.exitCode !== null) return resolve({ code: api.child.exitCode, afterMs: Date.now() - since });
    api.child.once('exit', (code) => resolve({ code, afterMs: Date.now() - since }));
  });

/** What a new TCP connection to the port gets: 'connected' or the error code. */
const connectOutcome = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
  });

/** A request on a kept-alive connection, through node:http so the test controls the socket. */
function request(agent: http.Agent, port: number, method: string, path: string, headers: Record<string, string>, body?: object) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; json: unknown }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      { agent, host: '127.0.0.1', port, method, path, headers: { ...headers, ...(payload ? { 'Content-Type': 'application/json' } : {}) } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, json: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describeE2E('graceful shutdown', () => {
  describe('api', () => {
    let api: ApiProcess;
    let agent: http.Agent;
    let locker: pg.Client | null = null;
    beforeEach(async () => {
      api = await startApi('shutdown');
      agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    }, 60_000);
    afterEach(async () => {
      agent.destroy();
      await locker?.end().catch(() => undefined);
      locker = null;
      await api?.close();
    });

    /** A country, and a PATCH of it held in flight by a row lock the test owns. */
    async function patchHeldByLock() {
      const auth = { Authorization: `Bearer ${api.token}` };
      const created = await request(agent, api.port, 'POST', '/country', auth, { name: 'Before', code: 'BF' });
      expect(created.status).toBe(201);
      const id = (created.json as { data: { id: number } }).data.id;
      locker = new pg.Client({ connectionString: api.dbUrl });
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM countries WHERE id = $1 FOR UPDATE', [id]);
      const patch = request(agent, api.port, 'PATCH', `/countries/${id}`, auth, { name: 'After' });
      await oneWaitingOnLock(locker!, 'the PATCH to wait for the row lock');
      return { id, patch };
    }

    it('on SIGTERM refuses new connections, finishes the request in flight, stores it and exits 0', async () => {
      const { id, patch } = await patchHeldByLock();
      // An idle kept-alive connection too, which must not keep the process up.
      expect((await request(agent, api.port, 'GET', '/health', {})).status).toBe(200);

      const signalled = Date.now();
      const exit = exited(api, signalled);
      api.child.kill('SIGTERM');
      await waitFor(() => /SIGTERM: shutting down/.test(api.output()), 'the api to start shutting down');
      await waitFor(async () => (await connectOutcome(api.port)) === 'ECONNREFUSED', 'new connections to be refused');
      expect(api.child.exitCode).toBeNull();

      await locker!.query('ROLLBACK');
      const answered = await patch;
      expect(answered.status).toBe(200);
      expect(answered.json).toMatchObject({ meta: { status: 200, success: true }, data: { id, name: 'After' } });
      expect(answered.headers.connection).toBe('close');

      const { code, afterMs } = await exit;
      expect(code).toBe(0);
      // Nowhere near the 10 s grace period: nothing held the process once the request was answered.
      expect(afterMs).toBeLessThan(8000);
      const { rows } = await locker!.query('SELECT name FROM countries WHERE id = $1', [id]);
      expect(rows).toEqual([{ name: 'After' }]);
      expect(api.output()).toMatch(/"msg":"Stopped\."/);
    }, 60_000);

    it('exits at once when only idle keep-alive connections are open', async () => {
      for (let i = 0; i < 3; i++) expect((await request(agent, api.port, 'GET', '/health', {})).status).toBe(200);
      const signalled = Date.now();
      const exit = exited(api, signalled);
      api.child.kill('SIGTERM');
      const { code, afterMs } = await exit;
      expect(code).toBe(0);
      // Well under Node's 5 s keep-alive timeout, which would be the wait had the idle sockets been left open.
      expect(afterMs).toBeLessThan(3000);
    }, 30_000);

    it('cuts a request still running after the 10 s grace period and exits anyway', async () => {
      const { patch } = await patchHeldByLock();
      const outcome = patch.then(
        (r) => `answered ${r.status}`,
        (err: NodeJS.ErrnoException) => err.code ?? 'error',
      );
      const signalled = Date.now();
      const exit = exited(api, signalled);
      api.child.kill('SIGTERM');
      const { code, afterMs } = await exit;
      expect(code).toBe(0);
      expect(afterMs).toBeGreaterThanOrEqual(10_000);
      expect(afterMs).toBeLessThan(15_000);
      expect(await outcome).toBe('ECONNRESET');
      expect(api.output()).toMatch(/Requests still running after 10 s were cut off\./);
    }, 60_000);
  });

  describe('worker', () => {
    it('stops with exit code 0 on SIGTERM while idle, closing its queue first', async () => {
      const db = await createTestDatabase('shutdown_worker');
      const prefix = `test-shutdown-${randomBytes(4).toString('hex')}`;
      try {
        const worker = await startNode(
          'worker.js',
          { DATABASE_URL: db.url, REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix },
          /Consuming the send-quote queue/,
        );
        // At once, while Bull is still connecting: the case most likely to trip over a half-open queue.
        expect(await stop(worker.child, 'SIGTERM')).toBe(0);
        const messages = worker
          .output()
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => (JSON.parse(l) as { msg: string }).msg);
        expect(messages.slice(-2)).toEqual(['SIGTERM: finishing the job in hand', 'Stopped.']);
      } finally {
        await db.drop();
        await dropRedisKeys(TEST_REDIS_URL, prefix);
      }
    }, 60_000);
  });
});
