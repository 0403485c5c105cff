import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { type DynamicModule, Logger, Module } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import type { Logger as Pino } from 'pino';
import { findBullQueues } from './common/health/bull-queues.js';
import { onStopSignals } from './common/health/stop-signals.js';
import { AppLogger } from './common/logging/app-logger.js';
import { createLogger } from './common/logging/logger.js';
import { LoggingModule } from './common/logging/logging.module.js';
import { type AppConfig, ConfigError, loadConfig } from './config/app-config.js';
import { JobsModule } from './common/jobs/jobs.module.js';
import { ConfigModule } from './config/config.module.js';
import { describeRedis } from './common/redis/redis-options.js';
import { embeddedDatabaseDir } from './database/data-source.js';
import { DatabaseModule } from './database/database.module.js';
import { EmbeddedDatabaseBusyError, lockEmbeddedDatabase } from './database/embedded-lock.js';
import { BulkModule } from './modules/bulk/bulk.module.js';
import { QuoteDeliveryModule } from './modules/quotes/quote-delivery.module.js';
import { WebhookDeliveryModule } from './modules/webhooks/webhook-delivery.module.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';
import { ALLOW_PRIVATE_WARNING } from './modules/webhooks/domain/url-rules.js';
import { instrumentApi } from './common/metrics/instrument.js';
import { serveMetrics } from './common/metrics/metrics.js';
import { StoresModule } from './modules/stores/stores.module.js';

/** How often the worker rewrites HEARTBEAT_FILE; a liveness check allows a few missed beats (docker-compose.yml: 30 s). */
const HEARTBEAT_MS = 5_000;

/**
 * Proof of life for a container's liveness check: the file's modification time is at most a few
 * seconds old while the worker's event loop turns. Written first once the worker has started (its
 * database connected, migrations applied), so a worker stuck at boot never looks alive.
 */
function startHeartbeat(file: string, logger: Logger): void {
  const beat = () => `${new Date().toISOString()}\n`;
  writeFileSync(file, beat()); // a path that cannot be written stops the worker at start, naming it
  let warned = false;
  setInterval(() => {
    writeFile(file, beat()).then(
      () => (warned = false),
      (err: unknown) => {
        if (!warned) logger.warn(`Could not write the heartbeat file ${file}: ${(err as Error).message}`);
        warned = true;
      },
    );
  }, HEARTBEAT_MS).unref();
}

/** How long the job in hand may take to finish after SIGTERM; a delivery cut off is taken over after its lease. */
const SHUTDOWN_GRACE_MS = 30_000;

/** Background work, without HTTP: the job kinds (quote e-mails from the send-quote queue and its sweep, webhook deliveries, bulk imports and exports). */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig, logger: Pino): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(logger),
        DiscoveryModule,
        DatabaseModule,
        StoresModule,
        JobsModule,
        WebhooksModule,
        QuoteDeliveryModule.forRoot(config, 'worker'),
        WebhookDeliveryModule.forRoot(config, 'worker'),
        BulkModule.forRoot(config, 'worker'),
      ],
    };
  }
}

async function bootstrap(): Promise<void> {
  const config = loadConfig(process.env, 'worker');
  if (!config.databaseUrl) lockEmbeddedDatabase(embeddedDatabaseDir(config), 'worker');
  const pino = createLogger(config.logLevel, 'worker');
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config, pino), { logger: AppLogger.over(pino) });
  const logger = new Logger('Worker');
  // Graceful stop: every queue stops taking jobs and waits for the ones in hand (which write their
  // outcome through the database pool), and only then does the app close the pools.
  const begin = (signal: NodeJS.Signals) => {
    logger.log(`${signal}: finishing the job in hand`);
    // Bull names its blocking connection in a promise nobody awaits: a queue closed while that
    // connection is still coming up (a SIGTERM right after start) leaves it rejected. Expected now.
    process.on('unhandledRejection', (err: unknown) => {
      if ((err as Error)?.message === 'Connection is closed.') return;
      logger.error(`Shutdown failed: ${(err as Error)?.message ?? String(err)}`);
      process.exit(1);
    });
    const cut = setTimeout(() => {
      logger.error(`The job in hand did not finish within ${SHUTDOWN_GRACE_MS / 1000} s; exiting without it.`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    Promise.all(findBullQueues(app).map((q) => q.close()))
      .then(() => app.close())
      .then(
        () => {
          clearTimeout(cut);
          logger.log('Stopped.');
          process.exit(0);
        },
        (err: unknown) => {
          logger.error(`Shutdown failed: ${(err as Error).message}`);
          process.exit(1);
        },
      );
  };
  onStopSignals(begin, (signal) => {
    logger.warn(`${signal} again: exiting now.`);
    process.exit(1);
  });
  if (config.heartbeatFile) startHeartbeat(config.heartbeatFile, logger);
  if (config.workerMetricsPort !== null) {
    instrumentApi(app, 'worker');
    await serveMetrics(config.workerMetricsPort);
    logger.log(`Metrics on http://localhost:${config.workerMetricsPort}/metrics`);
  }
  if (config.webhookAllowPrivate) logger.warn(ALLOW_PRIVATE_WARNING);
  if (config.redis) logger.log(`Consuming the send-quote queue on ${describeRedis(config.redis)}.`);
  else logger.warn('REDIS_URL is not set (nor REDIS_SENTINELS): there is no queue to consume; the api delivers e-mails itself.');
}

bootstrap().catch((err: unknown) => {
  const plain = err instanceof ConfigError || err instanceof EmbeddedDatabaseBusyError;
  console.error(plain ? err.message : `Could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
