import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ApiError } from '../../common/http/api-error.js';
import { MemorySlotStore, RedisSlotStore, type SlotStore } from '../../common/concurrency/slots.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

/** Uploads arriving at once per store (docs/api.md#bulk-import-and-export); the next one is refused with 429. */
const UPLOADS_PER_STORE = 4;

/** The store whose uploads are counted: one per deployment until there are several. */
const DEFAULT_STORE = 'default';

/** Seconds a refused upload is told to wait (`Retry-After`). */
const RETRY_AFTER_S = 10;

/**
 * Lease of a slot: renewed every third of it while its upload lives, so a slot whose process died
 * (crashed mid-upload, never gave it back) lapses within this.
 */
const LEASE_MS = 30_000;

/** How often a Redis outage is logged; uploads are then counted per process. */
const WARN_EVERY_MS = 30_000;

/** A slot held by one upload: give it back with `release`, once, however the upload ended. */
export interface UploadSlot {
  release(): Promise<void>;
}

/**
 * The count of uploads arriving at once, per store: in Redis when there is one (every api process
 * shares it), in the process otherwise, and in the process too while Redis cannot be reached.
 */
@Injectable()
export class UploadSlots implements OnApplicationShutdown {
  private readonly logger = new Logger('Uploads');
  private readonly memory = new MemorySlotStore();
  private readonly shared: RedisSlotStore | null;
  private readonly prefix: string;
  private lastWarning = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.prefix = `${config.queuePrefix}:upload-slots:`;
    this.shared = config.redis ? new RedisSlotStore(config.redis, (err) => this.warn(err)) : null;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.shared?.close();
  }

  /** A slot of `store`'s uploads, or 429 with Retry-After when UPLOADS_PER_STORE are arriving already. */
  async acquire(store = DEFAULT_STORE): Promise<UploadSlot> {
    const key = `${this.prefix}${store}`;
    const id = randomUUID();
    let holder: SlotStore = this.shared ?? this.memory;
    let taken: boolean;
    try {
      taken = await holder.take(key, id, UPLOADS_PER_STORE, LEASE_MS);
    } catch (err) {
      this.warn(err as Error);
      holder = this.memory;
      taken = await holder.take(key, id, UPLOADS_PER_STORE, LEASE_MS);
    }
    if (!taken)
      throw new ApiError(
        429,
        `At most ${UPLOADS_PER_STORE} uploads may arrive at once; retry in ${RETRY_AFTER_S} s, or once one of them has ended.`,
        { 'Retry-After': String(RETRY_AFTER_S) },
      );
    const renewal = setInterval(() => holder.renew(key, id, LEASE_MS).catch((err: Error) => this.warn(err)), LEASE_MS / 3);
    renewal.unref();
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        clearInterval(renewal);
        // A slot that cannot be given back (Redis away) lapses with its lease.
        await holder.release(key, id).catch((err: Error) => this.warn(err));
      },
    };
  }

  private warn(err: Error): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.logger.warn(`Uploads are counted per process while Redis cannot be reached: ${err.message}`);
  }
}
