import 'reflect-metadata';
import { type DynamicModule, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppLogger } from './common/logging/app-logger.js';
import { type AppConfig, ConfigError, loadConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { QuotesModule } from './modules/quotes/quotes.module.js';

/** Background jobs, without HTTP: the send-quote consumer and the delivery sweep. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: WorkerModule, imports: [ConfigModule.forRoot(config), DatabaseModule, QuotesModule.forRoot(config, 'worker')] };
  }
}

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: new AppLogger({ logLevels: ['error', 'warn', 'log'] }),
  });
  const logger = new Logger('Worker');
  // Graceful stop: Bull lets the job in hand finish before the queue closes.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.log(`${signal}: finishing the job in hand`);
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          console.error(`Shutdown failed: ${(err as Error).message}`);
          process.exit(1);
        },
      );
    });
  }
  if (config.redisUrl) logger.log(`Consuming the send-quote queue on ${new URL(config.redisUrl).host}.`);
  else logger.warn('REDIS_URL is not set: there is no queue to consume; the api delivers e-mails itself.');
}

bootstrap().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : `Could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
