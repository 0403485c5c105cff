import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource, type Migration } from 'typeorm';
import { type AppConfig, type ClusterConfig, HOME_CLUSTER } from '../../config/app-config.js';
import { registerConstraintFields } from '../constraint-fields.js';
import { dataSourceOptions } from '../data-source.js';
import { runPendingMigrations } from '../migrate.js';
import { currentCluster } from './cluster-scope.js';
import { ClustersRepository } from './clusters.repository.js';

/** PostgreSQL's code for a table that does not exist: a database not migrated yet. */
const UNDEFINED_TABLE = '42P01';

/**
 * The PostgreSQL clusters of the deployment (docs/api.md#clusters), each a data source of its own:
 * `home` (DATABASE_URL, which keeps the store directory) and those DATABASE_CLUSTERS names. Every
 * process holds a pool to each; TransactionRunner sends the work in hand to its cluster
 * (cluster-scope.ts), and every pass of background work runs once per cluster.
 *
 * Made started (DatabaseModule's factory): the other clusters are connected, migrated when the home
 * is (MIGRATIONS_RUN, or `db:migrate`), and placed: each database says which cluster it is (a
 * database another name already claimed is refused), and with more than one cluster every id
 * sequence of each hands out the ids of the cluster's own residue modulo 16 only.
 */
export class Clusters implements OnApplicationShutdown {
  private readonly logger = new Logger('Clusters');

  private constructor(
    private readonly home: DataSource,
    private readonly homeDirectUrl: string | null,
    private readonly others: Map<string, { config: ClusterConfig; dataSource: DataSource }>,
    private readonly repository: ClustersRepository,
  ) {}

  static async started(home: DataSource, config: AppConfig, repository: ClustersRepository): Promise<Clusters> {
    const others = new Map<string, { config: ClusterConfig; dataSource: DataSource }>();
    const clusters = new Clusters(home, config.databaseDirectUrl, others, repository);
    try {
      for (const c of config.databaseClusters) {
        const dataSource = new DataSource({ ...dataSourceOptions({ ...config, databaseUrl: c.url }), migrationsRun: false });
        others.set(c.name, { config: c, dataSource });
        await dataSource.initialize().catch((err: Error) => {
          throw new Error(`The cluster "${c.name}" (DATABASE_CLUSTERS) could not be reached: ${err.message}`);
        });
        registerConstraintFields(dataSource);
      }
      if (config.migrationsRun)
        await clusters.migrate(() => clusters.logger.log('Another process is applying the migrations; waiting for it.'));
      await clusters.place().catch((err: { code?: string }) => {
        // Not migrated yet, and not this process's to migrate: `db:migrate` places them.
        if (config.migrationsRun || err.code !== UNDEFINED_TABLE) throw err;
      });
      return clusters;
    } catch (err) {
      await clusters.onApplicationShutdown();
      throw err;
    }
  }

  /** Every cluster's name, `home` first. */
  get names(): string[] {
    return [HOME_CLUSTER, ...this.others.keys()];
  }

  /** The id space of each cluster, as the home's register gave it (`home` 0); known once placed. */
  private readonly spaces = new Map<string, number>([[HOME_CLUSTER, 0]]);

  /** The id space of the cluster `name` (its ids' residue modulo 16). */
  spaceOf(name: string): number {
    const space = this.spaces.get(name);
    if (space === undefined) throw new Error(`The cluster "${name}" is not placed yet: run db:migrate.`);
    return space;
  }

  /** A session connection to the cluster `name` (its DIRECT_URL): what another cluster's subscription connects to. */
  directUrlOf(name: string): string {
    if (name === HOME_CLUSTER) {
      if (!this.homeDirectUrl) throw new Error('The embedded database is one cluster: nothing moves to or from it.');
      return this.homeDirectUrl;
    }
    return this.others.get(name)!.config.directUrl;
  }

  /** Whether `name` is a cluster of this deployment. */
  has(name: string): boolean {
    return name === HOME_CLUSTER || this.others.has(name);
  }

  /** The data source of the cluster `name` (default: the one the work in hand runs on). */
  dataSource(name = currentCluster()): DataSource {
    if (name === HOME_CLUSTER) return this.home;
    const other = this.others.get(name);
    if (!other) throw new Error(`The cluster "${name}" is not one DATABASE_CLUSTERS names in this process.`);
    return other.dataSource;
  }

  /**
   * Applies every cluster's pending migrations but the home's (DatabaseModule or `db:migrate` runs
   * those first), each under its own lock (DATABASE_CLUSTER_<NAME>_DIRECT_URL); answers them by cluster.
   */
  async migrate(onWait?: () => void): Promise<Record<string, Migration[]>> {
    const applied: Record<string, Migration[]> = {};
    for (const [name, { config, dataSource }] of this.others)
      applied[name] = await runPendingMigrations(dataSource, config.directUrl, onWait);
    return applied;
  }

  /**
   * Places every cluster: the home claims to be `home`, each other cluster gets its id space from the
   * home's register and claims it on its own database (a database another name claimed already is
   * refused), and with more than one cluster every id sequence of each is put in its space, the
   * others' above the home's values. Safe to run again, by any number of processes at once.
   */
  async place(): Promise<void> {
    const homeRows = await this.repository.claim(this.home.manager, HOME_CLUSTER, 0);
    if (!homeRows.some((r) => r.name === HOME_CLUSTER && r.id_space === 0))
      throw new Error(`DATABASE_URL is the database of the cluster "${homeRows[0]?.name}", not of a home: point it at the home cluster.`);
    if (this.others.size === 0) return;
    for (const name of this.others.keys()) {
      const space = await this.home.transaction((m) => this.repository.enroll(m, name));
      if (space === null)
        throw new Error(`The cluster "${name}" cannot be enrolled: the home's register has no free id space (16 in all).`);
      const rows = await this.repository.claim(this.dataSource(name).manager, name, space);
      if (rows.length !== 1 || rows[0].name !== name || rows[0].id_space !== space)
        throw new Error(
          `DATABASE_CLUSTERS names "${name}" at a database that is ${rows.map((r) => `"${r.name}"`).join(', ')}: each cluster needs a database of its own.`,
        );
      this.spaces.set(name, space);
    }
    await this.repository.placeSequences(this.home.manager, 0, {});
    const floors = await this.repository.sequenceValues(this.home.manager);
    for (const name of this.others.keys()) await this.repository.placeSequences(this.dataSource(name).manager, this.spaceOf(name), floors);
  }

  async onApplicationShutdown(): Promise<void> {
    for (const { dataSource } of this.others.values()) if (dataSource.isInitialized) await dataSource.destroy().catch(() => undefined);
  }
}
