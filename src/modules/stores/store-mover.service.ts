import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { HOME_CLUSTER } from '../../config/app-config.js';
import { Clusters } from '../../database/clusters/clusters.js';
import { ClustersRepository } from '../../database/clusters/clusters.repository.js';
import { lockStoreMove } from '../../database/clusters/move-lock.js';
import { TransactionRunner } from '../../database/transaction.js';
import { StoreDirectory } from './store-directory.js';
import type { StoreFace } from './store-face.js';
import { StoreChangeError, assertCluster, noSuchStore } from './stores.service.js';
import { StoreMovesRepository, type TableSum } from './store-moves.repository.js';
import { StoresRepository } from './stores.repository.js';

/** How long the fence of a step holds unless the move renews it: a move that dies leaves no store held for longer. */
const FENCE_SECONDS = 10;
/** How often a held fence is renewed. */
const RENEW_MS = 3_000;
/** How often the move looks again while it waits (the copy, the last change, a claim in hand). */
const LOOK_MS = 20;
/** How far above the source's ids the target's are put before the freeze (16 ids apart: a thousand ids of room). */
const ID_ROOM = 16 * 1000;
/** The longest wait for the background work in hand to give its claims back, and for the first copy. */
const DRAIN_MS = 120_000;
const COPY_MS = 30 * 60_000;
/** The longest wait, once the store's writes are held, for the transactions under way (any store's) to end. */
const FREEZE_WAIT_MS = 2_000;
/**
 * How long the rows left on the source are kept after the switch: every process reads the directory
 * every second, and until it did, its reads of the store go there.
 */
const KEEP_FOR_STALE_READS_MS = 2_500;

/** What a step of the move reports as it goes. */
export type MoveStep =
  { step: 'copy'; ready: number; total: number } | { step: 'drain' | 'freeze' | 'verify' | 'switch' | 'clean'; detail?: string };

/** What a move took: the store's writes were held (`frozen_ms`) between the copy and its catch-up and the switch. */
export interface MoveReport {
  handle: string;
  from: string;
  to: string;
  copy_ms: number;
  catch_up_ms: number;
  verify_ms: number;
  frozen_ms: number;
  tables: number;
  rows: number;
}

/**
 * `store:move` (docs/api.md#clusters): a store's data moved from its cluster to another with
 * PostgreSQL's logical replication while it serves. A publication of the store's rows on the source
 * (a row filter on store_id) and a subscription on the target copy them and stream every change;
 * then the store's background work gives its claims back (no new ones are taken), its writes are
 * fenced (503 with Retry-After), the last change is seen applied, every table's rows and checksum are
 * compared on both sides, the directory names the target, and the source refuses the store's writes
 * for good; the replication objects go, and, once every process has read the directory, the store's
 * rows on the source too. A failure before the switch leaves the store where it was, unfenced, with
 * nothing of the move left on either side; running it again starts over.
 */
@Injectable()
export class StoreMover {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly clusters: Clusters,
    private readonly clusterStatements: ClustersRepository,
    private readonly moves: StoreMovesRepository,
    private readonly stores: StoresRepository,
    private readonly directory: StoreDirectory,
  ) {}

  async move(handle: string, to: string, report: (step: MoveStep) => void): Promise<MoveReport> {
    await this.directory.refresh();
    const found = this.directory.byHandle(handle);
    if (!found) throw noSuchStore(handle);
    const unlock = await lockStoreMove(this.clusters.directUrlOf(HOME_CLUSTER), found.id);
    if (!unlock) throw new StoreChangeError(`a move of the store "${handle}" is under way in another process`);
    try {
      // Read again under the lock: a move that ended meanwhile may have placed it elsewhere.
      await this.directory.refresh();
      return await this.moveLocked(this.directory.byHandle(handle)!, to, report);
    } finally {
      await unlock();
    }
  }

  private async moveLocked(store: StoreFace, to: string, report: (step: MoveStep) => void): Promise<MoveReport> {
    const handle = store.handle;
    assertCluster(this.clusters, to);
    const from = store.cluster;
    // A move that died after its switch left the source's copy and replication objects: cleared first.
    await this.clearLeftovers(store.id, from);
    if (from === to) throw new StoreChangeError(`the store "${handle}" is on the cluster ${to} already`);
    const source = this.tx.primaryOf(from);
    const target = this.tx.primaryOf(to);
    const tables = await this.checkedTables(source, target);
    const [row] = await this.stores.directory(this.stores.primary).then((d) => d.stores.filter((s) => s.store.id === store.id));

    await this.abandon(store.id, from, to);
    const started = Date.now();
    let renewal: FenceRenewal | null = null;
    try {
      if (to !== HOME_CLUSTER) await this.stores.insertPlacedCopy(target, row.store);
      // The copy is not the store's yet: no process claims its background work there before the switch.
      await this.moves.fence(target, store.id, 'incoming', null);
      await this.moves.publish(source, store.id, [...tables, 'store_move_marks']);
      await this.moves.subscribe(target, store.id, this.clusters.directUrlOf(from));
      await this.until(COPY_MS, 'the first copy', async () => {
        const copied = await this.moves.copied(target, store.id);
        report({ step: 'copy', ...copied });
        return copied.total > 0 && copied.ready === copied.total;
      });
      const copyMs = Date.now() - started;

      // The target's ids put above the source's now, with room to spare: the freeze then has only those
      // the source went past meanwhile (usually none) to place.
      const early = await this.clusterStatements.sequenceValues(source);
      const roomy = Object.fromEntries(Object.entries(early).map(([name, value]) => [name, Number(value) + ID_ROOM]));
      await this.clusterStatements.placeSequences(target, this.clusters.spaceOf(to), roomy, true);

      // No new claims of the store's background work; the ones in hand finish, or give their work back.
      report({ step: 'drain' });
      await this.moves.fence(source, store.id, 'draining', DRAIN_MS / 1000);
      await this.olderTransactionsEnded(source);
      await this.until(
        DRAIN_MS,
        "the store's background work to give its claims back",
        async () => (await this.moves.claimsInHand(source, store.id)) === 0,
      );

      // Writes held: every transaction that could still write the store's rows there is over.
      report({ step: 'freeze' });
      const frozenAt = Date.now();
      await this.moves.fence(source, store.id, 'frozen', FENCE_SECONDS);
      renewal = new FenceRenewal(() => this.moves.fence(source, store.id, 'frozen', FENCE_SECONDS));
      // Bounded: the store's writes are held meanwhile; a long transaction (another store's) ends the move instead.
      await this.olderTransactionsEnded(source, FREEZE_WAIT_MS);
      const token = randomUUID();
      const numbers = await this.moves.numbers(source, store.id);
      const floors = await this.clusterStatements.sequenceValues(source);
      await this.moves.mark(source, store.id, token);
      await this.until(10_000, 'the last change to reach the target', async () => (await this.moves.markOf(target, store.id)) === token);
      const catchUpMs = Date.now() - frozenAt;
      await this.moves.setNumbers(target, store.id, numbers);
      // The store's new rows come after its old ones: the target's ids start above the source's.
      await this.clusterStatements.placeSequences(target, this.clusters.spaceOf(to), floors, true);

      report({ step: 'verify' });
      const verifyAt = Date.now();
      const [there, here] = await Promise.all([this.moves.sums(source, store.id, tables), this.moves.sums(target, store.id, tables)]);
      const verifyMs = Date.now() - verifyAt;
      const differ = differences(there, here);
      if (differ.length) throw new Error(`the copy differs from the source in ${differ.join(', ')}; nothing was switched`);

      report({ step: 'switch' });
      // No renewal of the freeze may land after the fence for good.
      await renewal.stop();
      renewal = null;
      await this.stores.placeOn(this.stores.primary, store.id, to);
      await this.moves.fence(source, store.id, 'moved', null);
      await this.moves.unfence(target, store.id);
      const frozenMs = Date.now() - frozenAt;
      await this.directory.refresh();

      report({ step: 'clean' });
      await this.moves.unsubscribe(target, store.id);
      await this.moves.unpublish(source, store.id);
      await this.moves.deleteRows(target, store.id, 'store_move_marks');
      await sleep(KEEP_FOR_STALE_READS_MS);
      await this.dropStoreData(source, store.id, tables, from);
      return {
        handle,
        from,
        to,
        copy_ms: copyMs,
        catch_up_ms: catchUpMs,
        verify_ms: verifyMs,
        frozen_ms: frozenMs,
        tables: tables.length,
        rows: here.reduce((n, t) => n + t.rows, 0),
      };
    } catch (err) {
      await renewal?.stop();
      const why = err instanceof Error ? err.message : String(err);
      if ((await this.placedOn(store.id)) !== from)
        throw new Error(
          `the store "${handle}" is on ${to} now, but what the move left could not be removed (${why}): run store:move again to remove it`,
          { cause: err },
        );
      // Before the switch: the store stays where it was, writable, and nothing of the move is left.
      await this.abandon(store.id, from, to).catch((cleanup: Error) => {
        throw new Error(`${why}; and what the move left could not all be removed (${cleanup.message}): run store:move again to remove it`, {
          cause: err,
        });
      });
      throw err;
    }
  }

  /** The store's tables on the source, refused when a cluster lacks what a move needs, or the two differ. */
  private async checkedTables(source: EntityManager, target: EntityManager): Promise<string[]> {
    const [there, here] = await Promise.all([this.moves.storeTables(source), this.moves.storeTables(target)]);
    const lacking = there.filter((t) => !t.fenced || !t.full_identity).map((t) => t.name);
    if (lacking.length)
      throw new Error(`the tables ${lacking.join(', ')} lack the fence trigger or a replica identity of the whole row: run db:migrate`);
    const names = there.map((t) => t.name);
    if (names.join() !== here.map((t) => t.name).join()) throw new Error('the two clusters have different tables: run db:migrate on both');
    return names;
  }

  /** Everything of a move that did not switch: the replication objects, the fence, and what was copied to the target. */
  private async abandon(storeId: number, from: string, to: string): Promise<void> {
    const [source, target] = [this.tx.primaryOf(from), this.tx.primaryOf(to)];
    await this.moves.unsubscribe(target, storeId);
    await this.moves.unpublish(source, storeId);
    await this.moves.unfence(source, storeId);
    await this.moves.unfence(target, storeId);
    await this.dropStoreData(
      target,
      storeId,
      (await this.moves.storeTables(target)).map((t) => t.name),
      to,
    );
  }

  /**
   * What a move that died after its switch left on the cluster the store left: its replication
   * objects, and the store's rows where a `moved` fence says they are stale.
   */
  private async clearLeftovers(storeId: number, current: string): Promise<void> {
    for (const name of this.clusters.names) {
      const m = this.tx.primaryOf(name);
      await this.moves.unsubscribe(m, storeId);
      if (name === current) continue;
      await this.moves.unpublish(m, storeId);
      if ((await this.moves.fenceOf(m, storeId)) === 'moved')
        await this.dropStoreData(
          m,
          storeId,
          (await this.moves.storeTables(m)).map((t) => t.name),
          name,
        );
    }
  }

  /**
   * Deletes the store's rows of every table on the cluster `cluster` (children before parents: a
   * table a reference still holds is tried again after the others), its numbers, its mark, and its
   * row there unless that is the home's (the directory's).
   */
  private async dropStoreData(m: EntityManager, storeId: number, tables: string[], cluster: string): Promise<void> {
    let left = [...tables, 'store_move_marks'];
    let why = '';
    // Each pass deletes at least one more table's rows, or nothing more can be.
    for (let before = Infinity; left.length && left.length < before;) {
      before = left.length;
      const next: string[] = [];
      for (const table of left) {
        try {
          await this.moves.deleteRows(m, storeId, table);
        } catch (err) {
          if ((err as { driverError?: { code?: string } }).driverError?.code !== '23503') throw err;
          why = (err as Error).message;
          next.push(table);
        }
      }
      left = next;
    }
    if (left.length) throw new Error(`the store's rows in ${left.join(', ')} could not be deleted (${why})`);
    await this.moves.dropNumbers(m, storeId);
    if (cluster !== HOME_CLUSTER) await this.moves.deleteStoreRow(m, storeId);
  }

  private async placedOn(storeId: number): Promise<string | undefined> {
    const { stores } = await this.stores.directory(this.stores.primary);
    return stores.find((s) => s.store.id === storeId)?.store.cluster;
  }

  /** Waits (at most `limitMs`) until every transaction running on the cluster now has ended. */
  private async olderTransactionsEnded(m: EntityManager, limitMs = DRAIN_MS): Promise<void> {
    const horizon = await this.moves.transactionHorizon(m);
    await this.until(limitMs, 'the transactions under way to end', () => this.moves.endedBefore(m, horizon));
  }

  private async until(limitMs: number, what: string, done: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + limitMs;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${Math.round(limitMs / 1000)} s`);
      await sleep(LOOK_MS);
    }
  }
}

/** Writes a fence again every RENEW_MS until stopped; `stop` waits for a write under way, so none lands after it. */
class FenceRenewal {
  private readonly timer: NodeJS.Timeout;
  private pending: Promise<unknown> = Promise.resolve();

  constructor(renew: () => Promise<void>) {
    this.timer = setInterval(() => (this.pending = renew().catch(() => undefined)), RENEW_MS);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.pending;
  }
}

/** The tables whose rows or checksum differ between the two sides. */
function differences(a: TableSum[], b: TableSum[]): string[] {
  const other = new Map(b.map((t) => [t.name, t]));
  return a
    .filter((t) => other.get(t.name)?.rows !== t.rows || other.get(t.name)?.sum !== t.sum)
    .map((t) => `${t.name} (${t.rows} rows here)`);
}
