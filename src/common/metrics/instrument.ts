import cluster from 'node:cluster';
import type { INestApplicationContext } from '@nestjs/common';
import { AggregatorRegistry } from 'prom-client';
import { DataSource } from 'typeorm';
import { findBullQueues } from '../health/bull-queues.js';
import { collectProcessMetrics, watchPool, watchQueues } from './metrics.js';

/** The database pool's counts: pg's pool on PostgreSQL; the embedded database has none to show. */
const poolOf = (app: INestApplicationContext) => () =>
  (app.get(DataSource).driver as { master?: { totalCount?: number; idleCount?: number; waitingCount?: number } }).master;

/**
 * Gauges of an api or worker process: process, pool and queues. In an api process of a cluster
 * it also answers the primary's requests for its figures (prom-client's aggregator listens for them).
 */
export function instrumentApi(app: INestApplicationContext, role: 'api' | 'worker' = 'api'): void {
  collectProcessMetrics(role);
  watchPool(poolOf(app));
  watchQueues(() => findBullQueues(app));
  if (cluster.isWorker) new AggregatorRegistry();
}
