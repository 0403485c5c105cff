import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { TS } from './support/envelope.js';
import { eventually } from './support/eventually.js';
import { DIST, cleanEnv } from './support/processes.js';
import { createTestDatabase, describeE2E } from './support/test-app.js';

/**
 * `import` and `export` of the built CLI (docs/api.md#bulk-import-and-export), run as an operator runs them, on a database
 * of their own with no api beside them: the import is run by the CLI itself. Its stderr is no
 * terminal here, so progress comes as a line per 10 %. Each run boots the CLI (seconds on a busy machine).
 */
describeE2E('cli bulk import and export', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.Client;
  let dir: string;

  beforeAll(async () => {
    db = await createTestDatabase('cli_bulk');
    expect(cli(['db:migrate']).status).toBe(0);
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    dir = mkdtempSync(join(tmpdir(), 'cli-bulk-'));
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  function cli(args: string[], opts: { env?: Record<string, string>; input?: string } = {}) {
    const r = spawnSync(process.execPath, [join(DIST, 'cli.js'), ...args], {
      env: cleanEnv({ DATABASE_URL: db.url, ...opts.env }),
      input: opts.input,
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  const product = (n: number) => JSON.stringify({ sku: `CLI-${n}`, name: `Product ${n}`, base_price: `${n}.00` });

  it('imports a file line by line, a line per 10 % on stderr, the counts on stdout; a failed line is counted, not fatal', async () => {
    const lines = [1, 2, 3, 4].map(product).concat('{"sku": "CLI-5", ', '', [6, 7, 8, 9, 10].map(product)).join('\n');
    const path = file('products.ndjson', `${lines}\n`);
    // One line per chunk: a progress report after each line.
    const r = cli(['import', 'products', path], { env: { IMPORT_CHUNK_LINES: '1' } });
    expect(r).toEqual({
      status: 0,
      stdout: [
        'Import 1 (products) completed: 10 lines, 9 created, 0 updated, 0 unchanged, 1 failed.',
        "1 line failed; each line's result and errors: GET /import/1/results",
        '',
      ].join('\n'),
      stderr: [
        'import 1: 10 lines of products uploaded',
        ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => `import 1: ${n * 10}% (${n}/10 lines)`),
        '',
      ].join('\n'),
    });
    const { rows } = await client.query<{ sku: string; name: string }>("SELECT sku, name FROM products WHERE sku LIKE 'CLI-%' ORDER BY id");
    expect(rows.map((p) => p.sku)).toEqual(['CLI-1', 'CLI-2', 'CLI-3', 'CLI-4', 'CLI-6', 'CLI-7', 'CLI-8', 'CLI-9', 'CLI-10']);
    const { rows: results } = await client.query('SELECT line, status, errors FROM import_results WHERE import_id = 1 AND status = $1', [
      'failed',
    ]);
    expect(results).toEqual([{ line: 5, status: 'failed', errors: { line: [expect.any(String)] } }]);
  }, 60_000);

  it('prints the import as one JSON object with --json, and reads stdin for -', () => {
    const r = cli(['import', 'products', '-', '--json'], {
      input: `${product(1)}\n${JSON.stringify({ sku: 'CLI-2', name: 'Renamed', base_price: '2.00' })}`,
    });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      id: 2,
      resource: 'products',
      status: 'completed',
      lines: 2,
      processed: 2,
      created: 0,
      updated: 1,
      unchanged: 1,
      failed: 0,
      error: null,
      created_at: TS,
      started_at: TS,
      finished_at: TS,
      updated_at: TS,
    });
    expect(r.stderr).toBe('import 2: 2 lines of products uploaded\nimport 2: 100% (2/2 lines)\n');
  }, 60_000);

  it('exits 2 with one line for an unknown resource or a file it cannot read', () => {
    expect(cli(['import', 'prodcts', join(dir, 'products.ndjson')])).toEqual({
      status: 2,
      stdout: '',
      stderr:
        'Error: unknown resource "prodcts": one of products, customers, customergroups, coupons, countries, customfielddefinitions, categories, producttypes\n',
    });
    expect(cli(['import', 'products', join(dir, 'missing.ndjson')])).toEqual({
      status: 2,
      stdout: '',
      stderr: `Error: cannot read ${join(dir, 'missing.ndjson')}: no such file or directory\n`,
    });
    expect(cli(['import', 'products', dir, '--json'])).toEqual({
      status: 2,
      stdout: `${JSON.stringify({ error: `cannot read ${dir}: it is a directory` })}\n`,
      stderr: '',
    });
  }, 60_000);

  it('exits 1 for a file it can read that holds nothing, or too much, as POST /imports refuses it', async () => {
    expect(cli(['import', 'customers', file('blank.ndjson', '\n  \n')])).toEqual({
      status: 1,
      stdout: '',
      stderr: `Error: ${join(dir, 'blank.ndjson')} holds no line to import\n`,
    });
    expect(cli(['import', 'products', join(dir, 'products.ndjson')], { env: { IMPORT_MAX_BYTES: '100' } })).toEqual({
      status: 1,
      stdout: '',
      stderr: `Error: ${join(dir, 'products.ndjson')} is larger than IMPORT_MAX_BYTES (100 bytes); nothing was imported\n`,
    });
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM imports');
    expect(rows[0].n).toBe(2);
  }, 60_000);

  it('exits 1 when the import fails as a whole, with the counts and the reason', async () => {
    // The store refuses to record any result: every chunk fails, so the import fails as a whole.
    await client.query(
      `CREATE FUNCTION refuse_results() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'results refused'; END $$`,
    );
    await client.query('CREATE TRIGGER refuse_results BEFORE INSERT ON import_results EXECUTE FUNCTION refuse_results()');
    try {
      const r = cli(['import', 'products', file('one.ndjson', `${product(11)}\n`)]);
      // Its id: the refused uploads before it took ids too (their rows were rolled back).
      const id = Number(/^import (\d+): /.exec(r.stderr)?.[1]);
      expect(r.status).toBe(1);
      expect(r.stdout).toBe(`Import ${id} (products) failed after 0 of 1 line: 0 created, 0 updated, 0 unchanged, 0 failed.\n`);
      const stderr = r.stderr.trimEnd().split('\n');
      expect(stderr[0]).toBe(`import ${id}: 1 line of products uploaded`);
      // Between them, the logged error with its cause (results refused) for whoever looks into it.
      expect(r.stderr).toContain('results refused');
      expect(stderr.at(-1)).toBe(`Error: import ${id} failed: A chunk of lines after line 0 could not be applied.`);

      const json = cli(['import', 'products', join(dir, 'one.ndjson'), '--json']);
      expect(json.status).toBe(1);
      expect(JSON.parse(json.stdout)).toMatchObject({
        id: id + 1,
        status: 'failed',
        processed: 0,
        error: 'A chunk of lines after line 0 could not be applied.',
      });
    } finally {
      await client.query('DROP TRIGGER refuse_results ON import_results');
    }
    const { rows } = await client.query("SELECT sku FROM products WHERE sku = 'CLI-11'");
    expect(rows).toEqual([]);
  }, 60_000);

  it('exports a resource to a file, one member per line in the form its import takes, and that file imports back unchanged', () => {
    const path = join(dir, 'export.ndjson');
    const r = cli(['export', 'products', path]);
    expect(r).toEqual({
      status: 0,
      stdout: `Export 1 (products) completed: 9 lines, written to ${path}.\n`,
      stderr: 'export 1: 100% (9/9 lines)\n',
    });
    const text = readFileSync(path, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const members = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(members.map((m) => m.sku)).toEqual(['CLI-1', 'CLI-2', 'CLI-3', 'CLI-4', 'CLI-6', 'CLI-7', 'CLI-8', 'CLI-9', 'CLI-10']);
    expect(members[1]).toMatchObject({ sku: 'CLI-2', name: 'Renamed', base_price: '2.00', options: [], variants: [], price_tiers: [] });
    // Nothing but the file: no partial file is left beside it.
    expect(readdirSync(dir).filter((f) => f.includes('export'))).toEqual(['export.ndjson']);

    const back = cli(['import', 'products', path]);
    expect(back.status).toBe(0);
    expect(back.stdout).toMatch(/^Import \d+ \(products\) completed: 9 lines, 0 created, 0 updated, 9 unchanged, 0 failed\.\n$/);
  }, 60_000);

  it('exports to stdout (its summary then on stderr), only the members changed since --updated-at-min', () => {
    const all = cli(['export', 'products', '--updated-at-min', '2000-01-01 00:00:00']);
    expect(all.status).toBe(0);
    expect(all.stdout.trimEnd().split('\n')).toHaveLength(9);
    expect(all.stderr).toBe('export 2: 100% (9/9 lines)\nExport 2 (products) completed: 9 lines.\n');

    expect(cli(['export', 'products', '-', '--updated-at-min', '2999-01-01T00:00:00Z'])).toEqual({
      status: 0,
      stdout: '',
      stderr: 'Export 3 (products) completed: 0 lines.\n',
    });
  }, 60_000);

  it('exits 2 for an export given wrongly, before any export starts', async () => {
    expect(cli(['export', 'product', join(dir, 'x.ndjson')])).toEqual({
      status: 2,
      stdout: '',
      stderr:
        'Error: unknown resource "product": one of products, customers, customergroups, coupons, countries, customfielddefinitions, categories, producttypes\n',
    });
    expect(cli(['export', 'products', join(dir, 'no', 'x.ndjson'), '--json'])).toEqual({
      status: 2,
      stdout: `${JSON.stringify({ error: `cannot write ${join(dir, 'no', 'x.ndjson')}: no such file or directory` })}\n`,
      stderr: '',
    });
    expect(cli(['export', 'products', '--json'])).toEqual({
      status: 2,
      stdout: `${JSON.stringify({ error: '--json needs a file: without one, stdout carries the export' })}\n`,
      stderr: '',
    });
    expect(cli(['export', 'products', join(dir, 'x.ndjson'), '--updated-at-min', 'yesterday'])).toEqual({
      status: 2,
      stdout: '',
      stderr: 'Error: --updated-at-min must be YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601 with an offset\n',
    });
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM exports');
    expect(rows[0].n).toBe(3);
  }, 60_000);

  it('exits 1 when the export fails, leaving no file behind, and keeps a file already there as it was', async () => {
    const path = file('kept.ndjson', 'as it was\n');
    // The store refuses to record any line: every chunk fails, so the export fails.
    await client.query(
      `CREATE FUNCTION refuse_lines() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'lines refused'; END $$`,
    );
    await client.query('CREATE TRIGGER refuse_lines BEFORE INSERT ON export_lines EXECUTE FUNCTION refuse_lines()');
    try {
      const r = cli(['export', 'products', path]);
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('lines refused');
      expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(
        'Error: export 4 failed: The members after the 0 written could not be exported in 3 attempts: lines refused',
      );
      expect(readFileSync(path, 'utf8')).toBe('as it was\n');
      expect(readdirSync(dir).filter((f) => f.includes('kept'))).toEqual(['kept.ndjson']);
    } finally {
      await client.query('DROP TRIGGER refuse_lines ON export_lines');
    }
  }, 60_000);

  it('exits 130 on Ctrl-C during an import, the import cancelled and not finished by anyone later', async () => {
    const path = file('many.ndjson', `${Array.from({ length: 20_000 }, (_, i) => product(100_000 + i)).join('\n')}\n`);
    const child = spawn(process.execPath, [join(DIST, 'cli.js'), 'import', 'products', path], {
      env: cleanEnv({ DATABASE_URL: db.url, IMPORT_CHUNK_LINES: '50' }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // Interrupted once its lines run: the first progress line after the upload.
    await eventually(() => expect(stderr).toMatch(/^import \d+: 10% /m), { timeoutMs: 60_000, intervalMs: 20 });
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    const id = Number(/^import (\d+): 20,000 lines of products uploaded$/m.exec(stderr)?.[1]);
    expect(stderr).toContain(`import ${id}: interrupted; cancelling it\n`);
    expect(stderr.trimEnd().split('\n').at(-1)).toBe(`Error: import ${id} cancelled`);
    expect(stdout).toMatch(new RegExp(`^Import ${id} \\(products\\) cancelled after [\\d,]+ of 20,000 lines: `));
    const { rows } = await client.query<{ status: string; processed: number }>('SELECT status, processed FROM imports WHERE id = $1', [id]);
    expect(rows[0].status).toBe('cancelled');
    expect(rows[0].processed).toBeLessThan(20_000);
  }, 120_000);

  it('exits 1 with one line for an error no command foresaw, and for a database it cannot reach', async () => {
    // A database without the schema: the command's first statement fails.
    const bare = await createTestDatabase('cli_bare');
    try {
      const r = cli(['api-key:list'], { env: { DATABASE_URL: bare.url, MIGRATIONS_RUN: 'false' } });
      expect(r).toEqual({ status: 1, stdout: '', stderr: 'Error: relation "stores" does not exist\n' });
      expect(cli(['api-key:list', '--json'], { env: { DATABASE_URL: bare.url, MIGRATIONS_RUN: 'false' } })).toEqual({
        status: 1,
        stdout: `${JSON.stringify({ error: 'relation "stores" does not exist' })}\n`,
        stderr: '',
      });
    } finally {
      await bare.drop();
    }
    // Nothing listens on port 1 of the loopback.
    expect(cli(['api-key:list'], { env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/store' } })).toEqual({
      status: 1,
      stdout: '',
      stderr: 'Error: connect ECONNREFUSED 127.0.0.1:1\n',
    });
  }, 60_000);
});
