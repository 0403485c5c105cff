import pg from 'pg';
import { MIGRATIONS } from '../migrations/index.js';
import { freePort, runNodeAsync, startNode, stop } from './support/processes.js';
import { createTestDatabase, describeE2E } from './support/test-app.js';

/**
 * First boot of a deployment: the api, a worker and `cli db:migrate` start at the same moment on one
 * empty PostgreSQL database, each with MIGRATIONS_RUN=true (the default). The advisory lock lets one
 * apply the migrations while the others wait; without it they race to create the same tables.
 */
describeE2E('migrations on an empty database, three processes at once', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase('migrations_race');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('all three come up, and every migration is applied exactly once', async () => {
    const port = await freePort();
    const env = { DATABASE_URL: db.url, MIGRATIONS_RUN: 'true' };
    const [api, worker, cli] = await Promise.allSettled([
      startNode('main.js', { ...env, PORT: String(port) }, /Listening on http/),
      startNode('worker.js', env, /REDIS_URL is not set/),
      runNodeAsync('cli.js', ['db:migrate', '--json'], env),
    ]);
    let codes: (number | null)[] | undefined;
    try {
      const outputs = [api, worker].map((r) => (r.status === 'fulfilled' ? r.value.output() : String(r.reason)));
      expect(outputs.concat(cli.status === 'fulfilled' ? cli.value.out : String(cli.reason)).join('\n')).not.toMatch(
        /duplicate key|already exists|Could not start|Error:/,
      );
      expect(api.status).toBe('fulfilled');
      expect(worker.status).toBe('fulfilled');
      expect(cli).toEqual({ status: 'fulfilled', value: { code: 0, out: expect.stringMatching(/^\{"applied":\[.*\]\}\n$/) } });

      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(health.status).toBe(200);

      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY id');
        expect(rows.map((r) => r.name)).toEqual(MIGRATIONS.map((m) => m.name));
        // Nobody holds the lock once the processes are up.
        const locks = await client.query(
          "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = $1)",
          [db.name],
        );
        expect(locks.rowCount).toBe(0);
      } finally {
        await client.end();
      }
    } finally {
      codes = await Promise.all([api, worker].map((r) => (r.status === 'fulfilled' ? stop(r.value.child) : null)));
    }
    // Both stop cleanly on SIGTERM.
    expect(codes).toEqual([0, 0]);
  });
});
