import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, DEFAULT_STORE_VARIABLES, type DefaultStoreEnv, HOME_CLUSTER } from '../../config/app-config.js';
import { ApiError } from '../../common/http/api-error.js';
import { assertIfMatch } from '../../common/http/etag.js';
import type { EntityManager } from 'typeorm';
import { localeProblem } from '../../config/store-settings.js';
import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import { validateInto } from '../../common/validation/validation.pipe.js';
import { runOnCluster } from '../../database/clusters/cluster-scope.js';
import { Clusters } from '../../database/clusters/clusters.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { Store } from './store.entity.js';
import { StorePatch } from './dto/store.input.js';
import { StoreDirectory } from './store-directory.js';
import { DEFAULT_STORE, type StoreFace, hostName, storeFace } from './store-face.js';
import type { StoreView } from './stores.views.js';
import { type StoreRow, StoresRepository } from './stores.repository.js';

/** The settings a store's own keys change: the ones the environment gives the store `default`. */
const SETTINGS = Object.keys(DEFAULT_STORE_VARIABLES) as (keyof typeof DEFAULT_STORE_VARIABLES)[];
type Settings = Partial<Record<(typeof SETTINGS)[number], string | null>>;

/** A store's handle (docs/api.md#stores). */
const HANDLE = /^[a-z0-9-]{1,63}$/;

/** The most host names one store lists. */
const MAX_HOSTS = 50;

/** A change the operator asked for that cannot be made (the CLI prints it). */
export class StoreChangeError extends Error {}

export const noSuchStore = (handle: string) => new StoreChangeError(`there is no store "${handle}" (store:list shows them)`);

/** Refuses a cluster the deployment does not have (`store:create --cluster`, `store:move --to`), naming those it has. */
export function assertCluster(clusters: Clusters, name: string): void {
  if (!clusters.has(name))
    throw new StoreChangeError(
      `there is no cluster "${name}" (this deployment's: ${clusters.names.join(', ')}; DATABASE_CLUSTERS names them)`,
    );
}

/** The host names as stores list them (lower case, no port), each once; an error names the first that is none. */
function normalizeHosts(hosts: string[]): string[] {
  const names: string[] = [];
  for (const raw of hosts) {
    const name = hostName(raw.trim());
    if (name === null || /:\d*$/.test(raw.trim()))
      throw new StoreChangeError(`"${raw}" is not a host name (a name such as shop.example, without a port)`);
    if (!names.includes(name)) names.push(name);
  }
  if (names.length > MAX_HOSTS) throw new StoreChangeError(`a store lists at most ${MAX_HOSTS} hosts`);
  return names;
}

function presentStore(face: StoreFace): StoreView {
  const { id, handle, name, store_url, hosts, currency, locale, mail_from, store_email, status } = face;
  return { id, handle, name, store_url, hosts, currency, locale, mail_from, store_email, status };
}

/** A store's settings as its own keys read and change them (docs/api.md#stores). */
@Injectable()
export class StoresService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: StoresRepository,
    private readonly directory: StoreDirectory,
    private readonly clusters: Clusters,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** GET /store: the request's store. */
  current(): StoreView {
    return presentStore(this.directory.current());
  }

  /**
   * PATCH /store. A setting the environment gives the store `default` stays the environment's: a
   * change to it is refused (409) naming the variable, rather than stored and never shown.
   */
  async update(patch: StorePatch): Promise<StoreView> {
    const id = this.directory.current().id;
    // The directory is the home cluster's, wherever the store's data lives.
    const face = await runOnCluster(HOME_CLUSTER, () =>
      this.tx.run(async (m, afterCommit) => {
        const current = await this.repository.lock(m, { id });
        if (!current) throw ApiError.notFound('No store at this address.');
        assertIfMatch(presentStore(this.face(current.store, current.hosts)));
        const values: Settings = {};
        for (const f of SETTINGS) if (patch[f] !== undefined) values[f] = patch[f];
        const fixed = this.fixedByEnvironment(current.store.handle, values);
        if (fixed) throw ApiError.conflict(fixed);
        if (!this.shows(values, current.store))
          throw ApiError.field('locale', `cannot show amounts in ${values.currency ?? current.store.currency}`);
        return this.write(m, afterCommit, current, values, null);
      }),
    );
    return presentStore(face);
  }

  /**
   * The store with this handle, for a command that works on it (`api-key:create --store`); refused
   * when there is none, or it is closed and `open` is asked for.
   */
  storeByHandle(handle: string, { open = false } = {}): StoreView {
    const store = this.directory.byHandle(handle);
    if (!store) throw noSuchStore(handle);
    if (open && store.status !== 'active') throw new StoreChangeError(`the store "${handle}" is closed (store:open opens it)`);
    return presentStore(store);
  }

  /**
   * `store:close` and `store:open`. A closed store's hosts answer 404 and its keys are refused
   * everywhere; its data is kept, and opening it again brings everything back.
   */
  async setStatus(handle: string, status: 'active' | 'closed'): Promise<StoreView> {
    const face = await this.tx.run(async (m, afterCommit) => {
      const current = await this.repository.lock(m, { handle });
      if (!current) throw noSuchStore(handle);
      const row = current.store.status === status ? current.store : await this.repository.stores.update(m, current.store, { status });
      afterCommit(() => this.directory.refresh());
      return this.face(row, current.hosts);
    });
    return presentStore(face);
  }

  /** Every store, as it is now in the database, with the cluster its data lives on (`store:list`). */
  async list(): Promise<(StoreView & { cluster: string })[]> {
    const { stores } = await this.repository.directory(this.repository.primary);
    return stores.map(({ store, hosts }) => ({ ...presentStore(this.face(store, hosts)), cluster: store.cluster }));
  }

  /**
   * `store:update`: the operator's change to a store by handle, its hosts included (each host in one
   * store at most). Refused with a StoreChangeError that says why.
   */
  async operatorUpdate(handle: string, values: Settings, hosts: string[] | null): Promise<StoreView> {
    await this.check(values);
    const names = hosts === null ? null : normalizeHosts(hosts);
    const face = await this.tx.run(async (m, afterCommit) => {
      const current = await this.repository.lock(m, { handle });
      if (!current) throw noSuchStore(handle);
      const fixed = this.fixedByEnvironment(handle, values);
      if (fixed) throw new StoreChangeError(fixed);
      if (!this.shows(values, current.store))
        throw new StoreChangeError(`--locale cannot show amounts in ${values.currency ?? current.store.currency}`);
      if (names) {
        const taken = await this.repository.takenHosts(m, current.store.id, names);
        if (taken.length) throw new StoreChangeError(taken.map((t) => `${t.host} is already a host of store "${t.handle}"`).join('; '));
      }
      return this.write(m, afterCommit, current, values, names);
    });
    return presentStore(face);
  }

  /**
   * `store:create`: a new store, active, with its hosts (each in one store at most) and the product
   * types every store starts with, on the cluster `cluster` (docs/api.md#clusters). Its data is its
   * own from the first statement (row-level security); its keys come from `api-key:create --store`.
   * Placed on another cluster than the home, its row there and its starting data commit before the
   * directory's entry does, which a failure there rolls back: the store is listed only once it is whole.
   */
  async create(
    handle: string,
    name: string,
    values: Settings,
    hosts: string[],
    cluster = HOME_CLUSTER,
  ): Promise<StoreView & { cluster: string }> {
    if (!HANDLE.test(handle)) throw new StoreChangeError(`"${handle}" is not a handle: lower-case letters, digits and -, at most 63`);
    assertCluster(this.clusters, cluster);
    await this.check({ ...values, name });
    const names = normalizeHosts(hosts);
    const face = await this.tx.run(async (m, afterCommit) => {
      if (await this.repository.handleTaken(m, handle)) throw new StoreChangeError(`there is a store "${handle}" already`);
      const taken = await this.repository.takenHosts(m, 0, names);
      if (taken.length) throw new StoreChangeError(taken.map((t) => `${t.host} is already a host of store "${t.handle}"`).join('; '));
      const row = await this.repository.stores.insert(m, { handle, name, ...values, cluster } as never);
      if (!this.shows({}, row)) throw new StoreChangeError(`--locale cannot show amounts in ${row.currency}`);
      if (cluster === HOME_CLUSTER) await this.repository.insertStarterData(m, row.id);
      else
        await runOnCluster(cluster, () =>
          this.tx.run(async (placed) => {
            await this.repository.insertPlacedCopy(placed, row);
            await this.repository.insertStarterData(placed, row.id);
          }),
        );
      const current = { store: row, hosts: [] };
      return this.write(m, afterCommit, current, {}, names);
    });
    return { ...presentStore(face), cluster: face.cluster };
  }

  /** The settings as PATCH /store checks them; the first problem, named by its option. */
  private async check(values: Settings): Promise<void> {
    const bag = new FieldErrorBag();
    await validateInto(StorePatch, values, bag, '');
    const [field, problems] = Object.entries(bag.errors)[0] ?? [];
    if (field) throw new StoreChangeError(`--${field.replace('_', '-')} ${problems[0]}`);
  }

  /**
   * Writes the change; once it is committed (with the request's Idempotency-Key, when it holds one)
   * this process reads the stores again, so its next request shows it; the others within their poll.
   */
  private async write(
    m: EntityManager,
    afterCommit: (fn: () => unknown) => void,
    current: StoreRow,
    values: Settings,
    hosts: string[] | null,
  ): Promise<StoreFace> {
    afterCommit(() => this.directory.refresh());
    const row = Object.keys(values).length ? await this.repository.stores.update(m, current.store, values as never) : current.store;
    if (hosts) await this.repository.replaceHosts(m, row.id, hosts);
    return this.face(row, hosts ?? current.hosts);
  }

  /** Why the environment keeps some of these settings of the store `default`, or null. */
  private fixedByEnvironment(handle: string, values: Settings): string | null {
    const env = this.envOf(handle);
    const fixed = SETTINGS.filter((f) => values[f] !== undefined && env[f] !== undefined);
    if (!fixed.length) return null;
    return `${fixed.map((f) => `${f} is set by ${DEFAULT_STORE_VARIABLES[f]}`).join('; ')} in this deployment's environment; the operator changes it there.`;
  }

  private face(row: Parameters<typeof storeFace>[0], hosts: string[]): StoreFace {
    return storeFace(row, hosts, this.config.defaultStoreFromEnv, this.config.storeUrl);
  }

  private envOf(handle: string): DefaultStoreEnv {
    return handle === DEFAULT_STORE ? this.config.defaultStoreFromEnv : {};
  }

  /** Whether the store's locale, as changed, can show amounts of its currency, as changed. */
  private shows(values: Settings, row: Store): boolean {
    if (values.currency === undefined && values.locale === undefined) return true;
    return localeProblem(values.locale ?? row.locale, values.currency ?? row.currency) === null;
  }
}
