import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { changesOf } from '../../../common/crud/changes.js';
import { parseEmbed } from '../../../common/embed/embed.js';
import { ApiError } from '../../../common/http/api-error.js';
import { assertIfMatch, assertNoIfMatch } from '../../../common/http/etag.js';
import { WithStatus } from '../../../common/http/envelope.js';
import type { Upserted } from '../../../common/batch/batch-result.js';
import { putTarget, replacementValues, writableFieldsOf } from '../../../common/crud/replacement.js';
import type { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { pageRequest, toPage } from '../../../common/paging/page-request.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { type ChangeEvent, EventRecorder } from '../../webhooks/event-recorder.service.js';
import { presentProductType } from '../catalog.presenter.js';
import type { ProductTypeView } from '../catalog.views.js';
import type { ProductTypeCreate, ProductTypePatch } from './dto/product-type.input.js';
import type { ProductType } from './product-type.entity.js';
import { FieldErrorBag } from '../../../common/http/field-error-bag.js';
import { flagOffRefusal, partsTurnedOff } from '../domain/product-type-rules.js';
import { ProductTypesRepository } from './product-types.repository.js';
import { PRODUCT_TYPE_LIST } from '../catalog.lists.js';

/**
 * Product types, addressed by id or api_code. Exactly one is the default: setting `is_default` on a
 * type moves it there (switches serialized by a transaction-scoped advisory lock, as tax classes'),
 * clearing it on the default type is a 409 (the store would have none), and the default type or a
 * type products use cannot be deleted (409).
 */
@Injectable()
export class ProductTypesService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: ProductTypesRepository,
    private readonly events: EventRecorder,
  ) {}

  async list(query: ListQuery) {
    parseEmbed(query.embed, {});
    const req = pageRequest(query, PRODUCT_TYPE_LIST.sortable);
    return toPage(req, await this.repository.types.page(this.tx.direct, req), (rows) => Promise.resolve(rows.map(presentProductType)));
  }

  async get(key: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    return presentProductType(await this.repository.types.find(this.tx.direct, key));
  }

  create(input: ProductTypeCreate) {
    return this.tx.run((m) => this.createIn(m, changesOf(input)));
  }

  update(key: string, input: ProductTypePatch) {
    return this.tx.run(async (m) => {
      // The switch lock comes before the row lock (see TaxClassesService.update).
      if (input.is_default) await this.repository.lockDefaultSwitch(m);
      const current = await this.repository.types.find(m, key, { lock: true });
      assertIfMatch(presentProductType(current));
      return this.changeIn(m, current, changesOf(input));
    });
  }

  /**
   * PUT /producttype/{id|api_code}: the type becomes the body (a flag left out is 1, `is_default` 0,
   * as a create gives them), so a replace of the default type without `is_default: 1` is the same
   * 409 as PATCH's `is_default: 0`. An api_code no type has creates it (201).
   */
  replace(key: string, input: ProductTypeCreate) {
    return this.tx.run(async (m) => {
      if (input.is_default) await this.repository.lockDefaultSwitch(m);
      const current = await this.repository.types.findOrNull(m, key, { lock: true });
      if (!current) {
        const target = putTarget(key, input, { field: 'api_code', fold: 'lower' });
        if (target.kind !== 'create') throw ApiError.field('api_code', `must be ${key} (the key in the path) when no product type has it`);
        assertNoIfMatch();
        return new WithStatus(201, await this.createIn(m, changesOf(input)));
      }
      assertIfMatch(presentProductType(current));
      return this.changeIn(m, current, this.replacement(input));
    });
  }

  /**
   * PUT /producttypes: each member upserted by its api_code (any case) as its item PUT would be, in
   * one transaction and a fixed number of statements: the members' types (one read, locked), the
   * default moved when a member takes it (one statement), one INSERT, one UPDATE, one of events.
   * Two members taking the default → 422 on the later; the default type replaced without
   * `is_default: 1` while no member takes the default → 409 naming the member.
   */
  upsertMany(inputs: ProductTypeCreate[]): Promise<Upserted<ProductTypeView>[]> {
    return this.tx.run(async (m) => {
      const bag = new FieldErrorBag();
      const taking = inputs.flatMap((input, i) => (input.is_default ? [i] : []));
      for (const i of taking.slice(1)) bag.add(`${i}.is_default`, `is 1 on member ${taking[0]} too: one type is the default`);
      bag.throwIfAny();
      if (taking.length) await this.repository.lockDefaultSwitch(m);
      const stored = await this.repository.types.whereKeys(
        m,
        'api_code',
        inputs.map((i) => String(i.api_code)),
        { fold: 'lower', lock: true },
      );
      const byCode = new Map(stored.map((row) => [row.api_code.toLowerCase(), row]));
      const currents = inputs.map((input) => byCode.get(String(input.api_code).toLowerCase()) ?? null);
      currents.forEach((current, i) => {
        if (current?.is_default && !inputs[i].is_default && taking.length === 0)
          throw ApiError.conflict(`Member ${i}: ${this.stillDefault(current)}`);
      });
      await this.assertFlagsKept(
        m,
        inputs.flatMap((input, index) => (currents[index] ? [{ index, current: currents[index], values: this.replacement(input) }] : [])),
        (i, message) => `Member ${i}: ${message}`,
      );
      const keep = taking.length ? currents[taking[0]] : undefined;
      const cleared = taking.length ? await this.repository.clearDefault(m, keep?.id ?? null) : [];
      const creates = inputs.flatMap((input, index) => (currents[index] ? [] : [{ index, values: changesOf(input) }]));
      const updates = inputs.flatMap((input, index) => {
        const current = currents[index];
        return current ? [{ index, id: current.id, values: this.replacement(input) }] : [];
      });
      const inserted = await this.repository.types.insertMany(
        m,
        creates.map((c) => c.values),
      );
      const changed = new Map((await this.repository.types.changeMany(m, updates)).map((row) => [row.id, row]));
      const clearedById = new Map(cleared.map((row) => [row.id, row]));
      const results: Upserted<ProductTypeView>[] = new Array(inputs.length);
      creates.forEach((c, n) => (results[c.index] = { outcome: 'created', view: presentProductType(inserted[n]) }));
      for (const u of updates) {
        const row = changed.get(u.id) ?? clearedById.get(u.id);
        results[u.index] = { outcome: row ? 'updated' : 'unchanged', view: presentProductType(row ?? currents[u.index]!) };
      }
      const members = new Set(updates.map((u) => u.id));
      await this.events.record(m, [
        ...cleared.filter((row) => !members.has(row.id)).map((row) => this.event('updated', presentProductType(row))),
        ...results.filter((r) => r.outcome !== 'unchanged').map((r) => this.event(r.outcome as 'created' | 'updated', r.view)),
      ]);
      return results;
    });
  }

  /** A create on the caller's transaction: `is_default` moves the default here. */
  /** A step of an export (docs/api.md#bulk-import-and-export): the next types after id `afterId` as GET shows them, in id order. */
  async exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null): Promise<ProductTypeView[]> {
    return (await this.repository.types.after(m, afterId, limit, updatedMin)).map(presentProductType);
  }

  private async createIn(m: EntityManager, values: Record<string, unknown>) {
    const cleared = values.is_default ? await this.takeDefault(m, null) : [];
    const created = presentProductType(await this.repository.types.insert(m, values));
    await this.record(m, cleared, 'created', created);
    return created;
  }

  /** The PATCH or PUT of a locked type (the caller holds the switch lock when `values.is_default`). */
  private async changeIn(m: EntityManager, current: ProductType, values: Record<string, unknown>) {
    if (values.is_default === false && current.is_default) throw ApiError.conflict(this.stillDefault(current));
    await this.assertFlagsKept(m, [{ current, values }], (_i, message) => message);
    const cleared = values.is_default ? await this.repository.clearDefault(m, current.id) : [];
    const { row, changed } = await this.repository.types.change(m, current, values);
    const updated = presentProductType(row);
    if (changed || cleared.length) await this.record(m, cleared, 'updated', updated);
    return updated;
  }

  /**
   * Rules guard both ends (docs/api.md#product-types): a flag turned off while products of the type
   * have what it allows is a 409 naming them. The types are locked for update by the caller, and a
   * product write share-locks its type, so a write adding a part and a change turning its flag off
   * take turns: whichever comes second sees the other. One statement for every type of a batch.
   */
  private async assertFlagsKept(
    m: EntityManager,
    changes: { index?: number; current: ProductType; values: Record<string, unknown> }[],
    member: (i: number, message: string) => string,
  ) {
    const pairs = changes.flatMap((c) => partsTurnedOff(c.current, c.values).map((part) => ({ typeId: c.current.id, part, change: c })));
    if (pairs.length === 0) return;
    const used = await this.repository.productsUsing(m, pairs);
    for (const { typeId, part, change } of pairs) {
      const found = used.find((u) => u.typeId === typeId && u.part === part);
      if (found) throw ApiError.conflict(member(change.index ?? 0, flagOffRefusal(change.current, part, found.count, found.names)));
    }
  }

  /** A PUT body as the values it writes: every field as sent, or as a create gives it. */
  private replacement(input: ProductTypeCreate): Record<string, unknown> {
    return replacementValues(input, writableFieldsOf(input.constructor), this.repository.types.columnDefaults());
  }

  private stillDefault(current: ProductType): string {
    return `Product type ${current.api_code} is the default and stays so until another type is made the default (is_default: 1 on that type).`;
  }

  remove(key: string) {
    return this.tx.run(async (m) => {
      const current = await this.repository.types.find(m, key, { lock: true });
      const deleted = presentProductType(current);
      assertIfMatch(deleted);
      if (current.is_default) {
        throw ApiError.conflict(
          `Product type ${current.api_code} is the default and cannot be deleted; make another type the default first.`,
        );
      }
      const used = await this.repository.productCount(m, current.id);
      if (used > 0) {
        throw ApiError.conflict(
          `Product type ${current.api_code} is used by ${used} product${used === 1 ? '' : 's'} and cannot be deleted.`,
        );
      }
      await this.repository.types.delete(m, current.id);
      await this.record(m, [], 'deleted', deleted);
      return deleted;
    });
  }

  private async takeDefault(m: EntityManager, keepId: number | null): Promise<ProductType[]> {
    await this.repository.lockDefaultSwitch(m);
    return this.repository.clearDefault(m, keepId);
  }

  /** `product_type.<action>`; a type that lost the default to this one changed too, so its `product_type.updated` comes first. */
  private record(m: EntityManager, cleared: ProductType[], action: 'created' | 'updated' | 'deleted', view: ProductTypeView) {
    return this.events.record(m, [...cleared.map((c) => this.event('updated', presentProductType(c))), this.event(action, view)]);
  }

  private event(action: 'created' | 'updated' | 'deleted', data: ProductTypeView): ChangeEvent {
    return { type: `product_type.${action}`, resource: 'product_type', resource_id: data.id, data };
  }
}
