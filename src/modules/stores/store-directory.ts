import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { type AppConfig, HOME_CLUSTER } from '../../config/app-config.js';
import { uncounted } from '../../database/query-counter.js';
import { runOnCluster } from '../../database/clusters/cluster-scope.js';
import { runAsOperator, runInStore } from '../../database/store-scope.js';
import { DEFAULT_STORE, type StoreFace, storeFace } from './store-face.js';
import { StoresRepository } from './stores.repository.js';

/**
 * How often a process asks whether stores changed (one row read): a change reaches every process
 * within this. A store's move (docs/api.md#clusters) refuses its writes until every process sent
 * them to its new cluster: this is most of that wait.
 */
const DIRECTORY_POLL_MS = 250;

const requestStore = new AsyncLocalStorage<StoreFace>();

/**
 * Runs the rest of a request, or a job, as one for `store`: its face for what it shows, and its
 * statements run as the store's (src/database/store-scope.ts), seeing its rows only, on the cluster
 * its data lives on (src/database/clusters/cluster-scope.ts).
 */
export function runForStore<T>(store: StoreFace, fn: () => T): T {
  return runOnCluster(store.cluster, () => requestStore.run(store, () => runInStore(store.id, fn)));
}

/**
 * Every store of the deployment, in this process's memory, by id and by host: a request's store is
 * a map lookup, never a statement. Loaded when the process starts; then every DIRECTORY_POLL_MS the
 * process reads the directory's version (one row that every change to stores or their hosts counts
 * up in its own transaction) and loads the stores again when it moved. A change made here is seen
 * here at once (`refresh`), in every other process within a quarter of a second.
 */
export class StoreDirectory implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Stores');
  private byId = new Map<number, StoreFace>();
  private byHost = new Map<string, StoreFace>();
  private first: StoreFace | null = null;
  private version = '';
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private failing = false;
  /** Why the stores could not be read, while they never were: what a use of the directory then fails with. */
  private unread: unknown = null;

  private constructor(
    private readonly repository: StoresRepository,
    private readonly config: AppConfig,
  ) {}

  /**
   * Made loaded (StoresModule's factory): nothing that reads a store can be made before the stores
   * are read. A database not migrated yet (the CLI's `db:migrate` with MIGRATIONS_RUN=false) has no
   * stores to read: the directory stays empty, and the poll reads it once the migrations made it.
   * Meanwhile a use of it fails with the database's own answer (`relation "stores" does not exist`).
   */
  static async loaded(repository: StoresRepository, config: AppConfig): Promise<StoreDirectory> {
    const directory = new StoreDirectory(repository, config);
    await directory.refresh().catch((err: unknown) => (directory.unread = err));
    return directory;
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.poll(), DIRECTORY_POLL_MS).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling;
  }

  /** Loads every store again (after a change this process made, or one the version announced), from the primary. */
  async refresh(): Promise<void> {
    // Every store, whoever asks: the operator's read, even after a change a store's request made.
    const { version, stores } = await uncounted(() => runAsOperator(() => this.repository.directory(this.repository.primary)));
    const byId = new Map<number, StoreFace>();
    const byHost = new Map<string, StoreFace>();
    let first: StoreFace | null = null;
    for (const { store, hosts } of stores) {
      const face = storeFace(store, hosts, this.config.defaultStoreFromEnv, this.config.storeUrl);
      byId.set(face.id, face);
      for (const host of hosts) byHost.set(host, face);
      if (face.handle === DEFAULT_STORE) first = face;
    }
    this.byId = byId;
    this.byHost = byHost;
    this.first = first;
    this.version = version;
    this.unread = null;
  }

  /**
   * The store a request for `host` is for: the active store that lists it; else `default` when it is
   * active and lists no hosts (a deployment that never named a host answers every host); else null.
   */
  resolve(host: string | null): StoreFace | null {
    const listed = host === null ? undefined : this.byHost.get(host);
    if (listed) return listed.status === 'active' ? listed : null;
    const fallback = this.defaultStore();
    return fallback.status === 'active' && fallback.hosts.length === 0 ? fallback : null;
  }

  /**
   * The store of the work in hand: the request's (its host's), else `default` (background work,
   * which belongs to it while it is the only store).
   */
  current(): StoreFace {
    return requestStore.getStore() ?? this.defaultStore();
  }

  /**
   * Runs `work` as the store `storeId`'s (a job it queued, a delivery of its quote): its face, and
   * its rows only. A store made moments ago in another process is read first.
   */
  async runAs<T>(storeId: number, work: () => Promise<T>): Promise<T> {
    let face = this.byId.get(storeId);
    if (!face) {
      await this.refresh();
      face = this.byId.get(storeId);
    }
    if (!face) throw new Error(`store ${storeId} is not in the directory`);
    return runForStore(face, work);
  }

  /** The cluster the store `storeId`'s data lives on (docs/api.md#clusters); `home` for a store this process does not know. */
  clusterOf(storeId: number): string {
    this.assertRead();
    return this.byId.get(storeId)?.cluster ?? HOME_CLUSTER;
  }

  /** The store with this handle, if there is one. */
  byHandle(handle: string): StoreFace | undefined {
    this.assertRead();
    for (const face of this.byId.values()) if (face.handle === handle) return face;
    return undefined;
  }

  /** Every store, in id order. */
  all(): StoreFace[] {
    return [...this.byId.values()];
  }

  /** The store `default`. */
  defaultStore(): StoreFace {
    if (this.first) return this.first;
    this.assertRead();
    throw new Error(`The store "${DEFAULT_STORE}" is not known to this process: have the migrations run?`);
  }

  private assertRead(): void {
    if (this.version === '' && this.unread) throw this.unread;
  }

  private poll(): Promise<void> {
    this.polling ??= uncounted(async () => {
      try {
        const version = await runAsOperator(() => this.repository.directoryVersion(this.repository.primary));
        if (version !== this.version) await this.refresh();
        if (this.failing) this.logger.log('Stores are read again.');
        this.failing = false;
      } catch (err) {
        // The last directory read keeps answering; a database that is away is the readiness check's to
        // report, and one not migrated yet has nothing to say.
        if (!this.failing && this.version !== '')
          this.logger.warn(`Stores could not be read (${(err as Error).message}); the last ones read still answer.`);
        this.failing = true;
      } finally {
        this.polling = null;
      }
    });
    return this.polling;
  }
}
