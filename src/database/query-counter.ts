import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger as TypeOrmLogger } from 'typeorm';

/**
 * Counts SQL statements, TypeORM's and hand-written ones. Tests read it around one request to prove
 * that a page costs a fixed number of queries however many rows it holds; background work (the
 * outbox poller) runs under `uncounted` so a timer firing mid-request cannot change the count.
 * Nothing is counted, and TypeORM gets no logger, until a test, the benchmark or
 * `npm run sql:snapshot` calls `installStatementCounter()` before the data source is created;
 * the api, worker and CLI never do.
 */
export const queryCounter = {
  count: 0,
  statements: [] as string[],
  /** The parameters of each recorded statement. */
  parameters: [] as unknown[][],
  recording: false,
  reset(record = false): void {
    this.count = 0;
    this.statements = [];
    this.parameters = [];
    this.recording = record;
  },
};

let installed = false;

/** Counts statements from now on (data sources created afterwards log to the counter). */
export function installStatementCounter(): void {
  installed = true;
}

export function statementCounterInstalled(): boolean {
  return installed;
}

/** Counts one statement (unless it belongs to background work). */
export function countStatement(query: string, parameters: unknown[] = []): void {
  if (!installed || background.getStore()) return;
  queryCounter.count++;
  if (queryCounter.recording) {
    queryCounter.statements.push(query);
    queryCounter.parameters.push(parameters);
  }
}

export class CountingLogger implements TypeOrmLogger {
  logQuery(query: string, parameters?: unknown[]): void {
    countStatement(query, parameters);
  }
  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}

const background = new AsyncLocalStorage<true>();

/** Runs background work whose queries the counter leaves out. */
export function uncounted<T>(work: () => T): T {
  return background.run(true, work);
}
