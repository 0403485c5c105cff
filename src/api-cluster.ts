import cluster, { type Worker } from 'node:cluster';
import type { AppConfig } from './config/app-config.js';
import { onStopSignals } from './common/health/stop-signals.js';
import { createLogger } from './common/logging/logger.js';
import { createDataSource } from './database/data-source.js';
import { serveMetrics } from './common/metrics/metrics.js';
import { runPendingMigrations } from './database/migrate.js';
import { Clusters } from './database/clusters/clusters.js';
import { ClustersRepository } from './database/clusters/clusters.repository.js';

/** The message the primary sends a worker to drain and stop (a signal would also reach it from a terminal). */
export const SHUTDOWN_MESSAGE = 'store:shutdown';

/**
 * WEB_CONCURRENCY > 1: this process is the primary of a node:cluster. It applies the migrations once,
 * then forks that many api processes which share PORT (the primary accepts and hands connections
 * round-robin). A worker that dies after it started listening is replaced; one that dies before is
 * a broken start, and the whole api stops rather than fork in a loop. SIGTERM/SIGINT are passed on
 * as a drain (each worker finishes its requests in flight) and the primary exits 0 once all have
 * stopped. A signal sent to the whole process group (Ctrl-C, systemd) reaches the workers too: they
 * take it as the same drain, and only the primary acts on a second one, by killing them at once.
 */
export async function runPrimary(config: AppConfig): Promise<void> {
  const log = createLogger(config.logLevel, 'api').child({ context: 'Cluster' });
  if (config.migrationsRun) {
    // Once, here, rather than in each of the N processes (which the advisory lock would make safe, but slower).
    const ds = createDataSource(config);
    await ds.initialize();
    try {
      const applied = await runPendingMigrations(ds, config.databaseDirectUrl, () =>
        log.info('Another process is applying the migrations; waiting for it.'),
      );
      if (applied.length) log.info(`Applied migrations: ${applied.map((m) => m.name).join(', ')}`);
      // And the other clusters', which are placed too (src/database/clusters/clusters.ts).
      await (await Clusters.started(ds, config, new ClustersRepository())).onApplicationShutdown();
    } finally {
      await ds.destroy();
    }
  }

  const listening = new Set<number>();
  let stopping = false;
  let failed = false;
  const fork = () => {
    const worker = cluster.fork({ MIGRATIONS_RUN: 'false' });
    worker.once('listening', () => {
      listening.add(worker.id);
      log.info(`api process ${worker.process.pid} listening (${listening.size} of ${config.webConcurrency})`);
    });
    return worker;
  };
  // cluster.workers drops a worker only once it has both exited and disconnected, in either order: in
  // the 'exit' of the last one its IPC channel may still be open, so the dead are left out here (else
  // the primary would never see "none left", and would end without its "Stopped." when its loop empties).
  const alive = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
  const stopAll = (hard: boolean) => {
    for (const w of alive()) {
      // An api process ignores repeated signals (the group's may have reached it already), so "now" is SIGKILL.
      if (hard) w.process.kill('SIGKILL');
      else if (w.isConnected()) w.send(SHUTDOWN_MESSAGE);
      else w.process.kill('SIGTERM');
    }
  };

  cluster.on('exit', (worker, code, signal) => {
    const how = signal ?? `code ${code}`;
    if (stopping) {
      // A process the group's signal reached before it had installed its handlers had nothing in flight.
      if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGINT') failed = true;
      if (alive().length === 0) {
        log.info('Stopped.');
        process.exit(failed ? 1 : 0);
      }
      return;
    }
    if (!listening.has(worker.id)) {
      log.error(`api process ${worker.process.pid} exited (${how}) before it was listening; stopping the others.`);
      stopping = true;
      failed = true;
      stopAll(false);
      if (alive().length === 0) process.exit(1);
      return;
    }
    listening.delete(worker.id);
    log.warn(`api process ${worker.process.pid} exited (${how}); starting another.`);
    fork();
  });

  onStopSignals(
    (signal) => {
      stopping = true;
      log.info(`${signal}: draining ${alive().length} api processes`);
      stopAll(false);
    },
    (signal) => {
      log.warn(`${signal} again: stopping the api processes now.`);
      failed = true;
      stopAll(true);
    },
  );

  log.info(`Starting ${config.webConcurrency} api processes on port ${config.port}`);
  for (let i = 0; i < config.webConcurrency; i++) fork();
  // One scrape of the primary shows the whole cluster: it sums what each api process reports.
  if (config.metricsPort !== null) await serveMetrics(config.metricsPort, { cluster: true });
}
