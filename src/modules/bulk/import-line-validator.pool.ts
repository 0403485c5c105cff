import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { ThreadPool, threadFile } from '../../common/threads/thread-pool.js';
import { BulkResourceRegistry } from './bulk-resource.registry.js';
import type { LinesToValidate, ValidatedLines } from './import-line.validator.js';
import type { StoredLine } from './repositories/imports.repository.js';

/** How much lower than the process the validation threads run (see ThreadPool's `nice`). */
const VALIDATOR_NICE = 10;

/** A chunk's lines to validate as a resource's members. */
interface LinesToCheck {
  resource: string;
  lines: StoredLine[];
}

/**
 * Validates import lines on a thread (import-line-validator.worker.ts): parsing and validating a
 * chunk is most of an import's CPU, and on the event loop it would hold back the statements of the
 * chunk being written (their replies wait for the loop) and, in the api, its requests. One thread:
 * the process runs one import at a time and validates one chunk ahead; at a lower priority, so that
 * on a busy host the api's requests go first.
 */
@Injectable()
export class ImportLineValidatorPool implements OnApplicationShutdown {
  private readonly pool = new ThreadPool<LinesToValidate, ValidatedLines>(
    'import line validation',
    threadFile(import.meta.url, 'import-line-validator.worker.js'),
    1,
    30_000,
    // The young generation the thread always had (`npm run worker`'s 8 MiB semi-spaces, which V8 used
    // over the 8 once written here): the thread's garbage is short-lived, and a smaller nursery costs
    // the import time in collections.
    { nice: VALIDATOR_NICE, resourceLimits: { maxYoungGenerationSizeMb: 24 } },
  );

  constructor(private readonly resources: BulkResourceRegistry) {}

  check({ resource, lines }: LinesToCheck): Promise<ValidatedLines> {
    const adapter = this.resources.get(resource);
    return this.pool.run({ source: { file: adapter.memberFile, name: adapter.member.name, keyField: adapter.key.field }, lines });
  }

  onApplicationShutdown(): Promise<void> {
    return this.pool.close();
  }
}
