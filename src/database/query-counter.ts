import type { Logger as TypeOrmLogger } from 'typeorm';

/**
 * Counts SQL statements sent through TypeORM. Tests read it around one request to prove that
 * a page costs a fixed number of queries however many rows it holds.
 */
export const queryCounter = {
  count: 0,
  statements: [] as string[],
  recording: false,
  reset(record = false): void {
    this.count = 0;
    this.statements = [];
    this.recording = record;
  },
};

export class CountingLogger implements TypeOrmLogger {
  logQuery(query: string): void {
    queryCounter.count++;
    if (queryCounter.recording) queryCounter.statements.push(query);
  }
  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}
