import pg from 'pg';

/**
 * Errors that say the server (not the statement) failed: it cannot be reached, it went away, it is
 * shutting down or starting, or (on a replica) replay cancelled the statement. A read that met one on
 * a replica is run again on the primary.
 */
function isServerFailure(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  // Without a severity the error is the socket's or the client's (ECONNREFUSED, "Connection terminated").
  if (!('severity' in err)) return true;
  return typeof code === 'string' && (code.startsWith('08') || ['57P01', '57P02', '57P03', '40001'].includes(code));
}

/** Each failover pool's options, to find its fallback from outside (runStatement). */
const failovers = new WeakMap<object, FailoverOptions>();

/**
 * The pool to run a statement on again after it failed with `err` on a connection of `pool`: the
 * primary's, when `pool` is a replica's and the server (not the statement) failed; else undefined.
 */
export function fallbackAfter(pool: object, err: unknown): pg.Pool | undefined {
  const options = failovers.get(pool);
  if (!options || !isServerFailure(err)) return undefined;
  const other = options.fallback();
  if (other) options.onFailure(err as Error);
  return other;
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

export interface FailoverOptions {
  /** The pool to use instead (the primary's), once the data source that owns it is up. */
  fallback: () => pg.Pool | undefined;
  /** Told of each failure that was passed to the fallback. */
  onFailure: (err: Error) => void;
}

/**
 * The `pg` module for a replica's data source, with a Pool that turns to the primary's pool when it
 * cannot make a connection to the replica (TypeORM's statements take one each). A statement the
 * server breaks off on a connection already made is run again by runStatement (fallbackAfter). So a
 * replica that stops answers no request with an error; the router (read-router.ts) stops choosing it
 * at once.
 */
export function failoverDriver(options: FailoverOptions): typeof pg {
  class FailoverPool extends pg.Pool {
    constructor(config?: pg.PoolConfig) {
      super(config);
      failovers.set(this, options);
    }

    override connect(): Promise<pg.PoolClient>;
    override connect(callback: ConnectCallback): void;
    override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
      if (!callback) {
        return super.connect().catch((err: Error) => {
          const other = fallbackAfter(this, err);
          if (!other) throw err;
          return other.connect();
        });
      }
      super.connect((err, client, done) => {
        const other = err ? fallbackAfter(this, err) : undefined;
        if (other) other.connect(callback);
        else callback(err, client, done);
      });
    }
  }
  return { ...pg, Pool: FailoverPool } as typeof pg;
}
