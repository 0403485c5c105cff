import type { EntityManager } from 'typeorm';
import { runStatement } from './statement.js';

/**
 * Runs `work` inside a savepoint of the transaction of `m`: when it throws, what it wrote is rolled
 * back (and an aborted transaction usable again), the rest of the transaction stays, and the error
 * goes on to the caller. An import applies the lines of a chunk this way, so a refused line leaves
 * the chunk's other lines to commit.
 */
export async function inSavepoint<T>(m: EntityManager, work: () => Promise<T>): Promise<T> {
  await runStatement(m, 'SAVEPOINT bulk_member', []);
  try {
    const result = await work();
    await runStatement(m, 'RELEASE SAVEPOINT bulk_member', []);
    return result;
  } catch (err) {
    await runStatement(m, 'ROLLBACK TO SAVEPOINT bulk_member', []);
    throw err;
  }
}
