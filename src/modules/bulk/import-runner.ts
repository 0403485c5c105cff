import { Injectable, Logger } from '@nestjs/common';
import { type EntityManager, QueryFailedError } from 'typeorm';
import type { ClaimTicket } from '../../common/claims/claim-keeper.js';
import { ApiError, type FieldErrors } from '../../common/http/api-error.js';
import { isDependencyFailure, mapDatabaseError } from '../../common/http/exception.filter.js';
import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import { validateInto } from '../../common/validation/validation.pipe.js';
import { type HeldTransaction, TransactionRunner, holdingTransaction } from '../../database/transaction.js';
import { type BatchDoor, BatchDoors } from './batch-doors.js';
import type { Import } from './bulk.entities.js';
import { BulkEvents } from './bulk-events.js';
import { isBulkResource } from './domain/bulk-resources.js';
import { errorsByMember, parseLine, runsOfDistinctKeys } from './domain/import-lines.js';
import { type LineResult, ImportsRepository } from './repositories/imports.repository.js';

/** Attempts of a chunk that fails with no line to blame before the import fails. */
const CHUNK_ATTEMPTS = 3;

/** A line ready for its batch upsert: its member (validated) and where its result goes. */
interface Member {
  result: LineResult;
  member: object;
}

/** A chunk read and validated: its results (the failed lines' already final) and the members to apply. */
interface Prepared {
  /** The file line the chunk follows. */
  after: number;
  /** How many lines it holds (0: the import has no more). */
  lines: number;
  lastLine: number;
  results: LineResult[];
  members: Member[];
}

/** A promise whose rejection is handled where it is awaited, not reported as unhandled meanwhile. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** What one chunk did: `more` while lines are left; `held` false once the claim is no longer ours. */
interface ChunkOutcome {
  held: boolean;
  more: boolean;
  job: Import | null;
}

/**
 * Applies a claimed import (CONTRACT §18), a chunk of IMPORT_CHUNK_LINES lines per transaction: the
 * import's row is locked under the claim's token, the chunk's lines read, each line parsed and
 * validated on its own, the valid ones applied through their resource's batch upsert (the door of
 * PUT /<resource>) in runs without a repeated key, and the results and counts written, all in that
 * one transaction. A process that dies loses only its uncommitted chunk; its successor goes on from
 * the last line recorded, so no line is applied twice.
 *
 * A run the upsert refuses is split: members a 422 names fail with their errors and the run goes
 * again without them; a 409 fails the member it was about; anything else is retried member by
 * member (each in a savepoint) so it lands on the line that caused it.
 */
@Injectable()
export class ImportRunner {
  private readonly logger = new Logger('Imports');

  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: ImportsRepository,
    private readonly doors: BatchDoors,
    private readonly events: BulkEvents,
  ) {}

  /**
   * Runs `job` to its end or until the claim is lost, the import cancelled, or `stopping()` says the
   * process is stopping (the claim is then left to lapse and another process goes on).
   * `onProgress` hears the import after each chunk.
   */
  async run(
    job: Import,
    ticket: ClaimTicket,
    chunkLines: number,
    stopping: () => boolean,
    onProgress?: (job: Import) => void,
  ): Promise<void> {
    if (!isBulkResource(job.resource)) {
      await this.tx.run((m) => this.finish(m, job, ticket, 'failed', `Unknown resource ${job.resource}.`));
      return;
    }
    const door = this.doors.get(job.resource);
    let failures = 0;
    // The next chunk is read and validated while the current one is written: the process's CPU
    // (parsing, validation) and the database's (the upsert's statements) overlap instead of taking turns.
    let next: Promise<Prepared> | null = null;
    while (!stopping()) {
      let outcome: ChunkOutcome;
      try {
        const prepared: Prepared = await (next ?? this.prepare(job.id, door, job.last_line, chunkLines));
        next = null;
        if (prepared.lines > 0) next = quiet(this.prepare(job.id, door, prepared.lastLine, chunkLines));
        outcome = await this.chunk(job, door, ticket, prepared);
        failures = 0;
      } catch (err) {
        // A chunk that did not commit is read again from where the import stands.
        next = null;
        // The database away: the claim outlives the outage or lapses, and the chunk goes again then.
        if (isDependencyFailure(err)) throw err;
        // Anything else that no line explains (a fault of the store): the chunk goes again twice,
        // then the import fails as a whole, saying why, rather than loop on it.
        if (++failures < CHUNK_ATTEMPTS) {
          this.logger.warn(`Import ${job.id}: a chunk failed (${(err as Error).message}); trying it again`);
          await new Promise((resolve) => setTimeout(resolve, 250 * failures));
          continue;
        }
        this.logger.error(`Import ${job.id} failed: ${(err as Error).stack ?? String(err)}`);
        await this.tx.run((m) =>
          this.finish(m, job, ticket, 'failed', `A chunk of lines after line ${job.last_line} could not be applied.`),
        );
        return;
      }
      if (outcome.job) {
        job = outcome.job;
        onProgress?.(outcome.job);
      }
      if (!outcome.held || !outcome.more) return;
    }
  }

  /**
   * The chunk after file line `after`: its lines read (they never change once uploaded, so outside
   * the chunk's transaction), parsed and validated, nothing written.
   */
  private async prepare(importId: number, door: BatchDoor, after: number, chunkLines: number): Promise<Prepared> {
    const lines = await this.repository.nextLines(this.tx.direct, importId, after, chunkLines);
    const results: LineResult[] = [];
    const members: Member[] = [];
    for (const stored of lines) {
      const parsed = parseLine(stored.line, stored.body);
      if ('errors' in parsed) {
        results.push({ line: stored.line, status: 'failed', id: null, key: null, errors: parsed.errors });
        continue;
      }
      const key = keyOf(door, parsed.value);
      const bag = new FieldErrorBag();
      const member = await validateInto(door.member, parsed.value, bag, '');
      const result: LineResult = { line: stored.line, status: 'failed', id: null, key, errors: null };
      results.push(result);
      if (bag.empty) members.push({ result, member });
      else result.errors = { ...bag.errors };
    }
    return { after, lines: lines.length, lastLine: lines.length ? lines[lines.length - 1].line : after, results, members };
  }

  /** One chunk in one transaction (held until its results are written; see HeldTransaction). */
  private async chunk(job: Import, door: BatchDoor, ticket: ClaimTicket, prepared: Prepared): Promise<ChunkOutcome> {
    const slot: HeldTransaction = { claim: async () => undefined, open: null };
    let commit = false;
    try {
      const outcome = await holdingTransaction(slot, () =>
        this.tx.run(async (m): Promise<ChunkOutcome> => {
          const held = await this.repository.lockHeld(m, job.id, ticket.token);
          // Not ours any more, or moved on by someone else: what was prepared is not this import's next chunk.
          if (!held || held.last_line !== prepared.after) return { held: false, more: false, job: null };
          if (prepared.lines === 0) {
            const done = await this.finish(m, held, ticket, 'completed', null);
            return { held: true, more: false, job: done };
          }
          const runKey = (x: Member) => {
            const k = door.key.of(x.member);
            return k === undefined || k === null ? null : String(k);
          };
          for (const run of runsOfDistinctKeys(prepared.members, runKey)) await this.applyRun(m, door, run);
          const recorded = await this.repository.recordChunk(m, job.id, ticket.token, prepared.results);
          return { held: recorded !== null, more: true, job: recorded };
        }),
      );
      commit = outcome.held;
      return outcome;
    } finally {
      await this.tx.finish(slot, commit);
    }
  }

  /** One run (distinct keys) through the door; refused members fail alone and the others go again. */
  private async applyRun(m: EntityManager, door: BatchDoor, run: Member[]): Promise<void> {
    let left = run;
    while (left.length > 0) {
      const conflicts: number[] = [];
      const conflict = (i: number, message: string) => (conflicts.push(i), message);
      try {
        const done = await this.repository.applyAlone(m, () =>
          door.upsert(
            left.map((x) => x.member),
            conflict,
          ),
        );
        done.forEach((d, i) => Object.assign(left[i].result, { status: d.outcome, id: d.id }));
        return;
      } catch (err) {
        const refusal = asRefusal(err);
        if (!refusal) throw err;
        const refused = this.refusedMembers(refusal, conflicts, left.length);
        if (refused === null) {
          // Not one member's doing, as far as the refusal says: each member alone finds the one.
          for (const x of left) await this.applyRun(m, door, [x]);
          return;
        }
        for (const [i, errors] of refused) left[i].result.errors = errors;
        left = left.filter((_, i) => !refused.has(i));
      }
    }
  }

  /** The members a refusal names, with their errors; null when it names none of several. A run of one is always named. */
  private refusedMembers(err: ApiError, conflicts: number[], size: number): Map<number, FieldErrors> | null {
    if (typeof err.body !== 'string') {
      const named = errorsByMember(err.body);
      if (named.size) return named;
      return size === 1 ? new Map([[0, { ...err.body }]]) : null;
    }
    const index = err.status === 409 && conflicts.length ? conflicts[conflicts.length - 1] : size === 1 ? 0 : null;
    return index === null ? null : new Map([[index, { member: [err.body] }]]);
  }

  /** The end of an import under its claim, with its event, in the transaction of `m`. */
  private async finish(m: EntityManager, job: Import, ticket: ClaimTicket, status: 'completed' | 'failed', error: string | null) {
    const done = await this.repository.finish(m, job.id, ticket.token, status, error);
    if (done) await this.events.importFinished(m, done);
    else this.logger.warn(`Import ${job.id} was taken over before it could be marked ${status}`);
    return done;
  }
}

/**
 * A refusal the line's data caused: a 4xx, or a rule PostgreSQL enforced (as the api maps it). A
 * conflict with a concurrent writer (serialization, deadlock, lock timeout) is not the line's doing:
 * the chunk rolls back and goes again.
 */
function asRefusal(err: unknown): ApiError | null {
  if (err instanceof ApiError) return err.status < 500 ? err : null;
  if (!(err instanceof QueryFailedError)) return null;
  const driver = err.driverError as { code?: string; detail?: string; column?: string };
  if (['40001', '40P01', '55P03'].includes(driver.code ?? '')) return null;
  return mapDatabaseError(driver);
}

/** The line's key as sent (a SKU, an e-mail): text, else null. */
function keyOf(door: BatchDoor, value: Record<string, unknown>): string | null {
  const v = Object.hasOwn(value, door.key.field) ? value[door.key.field] : undefined;
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
}
