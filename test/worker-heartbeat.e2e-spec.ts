import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNode, stop, waitFor } from './support/processes.js';
import { createTestDatabase, describeE2E } from './support/test-app.js';

/** HEARTBEAT_FILE: what docker-compose.yml's liveness check of the worker reads. */
describeE2E('worker heartbeat file', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let dir: string;
  beforeAll(async () => {
    db = await createTestDatabase('worker_heartbeat');
    dir = mkdtempSync(join(tmpdir(), 'heartbeat-'));
  });
  afterAll(async () => {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is written once the worker has started and rewritten while it runs', async () => {
    const file = join(dir, 'worker-heartbeat');
    const worker = await startNode('worker.js', { DATABASE_URL: db.url, HEARTBEAT_FILE: file }, /REDIS_URL is not set/);
    try {
      const first = statSync(file).mtimeMs;
      expect(new Date(readFileSync(file, 'utf8').trim()).getTime()).toBeGreaterThan(0);
      // The next beat moves the modification time on.
      await waitFor(() => statSync(file).mtimeMs > first, 'the heartbeat file to be rewritten', 20_000);
    } finally {
      expect(await stop(worker.child)).toBe(0);
    }
  });

  it('a path that cannot be written stops the worker at start with one line naming it', async () => {
    const file = join(dir, 'missing', 'worker-heartbeat');
    await expect(startNode('worker.js', { DATABASE_URL: db.url, HEARTBEAT_FILE: file }, /REDIS_URL is not set/)).rejects.toThrow(
      new RegExp(`exited with 1 before ready:\\n(.|\\n)*Could not start: ENOENT: no such file or directory, open '${file}'`),
    );
  });
});
