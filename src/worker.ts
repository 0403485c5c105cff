import 'reflect-metadata';
import { Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigError, loadConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';

/** Background jobs, without HTTP. Queue consumers register in WorkerModule's imports. */
@Module({ imports: [ConfigModule, DatabaseModule] })
export class WorkerModule {}

async function bootstrap(): Promise<void> {
  loadConfig();
  const app = await NestFactory.createApplicationContext(WorkerModule, { logger: ['error', 'warn', 'log'] });
  app.enableShutdownHooks();
  new Logger('Worker').log('Worker started; migrations applied.');
}

bootstrap().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : `Could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
