import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The counts of a connection pool, as pg's pool keeps them. */
export interface PoolCounts {
  totalCount?: number;
  idleCount?: number;
  waitingCount?: number;
}

/**
 * Reads the application's database pool counts (for the metrics gauges): pg's pool on PostgreSQL;
 * undefined on the embedded database, which has none to show.
 */
export function poolStats(app: INestApplicationContext): () => PoolCounts | undefined {
  return () => (app.get(DataSource).driver as { master?: PoolCounts }).master;
}
