import type { Logger, OnApplicationBootstrap, OnApplicationShutdown, Provider, Type } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, HOME_CLUSTER } from '../../config/app-config.js';
import { runOnCluster } from '../../database/clusters/cluster-scope.js';
import { Clusters } from '../../database/clusters/clusters.js';
import { uncounted } from '../../database/query-counter.js';
import { leaseProblem } from './domain/lease.js';
import { FailureLogger } from './failure.logger.js';
import { JobWakeups } from './job-wakeups.service.js';

/**
 * A job kind: what one pass of its loop does. A pass claims what is due (with the leased, fenced
 * claims of claim-keeper.ts and src/database/sql/claims.ts: a lease renewed by a ClaimKeeper while the work is in hand, an
 * outcome written only under the claim's token), works on it and records the outcomes; it is safe
 * to run again, by this process or another, since a claim decides who works on what.
 */
export interface JobHandler {
  /**
   * Claims what is due and works on it; answers how much it took (0: nothing was due, and the loop
   * waits for its poll or a wake-up). `stopping()` turns true at shutdown: work that can stop
   * between steps (a chunk of an import) does so, and gives its claim back.
   */
  pass(stopping: () => boolean): Promise<number>;
  /** After the last pass at shutdown: what the kind opened (connections) is closed here. */
  close?(): void;
}

export interface JobEngineOptions {
  /** The kind as its failure log names it: `<name> pass failed: …`. */
  name: string;
  logger: Logger;
  /** Passes running at once (each its own loop); 0 in a process that only runs the kind on request. */
  loops: number;
  /** The wait after a pass that took nothing, unless woken first. */
  pollMs: number;
  /** The lease the kind claims with, and its variable: one that breaks the takeover bound is said at start. */
  lease?: { variable: string; seconds: number };
  /**
   * The PostgreSQL clusters a pass runs on, one after the other (docs/api.md#clusters): each cluster
   * keeps its stores' work, and every process works on all of them. Default: the home alone.
   */
  clusters?: string[];
}

/**
 * The loop every kind of background work runs on: `loops` loops of passes, each pass followed by
 * the next at once while there was work, or by a pause of `pollMs` that a wake-up ends early (the
 * api wakes it after committing new work; Bull's consumer and the sweeps are wake-ups of their
 * own). A pass runs on every cluster in turn; one that fails there (the database away) is logged
 * through a FailureLogger and tried again at the next poll, and the other clusters' work goes on. At shutdown the pauses end, the passes under way finish (or stop between
 * steps), and only then does the application close its pools.
 */
export class JobEngine implements OnApplicationBootstrap, OnApplicationShutdown {
  private stopped = false;
  private loops: Promise<void>[] = [];
  private readonly pauses = new Set<() => void>();
  /** Set by a wake-up and cleared when a pass starts: a wake-up during a pass runs another. */
  private woken = false;
  private asleep = 0;
  private readonly idleWaiters = new Set<() => void>();
  private readonly failures: FailureLogger;
  readonly stopping = (): boolean => this.stopped;

  constructor(
    private readonly handler: JobHandler,
    private readonly options: JobEngineOptions,
  ) {
    this.failures = new FailureLogger((err, count) => {
      const more = count > 1 ? ` (and ${count - 1} more since the last report)` : '';
      options.logger.error(`${options.name} pass failed: ${err.message}${more}`);
    });
  }

  onApplicationBootstrap(): void {
    const { lease, logger, pollMs, loops } = this.options;
    const problem = lease && leaseProblem(lease.variable, lease.seconds, pollMs);
    if (problem) logger.warn(problem);
    this.loops = Array.from({ length: loops }, () => uncounted(() => this.loop()));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const end of [...this.pauses]) end();
    await Promise.all(this.loops);
    this.handler.close?.();
    for (const done of [...this.idleWaiters]) done();
  }

  /** New work was committed in this process: look now rather than at the next poll. */
  wake(): void {
    if (this.stopped) return;
    this.woken = true;
    for (const end of [...this.pauses]) end();
  }

  /** Resolves once every loop found nothing due and pauses (or the engine stopped). */
  async idle(): Promise<void> {
    while (!this.stopped && this.loops.length > 0 && (this.woken || this.asleep < this.loops.length)) {
      await new Promise<void>((resolve) => this.idleWaiters.add(resolve));
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      let taken = 0;
      for (const cluster of this.options.clusters ?? [HOME_CLUSTER]) {
        if (this.stopped) break;
        try {
          taken += await runOnCluster(cluster, () => this.handler.pass(this.stopping));
        } catch (err) {
          if (!this.stopped) this.failures.failed(err);
        }
      }
      if (taken === 0 && !this.stopped && !this.woken) await this.pause();
    }
  }

  private pause(): Promise<void> {
    this.asleep++;
    for (const done of [...this.idleWaiters]) {
      this.idleWaiters.delete(done);
      done();
    }
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.pauses.delete(end);
        this.asleep--;
        resolve();
      };
      const timer = setTimeout(end, this.options.pollMs);
      this.pauses.add(end);
    });
  }
}

/**
 * The provider of a kind's engine: `kind` is a JobEngine over the `handler` provider, with the
 * options `options` reads from config, on every cluster, and it is the kind's wake-up (JobWakeups)
 * in this process.
 */
export function jobEngineProvider<H extends JobHandler>(
  kind: string,
  handler: Type<H>,
  options: (config: AppConfig) => JobEngineOptions,
): Provider {
  return {
    provide: kind,
    inject: [handler, APP_CONFIG, JobWakeups, Clusters],
    useFactory: (h: H, config: AppConfig, wakeups: JobWakeups, clusters: Clusters) => {
      const engine = new JobEngine(h, { ...options(config), clusters: clusters.names });
      wakeups.register(kind, () => engine.wake());
      return engine;
    },
  };
}
