import 'reflect-metadata';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { ModulesContainer } from '@nestjs/core';
import { format } from 'sql-formatter';
import { DataSource, type EntityManager } from 'typeorm';
import type { PageRequest } from '../src/common/paging/page-request.js';
import { installStatementCounter, queryCounter } from '../src/database/query-counter.js';
import { type SqlExample, SqlArg, sqlExamples } from '../src/database/sql/snapshot.js';
import { Table } from '../src/database/table.js';

/**
 * `npm run sql:snapshot` writes the statements every repository method sends to
 * `<module>/queries/<repository file>.sql`, so a change of SQL shows in review like a change of
 * code (the way Immich keeps `server/src/queries`). `npm run sql:snapshot -- --check` (run by
 * .ci/run) writes nothing and fails when the committed files differ from what the code sends.
 *
 * How: the real app boots on a throwaway embedded database (PGlite in a temporary DATA_DIR, all
 * migrations applied); each `@GenerateSql` example runs inside a transaction that is rolled back,
 * with the statement counter recording; a `Table` held by a repository shows its page, lookups and
 * delete. Every public method of a repository must carry `@GenerateSql`, or the run fails.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const check = process.argv.includes('--check');

/** `export class X` of every `*.repository.ts` under src/: the file a class's snapshot belongs to. */
function repositoryFiles(dir = join(ROOT, 'src'), found = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) repositoryFiles(path, found);
    else if (entry.name.endsWith('.repository.ts')) {
      for (const [, name] of readFileSync(path, 'utf8').matchAll(/^export class (\w+)/gm)) found.set(name, path);
    }
  }
  return found;
}

/** src/modules/<m>/…/x.repository.ts → src/modules/<m>/queries/x.repository.sql; elsewhere beside the file. */
function snapshotPath(source: string): string {
  const rel = relative(ROOT, source).split('/');
  const base = rel[rel.length - 1].replace(/\.ts$/, '.sql');
  const home = rel[0] === 'src' && rel[1] === 'modules' ? join(ROOT, ...rel.slice(0, 3)) : dirname(source);
  return join(home, 'queries', base);
}

const TRANSACTION_CONTROL = /^(START TRANSACTION|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE SAVEPOINT|ROLLBACK TO SAVEPOINT)\b/i;

/**
 * Runs `work` in a transaction that is rolled back; returns the statements it sent (or its error's)
 * or, for a fragment method (SQL text other modules' statements embed), the text it returned.
 */
async function capture(ds: DataSource, work: (m: EntityManager) => unknown): Promise<string[]> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  await runner.startTransaction();
  queryCounter.reset(true);
  let result: unknown;
  try {
    result = await work(runner.manager);
  } catch {
    // Not found on an empty database, say: the statement was sent and recorded all the same.
  }
  let statements = queryCounter.statements.filter((s) => !TRANSACTION_CONTROL.test(s.trim()));
  const fragment = typeof result === 'string' ? result : (result as { sql?: unknown } | null)?.sql;
  if (statements.length === 0 && typeof fragment === 'string') statements = [`-- a fragment, embedded in other statements:\n${fragment}`];
  queryCounter.reset();
  await runner.rollbackTransaction().catch(() => undefined);
  await runner.release();
  return statements;
}

function pretty(sql: string): string {
  if (sql.startsWith('-- a fragment')) {
    const [head, ...rest] = sql.split('\n');
    return `${head}\n${pretty(`SELECT ${rest.join('\n')}`)}`;
  }
  try {
    return format(sql, { language: 'postgresql', keywordCase: 'preserve', tabWidth: 2 });
  } catch {
    return sql.trim();
  }
}

const DEFAULT_PAGE: PageRequest = { sort: 'id', column: 'id', order: 'ASC', limit: 250, page: 1, offset: 0 };

/** The statements a repository's Table sends, shown with example arguments. */
function tableExamples(name: string, table: Table<{ id: number }>): [string, (m: EntityManager) => unknown][] {
  const examples: [string, (m: EntityManager) => unknown][] = [
    [`${name}.page`, (m) => table.page(m, DEFAULT_PAGE)],
    [`${name}.find (by id)`, (m) => table.find(m, '1')],
    [`${name}.find (by id, locked)`, (m) => table.find(m, '1', { lock: true })],
    [`${name}.delete`, (m) => table.delete(m, 1)],
  ];
  if (table.key.alt) examples.splice(2, 0, [`${name}.find (by ${table.key.alt})`, (m) => table.find(m, 'KEY-1')]);
  return examples;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sql-snapshot-'));
  Object.assign(process.env, { DATA_DIR: dataDir, MIGRATIONS_RUN: 'true', REDIS_URL: '', SMTP_URL: '', LOG_LEVEL: 'error' });
  delete process.env.DATABASE_URL;
  installStatementCounter();
  const { createApp } = await import('../src/app.factory.js');
  const app = await createApp({ logger: ['error'] });
  await app.init();
  const files = repositoryFiles();
  const sections = new Map<string, string[]>();
  const missing: string[] = [];
  try {
    const ds = app.get(DataSource);
    const seen = new Set<Function>();
    for (const module of app.get(ModulesContainer).values()) {
      for (const wrapper of module.providers.values()) {
        const instance = wrapper.instance as Record<string, unknown> | undefined;
        const type = wrapper.metatype as Function | undefined;
        if (!instance || !type || seen.has(type) || !files.has(type.name) || instance.constructor !== type) continue;
        seen.add(type);
        const source = files.get(type.name)!;
        const out = sections.get(source) ?? [];
        sections.set(source, out);
        const examples = sqlExamples(type);
        const runs: [string, (m: EntityManager) => unknown][] = [];
        for (const [key, value] of Object.entries(instance)) {
          if (value instanceof Table) runs.push(...tableExamples(`${type.name}.${key}`, value));
        }
        const hidden = new Set(
          [...readFileSync(source, 'utf8').matchAll(/^ {2}(?:private|protected) (?:async |readonly )?(\w+)/gm)].map((x) => x[1]),
        );
        const methods = Object.getOwnPropertyNames(type.prototype).filter(
          (n) => n !== 'constructor' && !hidden.has(n) && typeof Object.getOwnPropertyDescriptor(type.prototype, n)?.value === 'function',
        );
        for (const method of methods) {
          const list: SqlExample[] | undefined = examples.get(method);
          if (!list) {
            missing.push(`${type.name}.${method}`);
            continue;
          }
          for (const example of list) {
            const label = `${type.name}.${method}${example.name ? ` (${example.name})` : ''}`;
            runs.push([
              label,
              (m) => (instance[method] as (...a: unknown[]) => unknown)(...example.args.map((a) => (a === SqlArg.manager ? m : a))),
            ]);
          }
        }
        for (const [label, run] of runs) {
          const statements = await capture(ds, run);
          out.push(`-- ${label}\n${statements.length ? statements.map((s) => `${pretty(s)};`).join('\n\n') : '-- (no statement)'}`);
        }
      }
    }
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (missing.length) {
    console.error(`Every public repository method needs @GenerateSql (src/database/sql/snapshot.ts); missing:\n  ${missing.join('\n  ')}`);
    process.exit(1);
  }
  const wanted = new Map<string, string>();
  for (const [source, parts] of sections) {
    const header = `-- Written by \`npm run sql:snapshot\` from ${relative(ROOT, source)}; do not edit.\n-- Table inserts and updates are left out: their column lists follow the fields a request carries.\n`;
    wanted.set(snapshotPath(source), `${header}\n${parts.join('\n\n')}\n`);
  }
  const stale = existingSnapshots().filter((f) => !wanted.has(f));
  const differing = [...wanted].filter(([path, text]) => !existsSync(path) || readFileSync(path, 'utf8') !== text).map(([p]) => p);
  if (check) {
    if (differing.length || stale.length) {
      console.error('The SQL snapshots differ from what the code sends; run `npm run sql:snapshot` and commit the result:');
      for (const f of [...differing, ...stale]) console.error(`  ${relative(ROOT, f)}`);
      process.exit(1);
    }
    console.log(`SQL snapshots match the code (${wanted.size} files).`);
    return;
  }
  for (const f of stale) rmSync(f);
  for (const [path, text] of wanted) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  console.log(`Wrote ${wanted.size} SQL snapshot files (${differing.length} changed, ${stale.length} removed).`);
}

/** The snapshot files on disk today. */
function existingSnapshots(dir = join(ROOT, 'src'), found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) existingSnapshots(path, found);
    else if (entry.name.endsWith('.repository.sql') && dirname(path).endsWith('queries')) found.push(path);
  }
  return found;
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
