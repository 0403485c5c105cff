import { Logger } from '@nestjs/common';
import pg from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { type WalPosition, walPosition } from './wal-position.js';

/** How long a replica that failed is left out before it is tried again. */
const REPLICA_RETRY_MS = 5_000;

/**
 * One read replica: its data source (whose pool falls back to the primary's, see failover-pool.ts),
 * and what this process knows of it: whether it answers, how far it has replayed, whether it lags.
 */
export class Replica {
  private readonly logger = new Logger('Replicas');
  /** How far it had replayed when last asked. */
  replayed: WalPosition | null = null;
  /** Left out until then (ms) after a failure. */
  private downUntil = 0;
  private lagging = false;
  private probeClient: pg.Client | null = null;
  private warned = false;
  /** The data source's initialisation under way, shared by every check that asks meanwhile. */
  private initializing: Promise<void> | null = null;

  constructor(
    /** `replica 1 (host:port)`, for logs: never the URL, which may hold a password. */
    readonly name: string,
    private readonly url: string,
    readonly dataSource: DataSource,
  ) {}

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  /** Up, initialized, and not too far behind: may serve reads. */
  usable(now = Date.now()): boolean {
    return this.dataSource.isInitialized && now >= this.downUntil && !this.lagging && this.replayed !== null;
  }

  /**
   * Brings the data source up, once at a time: checks that overlap (a slow connect outlasting the
   * check interval) wait for the same initialisation instead of starting a second one, which would
   * open a second pool and leave one of them unclosed. False (and left out) when it failed.
   */
  async initialize(): Promise<boolean> {
    if (this.dataSource.isInitialized) return true;
    this.initializing ??= this.dataSource
      .initialize()
      .then(() => undefined)
      .finally(() => (this.initializing = null));
    try {
      await this.initializing;
      return true;
    } catch (err) {
      this.failed((err as Error).message);
      return false;
    }
  }

  /** Left out for REPLICA_RETRY_MS (a connection or statement failed on it). */
  failed(reason: string): void {
    const first = Date.now() >= this.downUntil;
    this.downUntil = Date.now() + REPLICA_RETRY_MS;
    if (first) this.logger.warn(`${this.name} is left out for ${REPLICA_RETRY_MS / 1000} s: ${reason}. Its reads go to the primary.`);
  }

  setLagging(lagging: boolean, behindSeconds: number): void {
    if (lagging && !this.lagging)
      this.logger.warn(`${this.name} is ${behindSeconds} s or more behind the primary; its reads go elsewhere until it catches up.`);
    if (!lagging && this.lagging) this.logger.log(`${this.name} caught up; it serves reads again.`);
    this.lagging = lagging;
  }

  /**
   * Asks the replica how far it has replayed, on a connection of its own (never the fallback), and
   * remembers it. Null when it cannot say (down, or not a replica at all).
   */
  async refresh(): Promise<WalPosition | null> {
    try {
      if (!this.probeClient) {
        const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 2000 });
        client.on('error', () => (this.probeClient === client ? (this.probeClient = null) : undefined));
        await client.connect();
        this.probeClient = client;
      }
      const { rows } = await this.probeClient.query<{ lsn: string | null }>({
        text: 'SELECT pg_last_wal_replay_lsn()::text AS lsn',
        query_timeout: 2000,
      } as pg.QueryConfig);
      const position = walPosition(rows[0]?.lsn);
      if (position === null) {
        // Promoted, or pointed at a primary by mistake: its data may differ from the primary's.
        if (!this.warned) this.logger.warn(`${this.name} is not in recovery (no replay position); it serves no reads.`);
        this.warned = true;
      } else {
        this.warned = false;
        if (Date.now() < this.downUntil && this.dataSource.isInitialized) {
          this.downUntil = 0;
          this.logger.log(`${this.name} answers again; it serves reads.`);
        }
      }
      this.replayed = position;
      return position;
    } catch (err) {
      const client = this.probeClient;
      this.probeClient = null;
      await client?.end().catch(() => undefined);
      this.failed((err as Error).message);
      return null;
    }
  }

  async close(): Promise<void> {
    const client = this.probeClient;
    this.probeClient = null;
    await client?.end().catch(() => undefined);
    if (this.dataSource.isInitialized) await this.dataSource.destroy().catch(() => undefined);
  }
}
