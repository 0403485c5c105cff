import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import pg from 'pg';
import { runInStore } from '../../src/database/store-scope.js';
import request from 'supertest';
import { createApp } from '../../src/app.factory.js';
import { ApiKeysService } from '../../src/modules/api-keys/api-keys.service.js';
import { DataSource } from 'typeorm';
import { installStatementCounter } from '../../src/database/query-counter.js';
import { TEST_PG_URL } from './global-setup.js';

installStatementCounter();

export { describeE2E } from './describe-e2e.js';

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The start of every test database's name (TEST_DATABASE_PREFIX, default `store_test_`), so runs that
 * share a PostgreSQL server keep apart: lower-case letters, digits and `_`, starting with a letter or `_`.
 */
const TEST_DATABASE_PREFIX = testDatabasePrefix(process.env.TEST_DATABASE_PREFIX);

/** The id of the store `default`, which the migrations make first. */
export const DEFAULT_STORE_ID = 1;

/** Runs a spec's direct call of app code that writes a store's data (a demo seed) as the store `default`'s work. */
export function asDefaultStore<T>(work: () => Promise<T>): Promise<T> {
  return runInStore(DEFAULT_STORE_ID, work);
}

function testDatabasePrefix(value: string | undefined): string {
  const prefix = value === undefined || value === '' ? 'store_test_' : value;
  if (!/^[a-z_][a-z0-9_]{0,39}$/.test(prefix))
    throw new Error(
      `TEST_DATABASE_PREFIX must be lower-case letters, digits and _ (at most 40, not starting with a digit), got ${JSON.stringify(prefix)}`,
    );
  return prefix;
}

/** A fresh PostgreSQL database for one spec file; dropped by `drop`. */
export async function createTestDatabase(label: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${TEST_DATABASE_PREFIX}${label.replace(/\W+/g, '_').toLowerCase()}_${randomBytes(4).toString('hex')}`.slice(0, 63);
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

export interface TestApp {
  app: NestExpressApplication;
  http: ReturnType<typeof request>;
  dbUrl: string;
  /** A Bearer token with the given scopes (default `*`). */
  token(scopes?: string[], opts?: { expiresInDays?: number }): Promise<string>;
  /**
   * The app's log lines so far (pino JSON, error level and above unless the spec asked for more). The
   * lines the spec declared expected (`expectedLogs`) are kept from the console; any other is printed
   * as it comes, so a green run is quiet and an unexpected error still shows.
   */
  logs(): Record<string, unknown>[];
  /** Runs SQL on the spec's database outside the app. */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * Boots the real app (same factory as `npm start`) on a new database, migrations applied.
 * Environment for the app can be added through `env`; `databaseUrl` maps the new database's URL to
 * the one the app is given (through a TCP proxy, say), while `sql` goes to the database directly.
 */
export async function bootTestApp(
  label: string,
  env: Record<string, string> = {},
  opts: { databaseUrl?: (url: string) => string; expectedLogs?: RegExp[] } = {},
): Promise<TestApp> {
  const lines: Record<string, unknown>[] = [];
  const logDestination = {
    write(line: string) {
      lines.push(JSON.parse(line) as Record<string, unknown>);
      if (!opts.expectedLogs?.some((pattern) => pattern.test(line))) process.stdout.write(line);
    },
  };
  const db = await createTestDatabase(label);
  const saved = { ...process.env };
  const databaseUrl = opts.databaseUrl ? opts.databaseUrl(db.url) : db.url;
  Object.assign(process.env, { DATABASE_URL: databaseUrl, MIGRATIONS_RUN: 'true', REDIS_URL: '', SMTP_URL: '' }, env);
  let app: NestExpressApplication;
  try {
    app = await createApp({ logger: ['error'], logDestination });
    await app.init();
    // While a module is being written its entities may run ahead of its migration.
    if (process.env.TEST_SCHEMA_SYNC === '1') await app.get(DataSource).synchronize();
  } finally {
    process.env = saved;
  }
  // The spec's own SQL is the operator's, and what it inserts belongs to the store `default`, as
  // everything did before there were stores: its sessions name that store (app.store_id), which
  // fills a new row's store_id (the api names the store per transaction instead).
  const pool = new pg.Pool({ connectionString: db.url, max: 2, options: `-c app.store_id=${DEFAULT_STORE_ID}` });
  // pool.end() resolves before its clients have finished closing, and the database is dropped WITH
  // (FORCE) right after: a client still closing then gets "terminating connection", which the pool
  // re-emits as its own 'error' and, with no listener, would fail the whole spec file.
  pool.on('error', () => undefined);
  return {
    app,
    http: request(app.getHttpServer()),
    dbUrl: db.url,
    token: async (scopes = ['*'], opts = {}) =>
      (await app.get(ApiKeysService).create({ name: 'test', scopes, expiresInDays: opts.expiresInDays })).access_token,
    logs: () => [...lines],
    sql: async (text, params) => (await pool.query(text, params)).rows,
    close: async () => {
      await pool.end();
      await app.close();
      await db.drop();
    },
  };
}
