import type { EntityManager, ObjectLiteral } from 'typeorm';
import { changesOf } from './changes.js';
import { keyFold, matchMembers } from './domain/match-members.js';
import { planSync } from './domain/set-sync.js';
import { writeSyncPlan } from './set-sync.writer.js';
import { putTarget, replacementValues, writableFieldsOf } from './replacement.js';
import type { ResourceEvents } from './resource-events.js';
import { groupBy, parseEmbed } from '../embed/embed.js';
import { ApiError } from '../http/api-error.js';
import { WithStatus } from '../http/envelope.js';
import { assertIfMatch, assertIfMatchCollection, assertNoIfMatch } from '../http/etag.js';
import type { ItemQuery, ListQuery } from '../paging/list-query.dto.js';
import type { ListSpec } from '../paging/list-spec.js';
import { pageRequest, toPage } from '../paging/page-request.js';
import { RowNotFoundError } from '../../database/row-not-found.js';
import type { Table } from '../../database/table.js';
import type { TransactionRunner } from '../../database/transaction.js';

type Row = ObjectLiteral & { id: number };
type Values = Record<string, unknown>;

/** What reading a nested resource needs: its table, its owner and how both are found, its list and presenter. */
export interface ChildReadConfig<E extends Row, O extends Row, J extends object = object> {
  /** The part's table, from its module's repository; its key says how a part is addressed within its owner. */
  table: Table<E>;
  /** Column holding the owner's id (`product_id`, `variant_id`). */
  owner: string;
  /** Finds the owner from its path segment (404 when unknown). */
  findOwner: (m: EntityManager, key: string, lock: boolean) => Promise<O>;
  /** What `sort` takes (the module's `*.lists.ts`, which `@ApiPage` documents). */
  list: ListSpec;
  present: (row: E) => J;
  /** A fixed condition on alias `r` that list rows must meet (e.g. live options only). */
  listWhere?: string;
}

export interface ChildConfig<E extends Row, O extends Row, J extends object = object> extends ChildReadConfig<E, O, J> {
  /**
   * The fields a collection PUT matches parts by when the table's second key is not it (a tax rate by
   * its place and priority); a field a member leaves out counts as its column default.
   */
  collectionKey?: string[];
  /** A PUT on a key that names no part of the owner creates it under that key (a state by `code`). */
  createByKey?: boolean;
  /** Records `<owner>.<part>.created|updated|deleted` with each write (EventRecorder.for('shipment.trackingcode')). */
  events?: ResourceEvents<J>;
}

/**
 * The reads every nested resource shares (a country's states, a product's variants …): the owner is
 * found from its path segment, the row by id (or its second key) within that owner. A resource
 * whose writes go through a use case of their own (a product's parts: the product write) reads
 * through this alone.
 */
export abstract class ChildReadService<
  E extends Row,
  O extends Row,
  J extends object = object,
  C extends ChildReadConfig<E, O, J> = ChildReadConfig<E, O, J>,
> {
  protected constructor(
    protected readonly tx: TransactionRunner,
    protected readonly cfg: C,
  ) {}

  async list(ownerKey: string, query: ListQuery) {
    parseEmbed(query.embed, {});
    const m = this.tx.direct;
    // The owner first: an unknown owner is a 404 whatever the parameters.
    const owner = await this.cfg.findOwner(m, ownerKey, false);
    const req = pageRequest(query, this.cfg.list.sortable);
    const rows = await this.cfg.table.page(m, req, { where: { [this.cfg.owner]: owner.id }, condition: this.cfg.listWhere });
    return toPage(req, rows, (page) => page.map(this.cfg.present));
  }

  async get(ownerKey: string, key: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    const m = this.tx.direct;
    const owner = await this.cfg.findOwner(m, ownerKey, false);
    return this.cfg.present(await this.findIn(m, owner, key, false));
  }

  /** A row by id (or its second key), only within its owner. */
  protected findIn(m: EntityManager, owner: O, key: string, lock: boolean): Promise<E> {
    return this.cfg.table.find(m, key, { lock, where: { [this.cfg.owner]: owner.id } });
  }
}

/**
 * The plumbing every nested resource shares, reads and writes: writes lock the owner row first, so
 * writes to one owner's parts (and the owner's deletion) are serialized. Subclasses add what follows
 * a write in `afterWrite`.
 */
export abstract class ChildResourceService<E extends Row, O extends Row, J extends object = object> extends ChildReadService<
  E,
  O,
  J,
  ChildConfig<E, O, J>
> {
  protected constructor(tx: TransactionRunner, cfg: ChildConfig<E, O, J>) {
    super(tx, cfg);
  }

  /** Runs after every write, in its transaction (e.g. to move the owner's updated_at). */
  protected async afterWrite(_m: EntityManager, _owner: O): Promise<void> {}

  create(ownerKey: string, input: object) {
    return this.tx.run(async (m) => {
      const owner = await this.cfg.findOwner(m, ownerKey, true);
      const row = await this.cfg.table.insert(m, { ...changesOf(input), [this.cfg.owner]: owner.id });
      await this.afterWrite(m, owner);
      return this.recorded(m, 'created', row.id, this.cfg.present(row));
    });
  }

  update(ownerKey: string, key: string, input: object) {
    return this.tx.run(async (m) => {
      const owner = await this.cfg.findOwner(m, ownerKey, true);
      const current = await this.findIn(m, owner, key, true);
      assertIfMatch(this.cfg.present(current));
      const { row, changed } = await this.cfg.table.change(m, current, changesOf(input));
      // A PATCH that changes nothing changes nothing: not updated_at (the owner's neither), no event.
      if (!changed) return this.cfg.present(current);
      await this.afterWrite(m, owner);
      return this.recorded(m, 'updated', row.id, this.cfg.present(row));
    });
  }

  /**
   * PUT (docs/api.md#put-replace-a-resource): the part becomes the body, a field left out taking what a create gives it
   * (the column's default, or null); a PUT that changes nothing changes nothing. A key that names no
   * part creates one (201) when the part is created by key and the body carries that key; otherwise 404.
   */
  replace(ownerKey: string, key: string, input: object): Promise<J | WithStatus<J>> {
    return this.tx.run(async (m) => {
      const owner = await this.cfg.findOwner(m, ownerKey, true);
      const current = await this.cfg.table.findOrNull(m, key, { lock: true, where: { [this.cfg.owner]: owner.id } });
      if (!current) return new WithStatus(201, await this.createAt(m, owner, key, input));
      assertIfMatch(this.cfg.present(current));
      const replacement = replacementValues(input, writableFieldsOf(input.constructor), this.cfg.table.columnDefaults());
      const { row, changed } = await this.cfg.table.change(m, current, replacement);
      if (!changed) return this.cfg.present(current);
      await this.afterWrite(m, owner);
      return this.recorded(m, 'updated', row.id, this.cfg.present(row));
    });
  }

  /**
   * PUT on the parts' collection (docs/api.md#put-replace-a-resource): the owner's parts become the body's members,
   * matched to the stored ones by the table's second key (a state's `code`) or `collectionKey`: a matched part keeps its
   * id and is replaced as its item PUT would be, a new one is created, a part no longer listed is
   * deleted. One transaction, in sets: the owner's lock, one read of its parts, one DELETE, one
   * INSERT, one UPDATE of the parts whose values differ, one statement of events. Answers the
   * collection as its GET shows it (in id order, no paging).
   */
  replaceAll(ownerKey: string, inputs: object[]): Promise<J[]> {
    return this.tx.run(async (m) => {
      const owner = await this.cfg.findOwner(m, ownerKey, true);
      const [collection] = await this.replaceIn(m, [{ owner, inputs }], {
        // The collection as its GET lists it (no `listWhere` on a part put as a collection).
        check: (stored) => assertIfMatchCollection(async () => [...stored].sort((a, b) => a.id - b.id).map(this.cfg.present)),
      });
      if (collection.changed) await this.afterWrite(m, owner);
      return collection.parts;
    });
  }

  /**
   * The collection PUT of several owners at once (replaceAll; the owners locked by the caller, in its
   * transaction): each owner's parts become its list, matched by the same key, in the same statements
   * whatever the number of owners (one read of their parts, one DELETE, one INSERT, one UPDATE, one
   * statement of events: planSync and writeSyncPlan). `check` sees the stored parts before anything is
   * written. Answers, per owner, its collection as its GET shows it and whether it changed;
   * `afterWrite` is the caller's.
   */
  async replaceIn(
    m: EntityManager,
    lists: { owner: O; inputs: object[] }[],
    options: { check?: (stored: E[]) => Promise<void> } = {},
  ): Promise<{ parts: J[]; changed: boolean }[]> {
    const { alt, fold } = this.cfg.table.key;
    const defaults = this.cfg.table.columnDefaults();
    const fields = this.cfg.collectionKey ?? (alt ? [alt] : null);
    if (!fields) throw new Error('a collection PUT needs a key to match its members by');
    const keyOf = (o: object) => JSON.stringify(fields.map((f) => (o as Values)[f] ?? defaults.get(f) ?? null));
    const ownerOf = (row: E) => row[this.cfg.owner] as number;
    const stored = await this.cfg.table.whereIn(
      m,
      this.cfg.owner,
      lists.map((l) => l.owner.id),
    );
    await options.check?.(stored);
    const storedOf = groupBy(stored, ownerOf);
    const plan = planSync(
      lists.map(({ owner, inputs }) => ({ owner: owner.id, id: owner.id, sent: inputs, stored: storedOf.get(owner.id) ?? [] })),
      {
        match: (inputs, own) => matchMembers(own, inputs, keyOf, keyOf, this.cfg.collectionKey ? undefined : keyFold(fold)),
        // A member that replaces a part writes every field (left out: its default); a new one what it gives.
        values: (input, current) => (current ? replacementValues(input, writableFieldsOf(input.constructor), defaults) : changesOf(input)),
        ownerColumn: this.cfg.owner,
      },
    );
    const { changes, rows } = await writeSyncPlan(m, this.cfg.table, plan);
    if (changes.length)
      await this.cfg.events?.recordMany(
        m,
        changes.map(({ action, row }) => ({ action, id: row.id, data: this.cfg.present(row) })),
      );
    const touched = new Set(changes.map(({ row }) => ownerOf(row)));
    const partsOf = groupBy(rows, ownerOf);
    return lists.map(({ owner }) => ({
      parts: (partsOf.get(owner.id) ?? []).map(this.cfg.present),
      changed: touched.has(owner.id),
    }));
  }

  /** The create of a PUT whose key names no part of the owner (see replace). */
  private async createAt(m: EntityManager, owner: O, key: string, input: object): Promise<J> {
    const { alt, fold, label } = this.cfg.table.key;
    const target = putTarget(key, input, this.cfg.createByKey && alt ? { field: alt, fold } : undefined);
    if (target.kind === 'missing') throw new RowNotFoundError(label, key);
    if (target.kind === 'mismatch') {
      throw ApiError.field(target.field, `must be ${key} (the key in the path) when no ${label.toLowerCase()} has it`);
    }
    assertNoIfMatch();
    const row = await this.cfg.table.insert(m, { ...changesOf(input), [this.cfg.owner]: owner.id });
    await this.afterWrite(m, owner);
    return this.recorded(m, 'created', row.id, this.cfg.present(row));
  }

  remove(ownerKey: string, key: string) {
    return this.tx.run(async (m) => {
      const owner = await this.cfg.findOwner(m, ownerKey, true);
      const current = await this.findIn(m, owner, key, true);
      assertIfMatch(this.cfg.present(current));
      await this.cfg.table.delete(m, current.id);
      await this.afterWrite(m, owner);
      return this.recorded(m, 'deleted', current.id, this.cfg.present(current));
    });
  }

  /** The event of a write, in its transaction (when the part records events); answers `presented`. */
  protected async recorded(m: EntityManager, action: 'created' | 'updated' | 'deleted', id: number, presented: J): Promise<J> {
    await this.cfg.events?.record(m, action, id, presented);
    return presented;
  }
}
