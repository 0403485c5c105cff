import { Global, Logger, Module } from '@nestjs/common';
import { TypeOrmModule, type TypeOrmModuleOptions } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Clusters } from './clusters/clusters.js';
import { ClustersRepository } from './clusters/clusters.repository.js';
import { registerConstraintFields } from './constraint-fields.js';
import { dataSourceOptions } from './data-source.js';
import { runPendingMigrations } from './migrate.js';
import { ReadRouter } from './replicas/read-router.js';
import { TransactionRunner } from './transaction.js';

/** The data source's options, and where the migration lock is taken (DATABASE_DIRECT_URL). */
type DatabaseOptions = TypeOrmModuleOptions & { migrationLockUrl: string | null };

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): DatabaseOptions => ({
        ...dataSourceOptions(config),
        migrationsRun: config.migrationsRun,
        // Fail fast with one clear line instead of retrying for minutes.
        retryAttempts: 0,
        migrationLockUrl: config.databaseDirectUrl,
      }),
      // MIGRATIONS_RUN: applied here rather than by TypeORM's own `migrationsRun`, under the advisory
      // lock that lets any number of processes start together on the same database.
      dataSourceFactory: async (options?: DataSourceOptions) => {
        const { migrationLockUrl, ...dataSource } = options as DataSourceOptions & Pick<DatabaseOptions, 'migrationLockUrl'>;
        const ds = await new DataSource({ ...dataSource, migrationsRun: false }).initialize();
        registerConstraintFields(ds);
        if (!dataSource.migrationsRun) return ds;
        try {
          await runPendingMigrations(ds, migrationLockUrl, () =>
            new Logger('Migrations').log('Another process is applying the migrations; waiting for it.'),
          );
          return ds;
        } catch (err) {
          await ds.destroy();
          throw err;
        }
      },
    }),
  ],
  providers: [
    TransactionRunner,
    ReadRouter,
    ClustersRepository,
    // The other clusters connected, migrated and placed, after the home (this DataSource) is.
    { provide: Clusters, inject: [DataSource, APP_CONFIG, ClustersRepository], useFactory: Clusters.started },
  ],
  exports: [TransactionRunner, ReadRouter, Clusters, ClustersRepository],
})
export class DatabaseModule {}
