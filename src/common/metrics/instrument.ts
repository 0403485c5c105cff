import cluster from 'node:cluster';
import type { INestApplicationContext } from '@nestjs/common';
import { AggregatorRegistry } from 'prom-client';
import { poolStats } from '../../database/pool-stats.js';
import { findBullQueues } from '../health/bull-queues.js';
import { collectProcessMetrics, watchPool, watchQueues } from './metrics.js';

/**
 * Gauges of an api or worker process: process, pool and queues. In an api process of a cluster
 * it also answers the primary's requests for its figures (prom-client's aggregator listens for them).
 */
export function instrumentApi(app: INestApplicationContext, role: 'api' | 'worker' = 'api'): void {
  collectProcessMetrics(role);
  watchPool(poolStats(app));
  watchQueues(() => findBullQueues(app));
  if (cluster.isWorker) new AggregatorRegistry();
}
