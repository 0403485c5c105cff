import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ThreadPool, threadFile } from '../../common/threads/thread-pool.js';
import type { CheckedLines, LinesToCheck } from './line-check.js';

/** How much lower than the process the checking threads run (see ThreadPool's `nice`). */
const CHECK_NICE = 10;

/**
 * Checks import lines on a thread (line-worker.ts): parsing and validating a chunk is most of an
 * import's CPU, and on the event loop it would hold back the statements of the chunk being written
 * (their replies wait for the loop) and, in the api, its requests. One thread: the process runs one
 * import at a time and checks one chunk ahead; at a lower priority, so that on a busy host the api's
 * requests go first.
 */
@Injectable()
export class LineChecks implements OnApplicationShutdown {
  private readonly pool = new ThreadPool<LinesToCheck, CheckedLines>(
    'import line check',
    threadFile(import.meta.url, 'line-worker.js'),
    1,
    30_000,
    // A small young generation: the thread's garbage is short-lived, and the process's RSS stays bounded.
    { nice: CHECK_NICE, resourceLimits: { maxYoungGenerationSizeMb: 8 } },
  );

  check(lines: LinesToCheck): Promise<CheckedLines> {
    return this.pool.run(lines);
  }

  onApplicationShutdown(): Promise<void> {
    return this.pool.close();
  }
}
