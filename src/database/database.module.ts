import { Global, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { dataSourceOptions } from './data-source.js';
import { runPendingMigrations } from './migrate.js';
import { ReadRouter } from './replicas/read-router.js';
import { TransactionRunner } from './transaction.js';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config),
        migrationsRun: config.migrationsRun,
        // Fail fast with one clear line instead of retrying for minutes.
        retryAttempts: 0,
      }),
      // MIGRATIONS_RUN: applied here rather than by TypeORM's own `migrationsRun`, under the advisory
      // lock that lets any number of processes start together on the same database.
      dataSourceFactory: async (options?: DataSourceOptions) => {
        const ds = await new DataSource({ ...options!, migrationsRun: false }).initialize();
        if (!options!.migrationsRun) return ds;
        try {
          await runPendingMigrations(ds, () => new Logger('Migrations').log('Another process is applying the migrations; waiting for it.'));
          return ds;
        } catch (err) {
          await ds.destroy();
          throw err;
        }
      },
    }),
  ],
  providers: [TransactionRunner, ReadRouter],
  exports: [TransactionRunner, ReadRouter],
})
export class DatabaseModule {}
