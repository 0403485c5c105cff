import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST, freePort, runNode, startNode, stop } from './support/processes.js';

/**
 * The embedded database (PGlite) lives inside one process: a second process opening the same
 * DATA_DIR would write into its own copy, and the api's later writes would replace it. README's
 * quick start runs the cli next; on the embedded database it must refuse while the api runs, and
 * work once the api is stopped. Needs no PostgreSQL or Redis.
 */
describe('one process per embedded database', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'store-embedded-lock-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const lockFile = () => join(dataDir, 'pglite.lock');
  const busy = (owner: { pid: number; role: string; started_at: string }) =>
    `The embedded database in ${join(dataDir, 'pglite')} is in use by the ${owner.role} (pid ${owner.pid}, since ${owner.started_at}); ` +
    'stop that process first, or set DATABASE_URL to use PostgreSQL, which any number of processes can share.';

  it('refuses the cli, a second api and a worker while the api runs; the key made after it stops is kept', async () => {
    const port = String(await freePort());
    const api = await startNode('main.js', { DATA_DIR: dataDir, PORT: port }, /Listening on/);
    try {
      const owner = JSON.parse(readFileSync(lockFile(), 'utf8')) as { pid: number; role: string; started_at: string };
      expect(owner).toEqual({
        pid: api.child.pid,
        host: hostname(),
        role: 'api',
        started_at: expect.any(String),
        proc_start: expect.any(String),
      });
      const line = busy(owner);

      const created = runNode('cli.js', ['api-key:create', '--name', 'erp'], { DATA_DIR: dataDir });
      expect({ status: created.status, stdout: created.stdout, stderr: created.stderr }).toEqual({
        status: 1,
        stdout: '',
        stderr: `Error: ${line}\n`,
      });
      const json = runNode('cli.js', ['api-key:create', '--name', 'erp', '--json'], { DATA_DIR: dataDir });
      expect({ status: json.status, stdout: json.stdout, stderr: json.stderr }).toEqual({
        status: 1,
        stdout: `${JSON.stringify({ error: line })}\n`,
        stderr: '',
      });
      const second = runNode('main.js', [], { DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect({ status: second.status, stdout: second.stdout, stderr: second.stderr }).toEqual({
        status: 1,
        stdout: '',
        stderr: `${line}\n`,
      });
      const worker = runNode('worker.js', [], { DATA_DIR: dataDir });
      expect({ status: worker.status, stdout: worker.stdout, stderr: worker.stderr }).toEqual({
        status: 1,
        stdout: '',
        stderr: `${line}\n`,
      });

      // The refused processes left the api's lock as it was, and the api serves on.
      expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toEqual({ ...owner, proc_start: expect.any(String) });
      const demo = /Access token: (sk_[\w-]+)/.exec(api.output())![1];
      expect((await fetch(`http://127.0.0.1:${port}/countries`, { headers: { Authorization: `Bearer ${demo}` } })).status).toBe(200);
    } finally {
      expect(await stop(api.child)).toBe(0);
    }
    expect(existsSync(lockFile())).toBe(false);

    const created = runNode('cli.js', ['api-key:create', '--name', 'erp', '--json'], { DATA_DIR: dataDir });
    expect(created.status).toBe(0);
    const token = (JSON.parse(created.stdout) as { access_token: string }).access_token;
    expect(existsSync(lockFile())).toBe(false);
    const list = runNode('cli.js', ['api-key:list', '--json'], { DATA_DIR: dataDir });
    expect((JSON.parse(list.stdout) as { api_keys: { name: string }[] }).api_keys.map((k) => k.name)).toEqual(['demo', 'erp']);

    // The api started again sees the key the cli made.
    const again = await startNode('main.js', { DATA_DIR: dataDir, PORT: port }, /Listening on/);
    try {
      expect((await fetch(`http://127.0.0.1:${port}/countries`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      expect(await stop(again.child)).toBe(0);
    }
  }, 90_000);

  /** A pid no process has now: that of a process that ran and ended. */
  const deadPid = () =>
    Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);

  it('takes over the lock of a process of this host that is gone, and one written before hosts were recorded', () => {
    mkdirSync(dataDir, { recursive: true });
    for (const host of [{ host: hostname() }, {}]) {
      writeFileSync(
        lockFile(),
        JSON.stringify({ pid: deadPid(), ...host, role: 'api', started_at: '2020-01-01T00:00:00.000Z', proc_start: '1' }),
      );
      const list = runNode('cli.js', ['api-key:list', '--json'], { DATA_DIR: dataDir });
      expect({ status: list.status, stdout: list.stdout, stderr: list.stderr }).toEqual({
        status: 0,
        stdout: '{"api_keys":[]}\n',
        stderr: '',
      });
      expect(existsSync(lockFile())).toBe(false);
    }
  }, 60_000);

  it('lets one of two processes that found the same lock stale take it over, never both (the race window widened)', async () => {
    mkdirSync(dataDir, { recursive: true });
    const module = join(DIST, 'database', 'embedded-lock.js');
    // Each process pauses 300 ms between finding the lock stale and removing it, then holds what it took for a second.
    const script = `
      const { lockEmbeddedDatabase } = await import(${JSON.stringify(module)});
      const pause = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
      try {
        lockEmbeddedDatabase(${JSON.stringify(join(dataDir, 'pglite'))}, 'api', { beforeRemovingStale: pause });
        console.log('took');
        setTimeout(() => process.exit(0), 1000);
      } catch (err) {
        console.log(err.name === 'EmbeddedDatabaseBusyError' ? 'busy' : String(err));
      }`;
    for (let round = 0; round < 3; round++) {
      writeFileSync(
        lockFile(),
        JSON.stringify({ pid: deadPid(), host: hostname(), role: 'api', started_at: '2020-01-01T00:00:00.000Z', proc_start: '1' }),
      );
      const outcomes = await Promise.all(
        [1, 2].map(
          () =>
            new Promise<string>((resolve) => {
              const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
              let out = '';
              child.stdout.on('data', (c: Buffer) => (out += c.toString()));
              child.on('exit', () => resolve(out.trim()));
            }),
        ),
      );
      expect({ round, outcomes: outcomes.sort() }).toEqual({ round, outcomes: ['busy', 'took'] });
      expect(existsSync(lockFile())).toBe(false);
    }
  }, 60_000);

  it('never takes over a lock of another host (shared storage), whether or not its pid lives here: it stops, saying what to do', () => {
    mkdirSync(dataDir, { recursive: true });
    const dbDir = join(dataDir, 'pglite');
    const elsewhere = (owner: { pid: number; role: string; started_at: string }) =>
      `The embedded database in ${dbDir} is locked by the ${owner.role} on host api-2.internal (pid ${owner.pid}, since ${owner.started_at}), ` +
      `which this host (${hostname()}) cannot check; stop that process, or if host api-2.internal is gone, delete ${dbDir}.lock and start again. ` +
      'To serve from several hosts, set DATABASE_URL to use PostgreSQL.';
    for (const pid of [deadPid(), process.pid]) {
      const owner = { pid, host: 'api-2.internal', role: 'api', started_at: '2026-01-02T03:04:05.000Z', proc_start: '1' };
      const text = JSON.stringify(owner);
      writeFileSync(lockFile(), text);
      const cli = runNode('cli.js', ['api-key:list'], { DATA_DIR: dataDir });
      expect({ status: cli.status, stdout: cli.stdout, stderr: cli.stderr }).toEqual({
        status: 1,
        stdout: '',
        stderr: `Error: ${elsewhere(owner)}\n`,
      });
      const api = runNode('main.js', [], { DATA_DIR: dataDir, PORT: '0' });
      expect({ status: api.status, stdout: api.stdout, stderr: api.stderr }).toEqual({
        status: 1,
        stdout: '',
        stderr: `${elsewhere(owner)}\n`,
      });
      const worker = runNode('worker.js', [], { DATA_DIR: dataDir });
      expect({ status: worker.status, stdout: worker.stdout, stderr: worker.stderr }).toEqual({
        status: 1,
        stdout: '',
        stderr: `${elsewhere(owner)}\n`,
      });
      // Untouched, and nothing was opened: no database directory was made.
      expect(readFileSync(lockFile(), 'utf8')).toBe(text);
      expect(existsSync(dbDir)).toBe(false);
    }
  }, 60_000);

  it('takes over a lock whose pid now belongs to another process, and a damaged one', () => {
    // This test's own process is alive, but it started after the time the lock records for that pid.
    writeFileSync(
      lockFile(),
      JSON.stringify({ pid: process.pid, role: 'worker', started_at: '2020-01-01T00:00:00.000Z', proc_start: '1' }),
    );
    expect(runNode('cli.js', ['api-key:list', '--json'], { DATA_DIR: dataDir }).status).toBe(0);
    expect(existsSync(lockFile())).toBe(false);

    writeFileSync(lockFile(), '{"pid":');
    expect(runNode('cli.js', ['api-key:list', '--json'], { DATA_DIR: dataDir }).stdout).toBe('{"api_keys":[]}\n');
    expect(existsSync(lockFile())).toBe(false);
  }, 60_000);

  it('refuses while a live process holds the lock, naming it', () => {
    const owner = { pid: process.pid, host: hostname(), role: 'cli', started_at: '2026-01-02T03:04:05.000Z' };
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const procStart = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    writeFileSync(lockFile(), JSON.stringify({ ...owner, proc_start: procStart }));
    const r = runNode('cli.js', ['api-key:list'], { DATA_DIR: dataDir });
    expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual({ status: 1, stdout: '', stderr: `Error: ${busy(owner)}\n` });
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toEqual({ ...owner, proc_start: procStart });
  }, 60_000);
});
