import 'reflect-metadata';
import cluster from 'node:cluster';
import { Logger } from '@nestjs/common';
import { SHUTDOWN_MESSAGE, runPrimary } from './api-cluster.js';
import { createApp } from './app.factory.js';
import { ShutdownState, drainHttpServer } from './common/health/shutdown.js';
import { onStopSignals } from './common/health/stop-signals.js';
import { APP_CONFIG, type AppConfig, ConfigError, loadConfig } from './config/app-config.js';
import { embeddedDatabaseDir } from './database/data-source.js';
import { EmbeddedDatabaseBusyError, lockEmbeddedDatabase } from './database/embedded-lock.js';
import { DemoSeeder } from './modules/demo/demo.seeder.js';
import { serveMetrics } from './common/metrics/metrics.js';
import { ALLOW_PRIVATE_WARNING } from './modules/webhooks/domain/url-rules.js';

/** How long requests in flight may take to finish after SIGTERM before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

async function bootstrap(): Promise<void> {
  const settings = loadConfig(); // a bad variable stops here, before anything else starts
  if (cluster.isPrimary && settings.webConcurrency > 1) return runPrimary(settings);
  // The embedded database belongs to one process (a cluster needs DATABASE_URL, so this is it).
  if (!settings.databaseUrl) lockEmbeddedDatabase(embeddedDatabaseDir(settings), 'api');
  const app = await createApp();
  const config = app.get<AppConfig>(APP_CONFIG);
  // The demo data is for the embedded database, which never runs as a cluster; a worker never seeds.
  if (cluster.isPrimary) await app.get(DemoSeeder).onFirstRun();
  await app.listen(config.port);
  // Metrics on a port of their own; in a cluster the primary serves the sum of its api processes.
  if (config.metricsPort !== null && cluster.isPrimary) await serveMetrics(config.metricsPort);
  const logger = new Logger('Store API');
  // Graceful stop: stop accepting, let requests in flight finish (idle keep-alive connections are
  // closed at once, busy ones after their response), then close the pools and exit. A second
  // signal, or requests still running after the grace period, end it sooner; in a cluster only the
  // primary decides that, so an api process ignores a repeated signal (see onStopSignals).
  const begin = (signal: NodeJS.Signals) => {
    logger.log(`${signal}: shutting down`);
    app.get(ShutdownState).begin();
    drainHttpServer(app.getHttpServer(), SHUTDOWN_GRACE_MS)
      .then((outcome) => {
        if (outcome === 'cut') logger.warn(`Requests still running after ${SHUTDOWN_GRACE_MS / 1000} s were cut off.`);
        return app.close();
      })
      .then(
        () => {
          logger.log('Stopped.');
          process.exit(0);
        },
        (err: unknown) => {
          logger.error(`Shutdown failed: ${(err as Error).message}`);
          process.exit(1);
        },
      );
  };
  const exitNow = (signal: NodeJS.Signals) => {
    logger.warn(`${signal} again: exiting now.`);
    process.exit(1);
  };
  const stop = onStopSignals(begin, cluster.isWorker ? undefined : exitNow);
  if (cluster.isWorker) {
    // The primary asks for a drain by message (a terminal's Ctrl-C may already have sent SIGINT to
    // the whole process group: the drain has begun, and the message changes nothing); if the
    // primary is gone, nothing would restart or stop this process, so it drains too.
    process.on('message', (m) => m === SHUTDOWN_MESSAGE && stop('SIGTERM'));
    process.on('disconnect', () => stop('SIGTERM'));
  }
  if (config.webhookAllowPrivate) logger.warn(ALLOW_PRIVATE_WARNING);
  logger.log(
    `Listening on http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : `embedded database in ${config.dataDir}`})`,
  );
}

bootstrap().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof EmbeddedDatabaseBusyError) console.error(err.message);
  else console.error(`Could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
