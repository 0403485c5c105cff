import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type pg from 'pg';
import { DataSource, type DataSourceOptions, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig, HOME_CLUSTER } from '../../config/app-config.js';
import { currentCluster } from '../clusters/cluster-scope.js';
import { Clusters } from '../clusters/clusters.js';
import { dataSourceOptions } from '../data-source.js';
import { failoverDriver } from './failover-pool.js';
import { Replica } from './replica.js';
import { type WalPosition, hasReached, walPosition } from './wal-position.js';
import { RECORD_WITHIN_MS, WritePositions } from './write-positions.js';

/** The API key of the request whose commits are being made (ReadRouter.writingAs). */
const writer = new AsyncLocalStorage<number>();

/** How often the replicas' replay positions and the primary's WAL position are read. */
const REPLICA_CHECK_MS = 1_000;

/**
 * A key younger than this with no write position recorded reads from the primary: its first write's
 * position may have been lost on the way to Redis (the host that made it could not reach Redis), and
 * "no position" must not be taken for "never wrote" then. Older keys without a position have not
 * written for an hour (positions are kept that long), far longer than any replica in use lags.
 */
const NEW_KEY_PRIMARY_MS = 10 * 60_000;

/**
 * Sends an API key's reads to a read replica that has everything the key wrote (docs/api.md#read-replicas), the
 * way GitLab's database load balancer does: after a write the primary's WAL position is kept for the
 * key (WritePositions: Redis, so every host knows), and a replica serves the key's reads only once it
 * has replayed that far; otherwise the primary does. Replicas that fail or fall more than
 * DATABASE_REPLICA_MAX_LAG_SECONDS behind serve nobody until they recover. Off (every read on the
 * primary, nothing checked) without DATABASE_REPLICA_URLS.
 */
class ClusterReadRouter {
  private readonly logger = new Logger('Replicas');
  readonly replicas: Replica[];
  private positions: WritePositions | null = null;
  /** The primary's WAL position over the last DATABASE_REPLICA_MAX_LAG_SECONDS and a little more. */
  private samples: { at: number; position: WalPosition }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private next = 0;
  private refreshing = new Map<Replica, Promise<WalPosition | null>>();

  constructor(
    private readonly config: AppConfig,
    private readonly primary: DataSource,
    private readonly cluster: { name: string; replicaUrls: string[] },
  ) {
    this.replicas = cluster.replicaUrls.map((url, i) => {
      const u = new URL(url);
      const replica: Replica = new Replica(
        `${cluster.name === HOME_CLUSTER ? '' : `${cluster.name} `}replica ${i + 1} (${u.host})`,
        url,
        new DataSource({
          ...dataSourceOptions({ ...config, databaseUrl: url }),
          migrations: [],
          connectTimeoutMS: 2000,
          driver: failoverDriver({
            fallback: () => this.primaryPool(),
            onFailure: (err) => replica.failed(err.message),
          }),
        } as DataSourceOptions),
      );
      return replica;
    });
  }

  get enabled(): boolean {
    return this.replicas.length > 0;
  }

  /** Starts checking the replicas (the api does; workers and the cli read from the primary). */
  start(): void {
    if (!this.enabled || this.timer) return;
    // Each cluster's WAL positions apart (its LSNs say nothing of another's); the home's where they always were.
    const prefix = this.cluster.name === HOME_CLUSTER ? this.config.queuePrefix : `${this.config.queuePrefix}:${this.cluster.name}`;
    this.positions = new WritePositions(this.config.redis, prefix);
    const names = this.replicas.map((r) => r.name).join(', ');
    this.logger.log(`Reads of API keys go to ${names} once they have replayed the key's writes; writes go to the primary.`);
    void this.check();
    this.timer = setInterval(() => void this.check(), REPLICA_CHECK_MS);
    this.timer.unref();
  }

  /**
   * The manager for a read of this key's request: a usable replica that has replayed the key's last
   * write, or null for the primary (no such replica, or the key's last write cannot be known: Redis
   * cannot say, this host holds a position Redis has not taken yet, or the key is new and has none).
   */
  async managerFor(key: { apiKeyId: number; createdAt: number }): Promise<EntityManager | null> {
    const usable = this.replicas.filter((r) => r.usable());
    if (usable.length === 0 || !this.positions || this.positions.someUnrecorded) return null;
    let needed: WalPosition | null;
    try {
      needed = await this.positions.needed(key.apiKeyId);
    } catch {
      return null;
    }
    if (needed === null && Date.now() - key.createdAt < NEW_KEY_PRIMARY_MS) return null;
    const start = this.next++;
    for (let i = 0; i < usable.length; i++) {
      const replica = usable[(start + i) % usable.length];
      if (hasReached(replica.replayed, needed)) return replica.manager;
      if (hasReached(await this.refresh(replica), needed) && replica.usable()) return replica.manager;
    }
    return null;
  }

  /**
   * Called by TransactionRunner once a write committed on the primary, before the request answers:
   * remembers, for the key's later reads on any host, how far the primary's WAL had got. Nothing
   * without replicas, or outside a request of an API key.
   */
  async afterCommit(): Promise<void> {
    const apiKeyId = this.positions ? writer.getStore() : undefined;
    if (apiKeyId !== undefined) await this.noteWrite(apiKeyId);
  }

  /**
   * A position that Redis does not take within RECORD_WITHIN_MS is kept by this host and sent on
   * when Redis answers; meanwhile this host reads everything from the primary, and other hosts read
   * a new key's (one without any position) from the primary too.
   */
  private async noteWrite(apiKeyId: number): Promise<void> {
    if (!this.positions) return;
    let position: WalPosition | null;
    try {
      position = await this.primaryPosition();
    } catch (err) {
      this.logger.warn(
        `The write position of API key ${apiKeyId} could not be read (${(err as Error).message}); its reads may lag its writes.`,
      );
      return;
    }
    if (position && !(await this.positions.advance(apiKeyId, position))) {
      this.logger.warn(
        `The write position of API key ${apiKeyId} did not reach Redis within ${RECORD_WITHIN_MS} ms; this host reads from the primary until it does.`,
      );
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.positions?.close();
    await Promise.all(this.replicas.map((r) => r.close()));
  }

  private primaryPool(): pg.Pool | undefined {
    return this.primary.isInitialized ? (this.primary.driver as unknown as { master?: pg.Pool }).master : undefined;
  }

  private async primaryPosition(): Promise<WalPosition | null> {
    const pool = this.primaryPool();
    if (!pool) return null;
    const { rows } = await pool.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    return walPosition(rows[0]?.lsn);
  }

  /** One refresh of a replica's replay position at a time, shared by the reads that wait for it. */
  private refresh(replica: Replica): Promise<WalPosition | null> {
    let pending = this.refreshing.get(replica);
    if (!pending) {
      pending = replica.refresh().finally(() => this.refreshing.delete(replica));
      this.refreshing.set(replica, pending);
    }
    return pending;
  }

  /** Brings replicas up, reads where each stands, and leaves out those too far behind. */
  private async check(): Promise<void> {
    const now = Date.now();
    const maxLagMs = this.config.databaseReplicaMaxLagSeconds * 1000;
    try {
      const position = await this.primaryPosition();
      if (position) this.samples.push({ at: now, position });
    } catch {
      // The primary is away: the requests that need it say so; nothing to measure lag against.
    }
    // Keep the newest sample at least maxLag old (the bar a replica must have passed) and all newer.
    const old = this.samples.filter((s) => s.at <= now - maxLagMs);
    this.samples = [...old.slice(-1), ...this.samples.filter((s) => s.at > now - maxLagMs)];
    const bar = old.at(-1)?.position ?? null;
    await Promise.all(
      this.replicas.map(async (replica) => {
        if (!(await replica.initialize())) return;
        const replayed = await this.refresh(replica);
        if (replayed !== null) replica.setLagging(!hasReached(replayed, bar), this.config.databaseReplicaMaxLagSeconds);
      }),
    );
  }
}

/**
 * The read routing of every cluster (docs/api.md#read-replicas, docs/api.md#clusters): each cluster's
 * replicas (the home's DATABASE_REPLICA_URLS, another's DATABASE_CLUSTER_<NAME>_REPLICA_URLS) serve
 * the reads of the stores on that cluster, against that cluster's write positions; the work in hand
 * says which (clusters/cluster-scope.ts).
 */
@Injectable()
export class ReadRouter implements OnApplicationShutdown {
  private readonly routers = new Map<string, ClusterReadRouter>();

  constructor(@Inject(APP_CONFIG) config: AppConfig, clusters: Clusters) {
    const replicaUrls = new Map([
      [HOME_CLUSTER, config.databaseReplicaUrls],
      ...config.databaseClusters.map((c) => [c.name, c.replicaUrls] as const),
    ]);
    for (const [name, urls] of replicaUrls) {
      if (urls.length) this.routers.set(name, new ClusterReadRouter(config, clusters.dataSource(name), { name, replicaUrls: urls }));
    }
  }

  /** Whether any cluster has replicas. */
  get enabled(): boolean {
    return this.routers.size > 0;
  }

  /** Starts checking the replicas (the api does; workers and the cli read from the primary). */
  start(): void {
    for (const router of this.routers.values()) router.start();
  }

  /** The manager for a read of this key's request on the work's cluster: a replica's, or null for its primary. */
  managerFor(key: { apiKeyId: number; createdAt: number }): Promise<EntityManager | null> {
    return this.routers.get(currentCluster())?.managerFor(key) ?? Promise.resolve(null);
  }

  /** Runs the rest of a request of this key: its commits are recorded for the key (afterCommit). */
  writingAs<T>(apiKeyId: number, fn: () => T): T {
    return writer.run(apiKeyId, fn);
  }

  /** After a commit on the work's cluster: its WAL position recorded for the request's key (ClusterReadRouter.afterCommit). */
  async afterCommit(): Promise<void> {
    await this.routers.get(currentCluster())?.afterCommit();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.routers.values()].map((r) => r.close()));
  }
}
