import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { currentCluster } from './clusters/cluster-scope.js';
import { Clusters } from './clusters/clusters.js';
import { ReadRouter } from './replicas/read-router.js';
import { readScope } from './replicas/read-scope.js';

type AfterCommit = (fn: () => unknown) => void;
type Work<T> = (manager: EntityManager, afterCommit: AfterCommit) => Promise<T>;

/**
 * A transaction a request holds open past its use case, until its response is written: the
 * Idempotency-Key of a POST commits in the same transaction as the write it guards, with the
 * response the write produced. `claim` runs first inside the transaction (it records the key and
 * throws when another request got it first); `open` is the transaction once the work succeeded.
 */
export interface HeldTransaction {
  claim(manager: EntityManager): Promise<void>;
  open: { runner: QueryRunner; after: (() => unknown)[] } | null;
}

const held = new AsyncLocalStorage<HeldTransaction>();

/** Runs the rest of a request with a held transaction slot (see HeldTransaction). */
export function holdingTransaction<T>(slot: HeldTransaction, fn: () => T): T {
  return held.run(slot, fn);
}

/**
 * Use cases own their transaction: they call `run` and pass the manager down.
 * Work that must follow the commit (enqueueing jobs) goes in `afterCommit`, so a rolled-back
 * request never leaves a job behind.
 *
 * Inside a request that holds its transaction (a POST with an Idempotency-Key), the first `run`
 * opens it and claims the key, later ones join it, and the commit waits for `finish`, called once
 * the response is known.
 */
@Injectable()
export class TransactionRunner {
  constructor(
    private readonly clusters: Clusters,
    private readonly reads: ReadRouter,
  ) {}

  /** The primary of the cluster the work in hand runs on (clusters/cluster-scope.ts): `home` unless told. */
  private get dataSource(): DataSource {
    return this.clusters.dataSource(currentCluster());
  }

  /** The manager of the primary of the cluster `name`, for the operator's work that spans clusters (a store's move). */
  primaryOf(name: string): EntityManager {
    return this.clusters.dataSource(name).manager;
  }

  /**
   * The manager for statements outside any transaction (reads), to pass to a repository: a read
   * replica's when the request's reads were routed to one of the work's cluster (see
   * replicas/read-router.ts), else that cluster's primary's.
   */
  get direct(): EntityManager {
    return readScope.manager() ?? this.dataSource.manager;
  }

  /**
   * `isolation`: `REPEATABLE READ` for work whose statements must all read one snapshot (an export's
   * chunk: a member and its parts read by separate statements are one moment of it); never inside a
   * request that holds its transaction.
   */
  async run<T>(work: Work<T>, isolation?: 'REPEATABLE READ'): Promise<T> {
    const slot = held.getStore();
    if (slot && isolation) throw new Error(`a ${isolation} transaction cannot join a request's held transaction`);
    if (slot) return this.runHeld(slot, work);
    const after: (() => unknown)[] = [];
    const body = (manager: EntityManager) => work(manager, (fn) => after.push(fn));
    const result = await (isolation ? this.dataSource.transaction(isolation, body) : this.dataSource.transaction(body));
    await this.reads.afterCommit();
    for (const fn of after) await fn();
    return result;
  }

  /**
   * Work that is atomic on its own (one writing statement): it needs a transaction only when the
   * request holds one for its Idempotency-Key, so the key commits with the write.
   */
  async atomic<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (held.getStore()) return this.run((m) => work(m));
    const result = await work(this.dataSource.manager);
    await this.reads.afterCommit();
    return result;
  }

  /** Commits (or rolls back) a held transaction, then runs its after-commit work. */
  async finish(slot: HeldTransaction, commit: boolean): Promise<void> {
    const open = slot.open;
    if (!open) return;
    slot.open = null;
    try {
      if (commit) await open.runner.commitTransaction();
      else await open.runner.rollbackTransaction();
    } catch (err) {
      if (commit) await open.runner.rollbackTransaction().catch(() => undefined);
      throw err;
    } finally {
      await open.runner.release().catch(() => undefined);
    }
    if (commit) await this.reads.afterCommit();
    // Outside the request's slot: work started after commit (a delivery pass, say) that opens a
    // transaction of its own must not find this finished one and claim the key again.
    if (commit) for (const fn of open.after) await held.exit(fn);
  }

  private async runHeld<T>(slot: HeldTransaction, work: Work<T>): Promise<T> {
    if (slot.open) {
      const open = slot.open;
      return work(open.runner.manager, (fn) => open.after.push(fn));
    }
    const runner = this.dataSource.createQueryRunner();
    const open = { runner, after: [] as (() => unknown)[] };
    try {
      await runner.connect();
      await runner.startTransaction();
      await slot.claim(runner.manager);
      // Open before the work, so a use case that calls another joins this transaction.
      slot.open = open;
      return await work(runner.manager, (fn) => open.after.push(fn));
    } catch (err) {
      slot.open = null;
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      await runner.release().catch(() => undefined);
      throw err;
    }
  }
}
