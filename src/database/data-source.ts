import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { MIGRATIONS } from '../../migrations/index.js';
import { DEFAULT_APP_ROLE } from './app-role.js';
import { proveDirectSession } from './direct-session.js';
import { poolTypes } from './pool-types.js';
import { ENTITIES } from './entities.js';
import { pgliteDriver } from './pglite-pool.js';
import { StoreScopedClient } from './store-scope.js';
import { CountingLogger, statementCounterInstalled } from './query-counter.js';

/**
 * PostgreSQL through `pg` when DATABASE_URL is set; otherwise real PostgreSQL compiled to WASM
 * (PGlite) under DATA_DIR, so `npm start` needs nothing installed.
 */
export function dataSourceOptions(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'> &
    Partial<Pick<AppConfig, 'databasePoolSize' | 'databasePoolTimeoutMs' | 'databaseAppRole'>>,
  opts: { inMemory?: boolean } = {},
): DataSourceOptions {
  const appRole = config.databaseAppRole ?? DEFAULT_APP_ROLE;
  const common = {
    type: 'postgres' as const,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    migrationsRun: false,
    // The schema is the migrations' alone: the driver installs no extension on connect (an exclusion
    // constraint would have it try btree_gist, which a btree exclusion does not need and PGlite lacks).
    installExtensions: false,
    // Statements are logged only to the counter of tests and tools (see query-counter.ts).
    ...(statementCounterInstalled() ? { logging: true as const, logger: new CountingLogger() } : { logging: false as const }),
  };
  if (config.databaseUrl) {
    // Each new connection is checked before its first use: named prepared statements only on a direct session.
    // bigint arrives as a number (refused past Number.MAX_SAFE_INTEGER), a DATE as its text: pool-types.ts, on this data source's pools only.
    return {
      ...common,
      url: config.databaseUrl,
      poolSize: config.databasePoolSize ?? 20,
      // pg's connectionTimeoutMillis: the longest wait for a pooled connection when all are in use, and
      // for a new one to open. Past it the request is answered 503 with Retry-After (exception.filter.ts),
      // never left hanging behind a busy pool.
      connectTimeoutMS: config.databasePoolTimeoutMs ?? 5000,
      // A store's statements carry its settings (store-scope.ts): pg-pool makes its clients with `Client`, given these options.
      extra: { onConnect: proveDirectSession, types: poolTypes, Client: StoreScopedClient, appRole },
    };
  }
  return { ...common, driver: pgliteDriver(opts.inMemory ? undefined : embeddedDatabaseDir(config), appRole) } as DataSourceOptions;
}

/** Where PGlite keeps the embedded database (one process at a time: see embedded-lock.ts). */
export function embeddedDatabaseDir(config: Pick<AppConfig, 'dataDir'>): string {
  return join(config.dataDir, 'pglite');
}

export function createDataSource(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>, opts: { inMemory?: boolean } = {}): DataSource {
  return new DataSource(dataSourceOptions(config, opts));
}
