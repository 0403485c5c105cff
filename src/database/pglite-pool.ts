import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { PGlite, types, type PGliteOptions } from '@electric-sql/pglite';
import { lockEmbeddedDatabase } from './embedded-lock.js';
import { DEFAULT_APP_ROLE } from './app-role.js';
import { calendarDay, parseInt8 } from './pool-types.js';
import { currentStoreId, STORE_SETTINGS_SQL, StoreTransactions } from './store-scope.js';

/**
 * A `pg`-shaped driver over one embedded PGlite instance, for TypeORM's `driver` option.
 *
 * PGlite is a single connection. Handing that one connection to two TypeORM query runners at once
 * would interleave two transactions' statements, so the pool lends it to one runner at a time
 * (a pool of size one) and queues the others until it is released.
 */
type ConnectCallback = (err: unknown, client: PGliteClient | null, release: (err?: unknown) => void) => void;

interface PgLikeResult {
  rows: unknown[];
  rowCount: number;
  command: string;
  fields: { name: string }[];
}

const instances = new Map<string, Promise<PGlite>>();

function open(dataDir: string | undefined): Promise<PGlite> {
  const key = dataDir ?? 'memory://';
  let db = instances.get(key);
  if (!db) {
    if (dataDir) {
      // The entrypoints take the lock first, naming their role; this covers any other way in.
      lockEmbeddedDatabase(dataDir, 'process');
      mkdirSync(dataDir, { recursive: true });
    }
    const options: PGliteOptions = {
      dataDir,
      // Same value types as the api's node-postgres pool: exact decimals stay strings, bigint is a
      // number (refused past Number.MAX_SAFE_INTEGER: pool-types.ts).
      parsers: {
        [types.NUMERIC]: (v: string) => v,
        [types.INT8]: parseInt8,
        // A DATE is a calendar day, kept as its text as the node-postgres pool keeps it.
        [types.DATE]: calendarDay,
      },
      serializers: {
        [types.BOOL]: (v: unknown) => (v === true || v === 'true' || v === 1 ? 't' : 'f'),
      },
    };
    db = PGlite.create(options);
    instances.set(key, db);
  }
  return db;
}

/** The account of each embedded database's transaction (store-scope.ts): its session is shared by every client. */
const transactions = new WeakMap<PGlite, StoreTransactions>();

class PGliteClient extends EventEmitter {
  constructor(
    private readonly db: PGlite,
    private readonly appRole: string,
  ) {
    super();
  }

  async query(sql: string, params?: unknown[] | ((err: unknown, r: unknown) => void), cb?: (err: unknown, r: unknown) => void) {
    if (typeof params === 'function') {
      cb = params;
      params = undefined;
    }
    try {
      const result = await this.scoped(sql, params as unknown[] | undefined);
      cb?.(null, result);
      return result;
    } catch (err) {
      cb?.(err, null);
      throw err;
    }
  }

  /**
   * As StoreScopedClient does over the wire: a store's statement runs with its settings in its
   * transaction, the BEGIN's when one is open, else one of its own around it (in process, so the
   * extra statements cost no round trip).
   */
  private async scoped(sql: string, params: unknown[] | undefined): Promise<PgLikeResult> {
    let account = transactions.get(this.db);
    if (!account) transactions.set(this.db, (account = new StoreTransactions()));
    if (this.db.isInTransaction()) account.adopt();
    else account.failed();
    const plan = account.plan(sql, currentStoreId());
    if (plan.send === 'as-is') return this.run(sql, params);
    if (plan.send === 'begin') {
      try {
        return await this.run(sql, params);
      } catch (err) {
        account.failed();
        throw err;
      }
    }
    const settings = () => this.db.query(STORE_SETTINGS_SQL, [this.appRole, String(plan.storeId)]);
    if (plan.inTransaction) {
      await settings();
      return this.run(sql, params);
    }
    await this.db.exec('BEGIN');
    try {
      await settings();
      const result = await this.run(sql, params);
      await this.db.exec('COMMIT');
      return result;
    } catch (err) {
      await this.db.exec('ROLLBACK').catch(() => undefined);
      throw err;
    }
  }

  private async run(sql: string, params: unknown[] | undefined): Promise<PgLikeResult> {
    const command = (/^\s*(\w+)/.exec(sql)?.[1] ?? '').toUpperCase();
    if (params && params.length > 0) {
      const r = await this.db.query(sql, params);
      return { rows: r.rows, rowCount: r.rowCount ?? r.affectedRows ?? r.rows.length, command: r.command ?? command, fields: r.fields };
    }
    // The simple protocol allows several statements (migrations); the last result is the answer.
    const all = await this.db.exec(sql);
    const r = all[all.length - 1] ?? { rows: [], fields: [] };
    return { rows: r.rows, rowCount: r.rowCount ?? r.affectedRows ?? r.rows.length, command: r.command ?? command, fields: r.fields };
  }
}

class PGliteSerialPool extends EventEmitter {
  private readonly waiters: (() => void)[] = [];
  private busy = false;
  private readonly db: Promise<PGlite>;

  private readonly appRole: string;

  constructor(options: { dataDir?: string; appRole: string }) {
    super();
    this.db = open(options.dataDir);
    this.appRole = options.appRole;
  }

  connect(cb: ConnectCallback): void {
    this.acquire()
      .then(() => this.db)
      .then(
        (db) => this.lend(db, cb),
        (err: unknown) => {
          // The database could not be opened: the turn passes on, and this runner is told.
          this.releaseLock();
          cb(err, null, () => undefined);
        },
      );
  }

  /**
   * Lends the connection to one runner. It comes back once, however often `release` is called and
   * even when the callback throws (then it comes back at once and the error goes to the pool's
   * 'error' listeners, or is thrown on the next tick when there are none, as node-postgres would):
   * a second release would hand it to the next runner while this one still uses it. A transaction
   * left open or aborted (a runner gave it back after a failed statement or COMMIT) is rolled back
   * before the next runner gets it, which would otherwise run inside it, or get "current
   * transaction is aborted" for every statement.
   */
  private lend(db: PGlite, cb: ConnectCallback): void {
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      if (!db.isInTransaction()) return this.releaseLock();
      db.exec('ROLLBACK').then(
        () => this.releaseLock(),
        (err: unknown) => {
          this.releaseLock();
          this.raise(err);
        },
      );
    };
    try {
      cb(null, new PGliteClient(db, this.appRole), release);
    } catch (err) {
      release();
      this.raise(err);
    }
  }

  private raise(err: unknown): void {
    if (this.listenerCount('error') > 0) this.emit('error', err);
    else
      process.nextTick(() => {
        throw err;
      });
  }

  end(cb?: (err: unknown) => void): void {
    this.db
      .then(async (db) => {
        for (const [key, value] of instances) if (value === this.db) instances.delete(key);
        await db.close();
        cb?.(null);
      })
      .catch((err: unknown) => cb?.(err));
  }

  private acquire(): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private releaseLock(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.busy = false;
  }
}

/** What TypeORM's postgres driver expects from `options.driver`. */
export function pgliteDriver(dataDir: string | undefined, appRole = DEFAULT_APP_ROLE): unknown {
  return {
    Pool: class extends PGliteSerialPool {
      constructor() {
        super({ dataDir, appRole });
      }
    },
  };
}
