import type { EntityManager } from 'typeorm';
import { changesOf } from './changes.js';
import { keyFold, matchMembers } from './domain/match-members.js';
import { putTarget, replacementValues, writableFieldsOf } from './replacement.js';
import type { UpsertOutcome, Upserted } from '../batch/batch-result.js';
import type { ResourceEvents } from './resource-events.js';
import { namingDuplicates } from '../batch/batch-duplicate.js';
import { type EmbedSelection, parseEmbed } from '../embed/embed.js';
import { ApiError } from '../http/api-error.js';
import { WithStatus } from '../http/envelope.js';
import { assertIfMatch, assertIfMatchLazy, assertNoIfMatch } from '../http/etag.js';
import type { ItemQuery, ListQuery } from '../paging/list-query.dto.js';
import type { ListSpec } from '../paging/list-spec.js';
import { pageRequest, toPage } from '../paging/page-request.js';
import { RowNotFoundError } from '../../database/row-not-found.js';
import type { Table } from '../../database/table.js';
import type { TransactionRunner } from '../../database/transaction.js';

type Row = { id: number };
type Values = Record<string, unknown>;

export interface CrudSpec<E extends Row, J> {
  /** The resource's table, from its module's repository. */
  table: Table<E>;
  /** What `sort` and `embed` take (the module's `*.lists.ts`, which `@ApiPage` documents). */
  list: ListSpec;
  /** Presents rows (a page, or one) in a fixed number of statements, whatever their count. */
  present(m: EntityManager, rows: E[], embed: EmbedSelection): Promise<J[]>;
  /** Cross-field rules on the row as it will be stored; returns the values to write. */
  check?(m: EntityManager, values: Values, current: E | null): Values | Promise<Values>;
  /** Records `<resource>.created|updated|deleted` with each write (EventRecorder.for('<resource>')). */
  events?: ResourceEvents<J>;
  /**
   * A PUT on a `{id|key}` that names nothing creates the resource under that key (docs/api.md#put-replace-a-resource: a
   * country by `code`, a coupon by `code` …): the table's second key, which the body carries.
   */
  createByKey?: boolean;
  /**
   * The batch's `check`: every member's values at once (errors named `N.field`), in a fixed number
   * of statements whatever the number of members. Without it a batch runs `check` per member.
   */
  checkMany?(m: EntityManager, members: { values: Values; current: E | null }[]): Promise<Values[]>;
  /** Runs after a write that changed something, in its transaction: the row before (null on create) and after (null on delete). */
  afterWrite?(m: EntityManager, before: E | null, after: E | null): Promise<void>;
  /** Part lists a PUT takes beside the row's fields (a country's `states`): see CrudParts. */
  parts?: CrudParts<E>;
}

/**
 * Part lists the resource's PUT (item and batch) takes beside its row's fields: `fields` are left out
 * of the row's values, and `write` replaces the parts of the members that send them, after the rows
 * are written, in the same transaction and in a fixed number of statements whatever the members.
 * It answers the rows, as they now are, of the owners whose parts changed (their `updated_at`
 * moved): such a member is `updated` even when its own fields are not. A refused part is named by
 * `field` (`states.0.code`; `1.states.0.code` in a batch).
 */
interface CrudParts<E> {
  fields: readonly string[];
  write(m: EntityManager, members: { row: E; input: object }[], field: (member: number, path: string) => string): Promise<E[]>;
}

/**
 * The top-level CRUD of a resource (a page with the sort whitelist, embeds per page, a row by
 * `{id|key}` locked for writes, If-Match, RETURNING writes), shared by the plain resources so they
 * cannot drift apart. Every statement goes through the resource's table (src/database/table.ts).
 */
export class CrudResource<E extends Row, J> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly spec: CrudSpec<E, J>,
  ) {}

  async list(query: ListQuery) {
    const embed = parseEmbed(query.embed, this.spec.list.embeds);
    const req = pageRequest(query, this.spec.list.sortable);
    const m = this.tx.direct;
    return toPage(req, await this.spec.table.page(m, req), (rows) => this.spec.present(m, rows, embed));
  }

  async get(key: string, query: ItemQuery): Promise<J> {
    const embed = parseEmbed(query.embed, this.spec.list.embeds);
    const row = await this.find(this.tx.direct, key, false);
    return this.presentOne(this.tx.direct, row, embed);
  }

  create(input: object): Promise<J> {
    return this.tx.run(async (m) => {
      const values = await this.checked(m, changesOf(input), null);
      const row = await this.spec.table.insert(m, values);
      await this.spec.afterWrite?.(m, null, row);
      return this.recorded(m, 'created', row.id, await this.presentOne(m, row));
    });
  }

  update(key: string, input: object): Promise<J> {
    return this.tx.run(async (m) => {
      const current = await this.find(m, key, true);
      await assertIfMatchLazy(() => this.presentOne(m, current));
      const values = await this.checked(m, changesOf(input), current);
      const { row, changed } = await this.spec.table.change(m, current, values);
      // A PATCH that changes nothing changes nothing: not updated_at, not the ETag, no event.
      if (!changed) return this.presentOne(m, current);
      await this.spec.afterWrite?.(m, current, row);
      return this.recorded(m, 'updated', row.id, await this.presentOne(m, row));
    });
  }

  /**
   * PUT: the resource becomes the body (docs/api.md#put-replace-a-resource). Every writable field of the body's DTO is
   * written, a field left out taking what a create gives it (the column's default, or null), through
   * the same rules as PATCH (`check`, unique keys, If-Match); values equal to the stored ones change
   * nothing. On a key that names nothing, a resource with `createByKey` is created (201) when the body
   * carries that key; otherwise 404.
   */
  replace(key: string, input: object, query: ItemQuery = {}): Promise<J | WithStatus<J>> {
    const embed = parseEmbed(query.embed, this.spec.list.embeds);
    return this.tx.run(async (m) => {
      const current = await this.spec.table.findOrNull(m, key, { lock: true });
      if (!current) return new WithStatus(201, await this.createAt(m, key, input, embed));
      await assertIfMatchLazy(() => this.presentOne(m, current));
      const values = await this.checked(m, replacementValues(input, this.rowFields(input), this.spec.table.columnDefaults()), current);
      const written = await this.spec.table.change(m, current, values);
      const [parted] = await this.writeParts(m, [{ row: written.row, input }], (_i, path) => path);
      const row = parted ?? written.row;
      const changed = written.changed;
      if (!changed && !parted) return this.presentOne(m, current, embed);
      if (!changed) return this.presentOne(m, row, embed);
      await this.spec.afterWrite?.(m, current, row);
      const updated = await this.recorded(m, 'updated', row.id, await this.presentOne(m, row));
      return Object.keys(embed).length ? this.presentOne(m, row, embed) : updated;
    });
  }

  /**
   * A batch PUT (docs/api.md#put-replace-a-resource): each member upserted as its item PUT by key would be (`key`: the
   * column and fold the members are matched by, the table's second key unless given), in one
   * transaction and a fixed number of statements whatever the number of members: the stored rows of
   * the batch (one read, locked), one INSERT of the new ones, one UPDATE of those whose values differ
   * (the others change nothing), the presentation of all, one statement of events. Never deletes.
   * Answers each member's outcome and view, in the request's order.
   */
  upsertMany(inputs: object[], key?: { column: string; fold?: 'upper' | 'lower' }): Promise<Upserted<J>[]> {
    const { alt, fold: tableFold } = this.spec.table.key;
    const column = key?.column ?? alt;
    if (!column) throw new Error('a batch needs a key to match its members by');
    const fold = key ? key.fold : tableFold;
    const keyOf = (o: object) => String((o as Values)[column]);
    return namingDuplicates(inputs, () => this.batchIn(inputs, column, fold, keyOf));
  }

  private batchIn(
    inputs: object[],
    column: string,
    fold: 'upper' | 'lower' | undefined,
    keyOf: (o: object) => string,
  ): Promise<Upserted<J>[]> {
    return this.tx.run(async (m) => {
      const stored = await this.spec.table.whereKeys(m, column, inputs.map(keyOf), { fold, lock: true });
      const matched = matchMembers(stored, inputs, keyOf, keyOf, keyFold(fold));
      const defaults = this.spec.table.columnDefaults();
      const creates: { index: number; values: Values }[] = [];
      const updates: { index: number; current: E; values: Values }[] = [];
      const checked = await this.checkedMembers(
        m,
        inputs.map((input, index) => {
          const current = matched[index];
          return { current, values: current ? replacementValues(input, this.rowFields(input), defaults) : this.rowChanges(input) };
        }),
      );
      checked.forEach((values, index) => {
        const current = matched[index];
        if (current) updates.push({ index, current, values });
        else creates.push({ index, values });
      });
      const inserted = await this.spec.table.insertMany(
        m,
        creates.map((c) => c.values),
      );
      const changed = new Map(
        (
          await this.spec.table.changeMany(
            m,
            updates.map((u) => ({ id: u.current.id, values: u.values })),
          )
        ).map((row) => [row.id, row]),
      );
      const rows: E[] = new Array(inputs.length);
      const outcomes: UpsertOutcome[] = new Array(inputs.length);
      creates.forEach((c, i) => ((rows[c.index] = inserted[i]), (outcomes[c.index] = 'created')));
      for (const u of updates) {
        const row = changed.get(u.current.id);
        rows[u.index] = row ?? u.current;
        outcomes[u.index] = row ? 'updated' : 'unchanged';
      }
      // The members' own events are those of their own fields; the parts record theirs.
      const ownChange = [...outcomes];
      const parted = new Map(
        (
          await this.writeParts(
            m,
            rows.map((row, i) => ({ row, input: inputs[i] })),
            (i, path) => `${i}.${path}`,
          )
        ).map((row) => [row.id, row]),
      );
      rows.forEach((row, i) => {
        const now = parted.get(row.id);
        if (!now) return;
        rows[i] = now;
        if (outcomes[i] === 'unchanged') outcomes[i] = 'updated';
      });
      const views = await this.spec.present(m, rows, {});
      const events = rows.flatMap((row, i) =>
        ownChange[i] === 'unchanged' ? [] : [{ action: ownChange[i] as 'created' | 'updated', id: row.id, data: views[i] }],
      );
      if (events.length) await this.spec.events?.recordMany(m, events);
      return views.map((view, i) => ({ outcome: outcomes[i], view }));
    });
  }

  /**
   * The next `limit` resources after id `afterId`, in id order, as GET shows them (with `embed`: a
   * country's states, which its line carries), only
   * those updated at or after `updatedMin` when given: a step of an export, in a fixed number of
   * statements (the rows, and what `present` reads for the whole page).
   */
  async exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null, embed: EmbedSelection = {}): Promise<J[]> {
    return this.spec.present(m, await this.spec.table.after(m, afterId, limit, updatedMin), embed);
  }

  /** The create of a PUT whose key names nothing (see replace). */
  private async createAt(m: EntityManager, key: string, input: object, embed: EmbedSelection): Promise<J> {
    const { alt, fold, label } = this.spec.table.key;
    const target = putTarget(key, input, this.spec.createByKey && alt ? { field: alt, fold } : undefined);
    if (target.kind === 'missing') throw new RowNotFoundError(label, key);
    if (target.kind === 'mismatch')
      throw ApiError.field(target.field, `must be ${key} (the key in the path) when no ${label.toLowerCase()} has it`);
    assertNoIfMatch();
    const values = await this.checked(m, this.rowChanges(input), null);
    const inserted = await this.spec.table.insert(m, values);
    const [parted] = await this.writeParts(m, [{ row: inserted, input }], (_i, path) => path);
    const row = parted ?? inserted;
    await this.spec.afterWrite?.(m, null, row);
    const created = await this.recorded(m, 'created', row.id, await this.presentOne(m, row));
    // The answer shows the embeds `?embed=` asks for, as GET does; the event's data stays the plain resource.
    return Object.keys(embed).length ? this.presentOne(m, row, embed) : created;
  }

  /** Answers with the deleted resource; rows still referenced elsewhere make the delete a 409 (FK RESTRICT). */
  remove(key: string): Promise<J> {
    return this.tx.run(async (m) => {
      const current = await this.find(m, key, true);
      const presented = await this.presentOne(m, current);
      assertIfMatch(presented);
      await this.spec.table.delete(m, current.id);
      await this.spec.afterWrite?.(m, current, null);
      return this.recorded(m, 'deleted', current.id, presented);
    });
  }

  find(m: EntityManager, key: string, lock: boolean): Promise<E> {
    return this.spec.table.find(m, key, { lock });
  }

  /** The writable fields of the body that are the row's (its part lists left out). */
  private rowFields(input: object): string[] {
    const parts = this.spec.parts?.fields ?? [];
    return writableFieldsOf(input.constructor).filter((f) => !parts.includes(f));
  }

  /** The body's fields that are the row's, as a create writes them. */
  private rowChanges(input: object): Record<string, unknown> {
    const values = changesOf(input);
    for (const f of this.spec.parts?.fields ?? []) delete values[f];
    return values;
  }

  /** The part lists of the members that send them (CrudParts): the owners' rows that changed through them. */
  private async writeParts(
    m: EntityManager,
    members: { row: E; input: object }[],
    field: (member: number, path: string) => string,
  ): Promise<E[]> {
    return this.spec.parts ? this.spec.parts.write(m, members, field) : [];
  }

  /** The event of a write, in its transaction (when the resource records events); answers `presented`. */
  private async recorded(m: EntityManager, action: 'created' | 'updated' | 'deleted', id: number, presented: J): Promise<J> {
    await this.spec.events?.record(m, action, id, presented);
    return presented;
  }

  private async presentOne(m: EntityManager, row: E, embed: EmbedSelection = {}): Promise<J> {
    return (await this.spec.present(m, [row], embed))[0];
  }

  /** The values of a batch's members after their checks (see CrudSpec.checkMany); errors as `N.field`. */
  private async checkedMembers(m: EntityManager, members: { values: Values; current: E | null }[]): Promise<Values[]> {
    if (this.spec.checkMany) return this.spec.checkMany(m, members);
    const out: Values[] = [];
    for (const [index, { values, current }] of members.entries()) {
      try {
        out.push(await this.checked(m, values, current));
      } catch (error) {
        throw error instanceof ApiError ? error.atIndex(index) : error;
      }
    }
    return out;
  }

  private async checked(m: EntityManager, values: Values, current: E | null): Promise<Values> {
    return this.spec.check ? this.spec.check(m, values, current) : values;
  }
}
