import type { Logger } from '@nestjs/common';
import { isDependencyFailure } from '../../common/http/exception.filter.js';
import { backoffMs } from '../../common/jobs/domain/backoff.js';

/** Attempts of a chunk that fails with nothing to blame before its job fails. */
const CHUNK_ATTEMPTS = 3;

/**
 * The failures in a row of an export's chunks (an import counts its attempts in its row, as a process
 * that dies during one must count too: see ImportRunner), and what each means: the
 * database away is rethrown (the claim outlives the outage or lapses, and the chunk goes again then);
 * anything else no line explains (a fault of the store) has the chunk go again twice, after a pause,
 * then the job fails as a whole rather than loop on it.
 */
export class ChunkRetryPolicy {
  private count = 0;

  constructor(
    private readonly logger: Logger,
    /** The job as the log names it: `Import 12`. */
    private readonly job: string,
  ) {}

  /** A chunk committed: the count starts again. */
  succeeded(): void {
    this.count = 0;
  }

  /** A chunk failed with `err`: false once it has paused before the next attempt, true when the job must fail. */
  async failed(err: unknown): Promise<boolean> {
    if (isDependencyFailure(err)) throw err;
    if (++this.count < CHUNK_ATTEMPTS) {
      this.logger.warn(`${this.job}: a chunk failed (${(err as Error).message}); trying it again`);
      await new Promise((resolve) => setTimeout(resolve, backoffMs(this.count, { baseMs: 250 })));
      return false;
    }
    this.logger.error(`${this.job} failed: ${(err as Error).stack ?? String(err)}`);
    return true;
  }
}
