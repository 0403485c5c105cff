import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { DEFAULT_APP_ROLE } from './app-role.js';
import { isDirectSession } from './direct-session.js';

/**
 * Whose statements these are: a store's (everything a request or a job of that store runs) or the
 * operator's (no store: migrations, the store directory, the claims of background work, the CLI's
 * deployment-wide commands). The database holds the difference (docs/architecture.md#stores): every
 * table of a store's data has row-level security, and a store's statement runs as the app role
 * (DATABASE_APP_ROLE: neither owner nor superuser) with `app.store_id` set for its transaction, so
 * it sees and writes that store's rows and no other's, whatever its SQL says.
 */
const scope = new AsyncLocalStorage<number>();

/** Runs `fn` (and everything it awaits) as the statements of store `storeId`. */
export function runInStore<T>(storeId: number, fn: () => T): T {
  if (!Number.isSafeInteger(storeId) || storeId <= 0) throw new RangeError(`not a store id: ${storeId}`);
  return scope.run(storeId, fn);
}

/** The store whose statements are being run, or undefined for the operator's. */
export function currentStoreId(): number | undefined {
  return scope.getStore();
}

/** Runs `fn` as the operator's, outside any store (a store's job claiming the next one, say). */
export function runAsOperator<T>(fn: () => T): T {
  return scope.exit(fn);
}

/** The settings of a store's transaction: `set_config(…, true)` ends with the transaction, never a session's `SET`. */
export const STORE_SETTINGS_SQL = "SELECT set_config('role', $1, true), set_config('app.store_id', $2, true)";

const SET_TRANSACTION = /^\s*SET\s+TRANSACTION\b/i;
const BEGINS = /^\s*(BEGIN|START\s+TRANSACTION)\b/i;
const ENDS = /^\s*(COMMIT|END|ABORT|ROLLBACK)\b(?!\s+(PREPARED|(WORK\s+|TRANSACTION\s+)?TO\b))/i;
const CHAINS = /^\s*(COMMIT|END|ABORT|ROLLBACK)\b.*\bAND\s+CHAIN\b/is;

/**
 * What a statement does to the session's transaction. A chained end (`COMMIT AND CHAIN`) would open
 * the next transaction without its settings, so it is refused outright.
 */
export function transactionEffect(text: string): 'begins' | 'ends' | 'characterizes' | null {
  if (CHAINS.test(text)) throw new Error('a chained transaction (AND CHAIN) would run without its settings: end it, then BEGIN');
  if (SET_TRANSACTION.test(text)) return 'characterizes';
  if (BEGINS.test(text)) return 'begins';
  if (ENDS.test(text)) return 'ends';
  return null;
}

/**
 * Who runs the statements of the open transaction: `null` when none is open, `'operator'` or a
 * store id. A transaction is one party's: a store's statement inside the operator's transaction
 * would run unguarded, so it is refused; an operator's statement inside a store's transaction runs
 * as that store's (guarded, so allowed: a COMMIT from a callback that left the store's context).
 */
type TransactionOwner = null | 'operator' | number;

function refuseMixing(open: TransactionOwner, storeId: number | undefined): void {
  if (open === 'operator' && storeId !== undefined) {
    throw new Error(`a statement of store ${storeId} inside a transaction the operator began; begin it in the store's context`);
  }
  if (typeof open === 'number' && storeId !== undefined && storeId !== open) {
    throw new Error(`a statement of store ${storeId} inside a transaction of store ${open}`);
  }
}

/**
 * How to send one statement: `as-is`; `begin` (as it is; the transaction it opens is tracked, and
 * `failed()` is called if it fails, since a failed BEGIN opens nothing); or `with-settings`, the
 * store's settings ahead of it: in its own implicit transaction (`inTransaction: false`), or as the
 * first statement of the store's open transaction.
 */
export type StatementPlan = { send: 'as-is' } | { send: 'begin' } | { send: 'with-settings'; storeId: number; inTransaction: boolean };

/**
 * The one account of a session's transaction that both clients keep (StoreScopedClient over the
 * wire, the embedded database's in process): whose it is, and whether its settings are still to
 * go. A store's transaction gets them with its first statement (after a SET TRANSACTION, which must
 * come first) and they hold to its end; a store's statement outside a transaction gets them in its
 * own. A streamed statement (COPY, a cursor: no text to go behind) cannot carry them.
 */
export class StoreTransactions {
  private open: TransactionOwner = null;
  private pending = false;

  /** The plan of a statement (its text, or null for a streamed one) sent in `storeId`'s context. */
  plan(text: string | null, storeId: number | undefined): StatementPlan {
    refuseMixing(this.open, storeId);
    const effect = text === null ? null : transactionEffect(text);
    if (this.open === null) {
      if (effect === 'begins') {
        this.open = storeId ?? 'operator';
        this.pending = storeId !== undefined;
        return { send: 'begin' };
      }
      if (storeId === undefined) return { send: 'as-is' };
      if (text === null) throw new Error("a store's streamed statement (COPY, cursor) must run in a transaction");
      return { send: 'with-settings', storeId, inTransaction: false };
    }
    if (effect === 'ends') {
      this.failed();
      return { send: 'as-is' };
    }
    if (!this.pending || effect === 'characterizes') return { send: 'as-is' };
    this.pending = false;
    if (text === null) throw new Error("a store's streamed statement (COPY, cursor) cannot be the first of its transaction");
    return { send: 'with-settings', storeId: this.open as number, inTransaction: true };
  }

  /** No transaction is open (a BEGIN failed, or the session says so). */
  failed(): void {
    this.open = null;
    this.pending = false;
  }

  /** A transaction the session has open that no BEGIN here opened (a script's): the operator's. */
  adopt(): void {
    if (this.open === null) this.open = 'operator';
  }
}

interface PgConnection {
  parse(msg: { text: string; name: string }): void;
  bind(msg: { portal: string; statement: string; values: unknown[] }): void;
  execute(msg: { portal: string }): void;
}

/** pg's Query, as far as a subclass reaches into it. */
const PgQuery = pg.Query as unknown as new (
  config: pg.QueryConfig | string,
  values?: unknown,
  callback?: unknown,
) => {
  text: string;
  prepare(connection: PgConnection): void;
  handleDataRow(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: PgConnection): void;
};

const SETTINGS_NAME = 'store_settings';

/**
 * One statement of a store, in one round trip: the Bind/Execute of STORE_SETTINGS_SQL go before
 * the statement's own messages, under one Sync, so both run in one transaction: the implicit one
 * of the Sync, or the explicit one the statement is the first of. What the settings answer (a
 * row, a SELECT 1) is not the statement's and is dropped.
 */
class StoreScopedQuery extends PgQuery {
  private settingsAnswered = false;

  constructor(
    config: pg.QueryConfig | string,
    values: unknown,
    callback: unknown,
    private readonly settings: { role: string; storeId: number; named: boolean; parse: boolean },
  ) {
    super(config, values, callback);
  }

  /** The extended protocol even without parameters: the settings and the statement share one Sync. */
  requiresPreparation(): boolean {
    return true;
  }

  override prepare(connection: PgConnection): void {
    const { role, storeId, named, parse } = this.settings;
    // Named and parsed once per connection on a session of its own; unnamed, parsed each time,
    // behind a transaction-mode pooler, where the next transaction may run in another server session.
    if (parse) connection.parse({ text: STORE_SETTINGS_SQL, name: named ? SETTINGS_NAME : '' });
    connection.bind({ portal: '', statement: named ? SETTINGS_NAME : '', values: [role, String(storeId)] });
    connection.execute({ portal: '' });
    super.prepare(connection);
  }

  override handleDataRow(msg: unknown): void {
    if (this.settingsAnswered) super.handleDataRow(msg);
  }

  override handleCommandComplete(msg: unknown, connection: PgConnection): void {
    if (this.settingsAnswered) return super.handleCommandComplete(msg, connection);
    this.settingsAnswered = true;
  }
}

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];

/**
 * The pg client of the api's pools (pg-pool's `Client` option): a statement sent in a store's
 * context (runInStore) carries that store's settings in the same round trip (StoreScopedQuery);
 * one sent in the operator's goes as it is, as the connection's own user. A store's transaction
 * gets its settings with its first statement (after a SET TRANSACTION, which must come first) and
 * they hold to its end, so its other statements go as they are: no round trip is added.
 */
export class StoreScopedClient extends pg.Client {
  private readonly appRole: string;
  private readonly transactions = new StoreTransactions();
  private settingsParsed = false;

  constructor(config: pg.ClientConfig & { appRole?: string }) {
    super(config);
    this.appRole = config.appRole ?? DEFAULT_APP_ROLE;
  }

  // pg's overloads, all of them through one body.
  override query(...args: QueryArgs): never {
    const [config, values, callback] = args;
    const submittable = typeof (config as { submit?: unknown } | null)?.submit === 'function';
    const text = typeof config === 'string' ? config : submittable ? null : ((config as { text?: string } | null)?.text ?? null);
    const plan = this.transactions.plan(text, currentStoreId());
    const send = super.query.bind(this) as (...a: QueryArgs) => never;
    if (plan.send === 'as-is') return send(...args);
    if (plan.send === 'begin')
      return this.sendQuery(new PgQuery(config as pg.QueryConfig | string, values, callback), send, this.beginFailed);
    return this.sendQuery(this.scoped(config, values, callback, plan.storeId), send);
  }

  /** The statement with its store's settings ahead of it, in its round trip. */
  private scoped(config: unknown, values: unknown, callback: unknown, storeId: number): object {
    const named = isDirectSession(this);
    // A named settings statement is parsed once per connection, ahead of the first statement that uses it.
    const parse = !named || !this.settingsParsed;
    if (named) this.settingsParsed = true;
    return new StoreScopedQuery(config as pg.QueryConfig | string, values, callback, { role: this.appRole, storeId, named, parse });
  }

  /** A BEGIN that failed opened nothing: the next statement must not think itself inside it. */
  private readonly beginFailed = (err: Error | null): void => {
    if (err) this.transactions.failed();
  };

  /** Queues a query object: answered through its callback when it has one, else through the promise returned. */
  private sendQuery(query: object, send: (...a: QueryArgs) => never, settled?: (err: Error | null) => void): never {
    const q = query as { callback?: (err: Error | null, res?: unknown) => void };
    const given = q.callback;
    if (given) {
      q.callback = (err, res) => {
        settled?.(err);
        given(err, res);
      };
      return send(query);
    }
    return new Promise((resolve, reject) => {
      q.callback = (err, res) => {
        settled?.(err);
        if (err) reject(err);
        else resolve(res);
      };
      send(query);
    }) as never;
  }
}
