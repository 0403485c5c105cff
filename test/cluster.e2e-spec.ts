import { request } from 'node:http';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { type ApiProcess, dropRedisKeys, jsonLines, startApi, stop, waitFor } from './support/processes.js';
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
    const stopped = jsonLines(api.output()).filter((l) => l.msg === 'Stopped.');
    // Each worker's own "Stopped." after draining, then the primary's.
    expect(stopped.map((l) => l.pid).sort()).toEqual([...current, api.child.pid].sort());
  });
});
