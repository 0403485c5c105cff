import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ChangeEvent } from '../../webhooks/event-recorder.service.js';
import { categoryLinkEvent, customFieldEvent, partEvent, presentCategory, presentFieldValue } from '../catalog.presenter.js';
import { type KeyOf, listDiff, matchMembers, replacementValues } from '../domain/part-sync.js';
import { type MemberPart, type ProductPart, PARTS, PART_NAMES, PRODUCT_FIELDS, TIER_FIELDS, byTier } from '../domain/product-parts.js';
import { groupBy } from '../../../common/embed/embed.js';
import { type SyncPlan, changedOwners, planSync } from '../../../common/crud/domain/set-sync.js';
import type { PriceTierCreate } from '../parts/dto/price-tier.input.js';
import type { VariantPut } from './dto/product-put.input.js';
import type { CheckedWrite, Plan } from './product-write-checks.service.js';
import { CatalogChecks } from '../catalog-checks.service.js';
import { type PartRow, ProductPartsRepository } from '../parts/product-parts.repository.js';
import { type LinkedCategory, type PartTable, ProductBatchWriteRepository } from './product-batch-write.repository.js';

/**
 * Writes a checked product write (ProductWriteChecks): the products' rows, then each list part, the
 * category links and the custom field values of the products that sent them, then `updated_at` of
 * those whose parts alone changed. A statement per table and kind of write (remove, update, insert),
 * whatever the number of products and parts; each plan learns whether its row or parts changed, and
 * the events of the parts created, changed or deleted are handed back (recorded with the products').
 */
@Injectable()
export class ProductWriter {
  constructor(
    private readonly sets: ProductBatchWriteRepository,
    private readonly checks: CatalogChecks,
    private readonly parts: ProductPartsRepository,
  ) {}

  /**
   * One member of a part written by its item route (ProductWriteChecks.checkMember checked
   * `values`): inserted (`current` null), changed, or deleted (`values` null; an option softly, as a
   * product write removes it), in a statement. The product's `updated_at` moves with its options (its
   * `options` array is part of it). Answers the row as it is now and the write's event: none when a
   * change changed nothing or the option was deleted already.
   */
  async writeMember(
    m: EntityManager,
    part: MemberPart,
    owner: { id: number; productId: number },
    current: PartRow | null,
    values: Record<string, unknown> | null,
  ): Promise<{ row: PartRow; event: ChangeEvent | null }> {
    const { table, owner: ownerColumn } = this.parts.tableOf(part);
    let written: { row: PartRow; event: ChangeEvent | null };
    if (current === null) {
      const row = await table.insert(m, { ...values!, [ownerColumn]: owner.id });
      written = { row, event: partEvent(part, 'created', row) };
    } else if (values === null) {
      if (current.deleted_at) return { row: current, event: null };
      const row = part === 'options' ? await table.update(m, current, { deleted_at: () => 'now()' }) : current;
      if (part !== 'options') await table.delete(m, current.id);
      written = { row, event: partEvent(part, 'deleted', current) };
    } else {
      const { row, changed } = await table.change(m, current, values);
      if (!changed) return { row: current, event: null };
      written = { row, event: partEvent(part, 'updated', row) };
    }
    if (part === 'options') await this.sets.touchProducts(m, [owner.productId]);
    return written;
  }

  async write(m: EntityManager, { plans, customFields }: CheckedWrite): Promise<ChangeEvent[]> {
    const events: ChangeEvent[] = [];
    await this.writeProducts(m, plans);
    for (const part of PART_NAMES) await this.writePart(m, plans, part, events);
    await this.writeCategories(m, plans, events);
    await this.writeCustomFields(m, plans, customFields, events);
    await this.sets.touchProducts(
      m,
      plans.filter((p) => p.current && p.partsChanged && !p.rowChanged).map((p) => p.id),
    );
    return events;
  }

  /** The price tiers of the variants that sent them (PUT /variant/{v}/pricetiers, or a variant of a product write). */
  private async writeProducts(m: EntityManager, plans: Plan[]) {
    const creates = plans.filter((p) => !p.current && p.values);
    const inserted = await this.sets.insert(
      m,
      'products',
      [...PRODUCT_FIELDS, 'product_type_id'],
      creates.map((p) => p.values!),
    );
    creates.forEach((p, n) => (p.id = inserted[n].id));
    const updates = plans.filter((p) => p.current && p.values);
    // The columns the members carry: every one for a PUT, those sent for a PATCH (the others stay).
    const columns = [...PRODUCT_FIELDS, 'product_type_id'].filter((c) => updates.some((p) => Object.hasOwn(p.values!, c)));
    const changed =
      columns.length === 0
        ? []
        : await this.sets.update(
            m,
            'products',
            columns,
            updates.map((p) => {
              const row: Record<string, unknown> = { id: p.id, ...p.values! };
              for (const c of columns) if (!Object.hasOwn(row, c)) row[c] = (p.current as unknown as Record<string, unknown>)[c];
              return row;
            }),
          );
    const changedIds = new Set(changed.map((r) => r.id));
    for (const p of updates) p.rowChanged = changedIds.has(p.id);
  }

  /** One part of every product that sent it: removed, changed and new members, a statement each. */
  private async writePart(m: EntityManager, plans: Plan[], part: ProductPart, events: ChangeEvent[]) {
    const spec = PARTS[part];
    const sending = plans.filter((p) => p.member.input[part] !== undefined);
    if (sending.length === 0) return;
    const defaults = this.sets.defaultsOf(spec.table);
    const stored = await this.sets.partsOf(
      m,
      spec.table,
      sending.filter((p) => p.current).map((p) => p.id),
    );
    const byOwner = groupBy(stored as unknown as StoredRow[], (r) => r.product_id as number);
    const plan = planSync(
      sending.map((p) => ({ owner: p, id: p.id, sent: p.member.input[part] as unknown as StoredRow[], stored: byOwner.get(p.id) ?? [] })),
      {
        match: (sent, rows) => matchMembers(sent, rows, spec.keys).matched,
        values: (member) => replacementValues(spec.fields, defaults, member),
        ownerColumn: 'product_id',
      },
    );
    const { inserted } = await this.writeSync(m, spec.table, plan, spec.fields, ['product_id', ...spec.fields], events);
    if (part === 'variants') {
      await this.writeVariantTiers(m, events, [
        ...plan.updated.map((u) => ({ plan: u.owner, id: u.row.id, tiers: (u.sent as VariantPut).price_tiers, stored: true })),
        ...plan.inserted.map((x, n) => ({ plan: x.owner, id: inserted[n].id, tiers: (x.sent as VariantPut).price_tiers, stored: false })),
      ]);
    }
  }

  async writeVariantTiers(
    m: EntityManager,
    events: ChangeEvent[],
    variants: { plan: Plan; id: number; tiers?: PriceTierCreate[]; stored: boolean }[],
  ) {
    const sending = variants.filter((v) => v.tiers !== undefined);
    if (sending.length === 0) return;
    const defaults = this.sets.defaultsOf('variant_price_tiers');
    const stored = await this.sets.partsOf(
      m,
      'variant_price_tiers',
      sending.filter((v) => v.stored).map((v) => v.id),
    );
    const byOwner = groupBy(stored as unknown as StoredRow[], (r) => r.variant_id as number);
    const plan = planSync(
      sending.map((v) => ({ owner: v.plan, id: v.id, sent: v.tiers as unknown as StoredRow[], stored: byOwner.get(v.id) ?? [] })),
      {
        match: (sent, rows) => matchMembers(sent, rows, [byTier]).matched,
        values: (member) => replacementValues(TIER_FIELDS, defaults, member),
        ownerColumn: 'variant_id',
      },
    );
    await this.writeSync(m, 'variant_price_tiers', plan, TIER_FIELDS, ['variant_id', ...TIER_FIELDS], events);
  }

  /** `category_ids`: links kept keep their place, new ones follow in the order sent. */
  private async writeCategories(m: EntityManager, plans: Plan[], events: ChangeEvent[]) {
    const sending = plans.filter((p) => p.member.input.category_ids !== undefined);
    if (sending.length === 0) return;
    const stored = await this.sets.partsOf(
      m,
      'categories',
      sending.filter((p) => p.current).map((p) => p.id),
    );
    const byOwner = groupBy(stored, (r) => r.product_id);
    const removed: number[] = [];
    const inserts: { product_id: number; category_id: number }[] = [];
    for (const plan of sending) {
      const links = byOwner.get(plan.id) ?? [];
      const { added, removed: gone } = listDiff(
        links.map((l) => l.category_id),
        plan.member.input.category_ids!,
      );
      if (added.length || gone.length) plan.partsChanged = true;
      removed.push(...links.filter((l) => gone.includes(l.category_id)).map((l) => l.id));
      inserts.push(...added.map((category_id) => ({ product_id: plan.id, category_id })));
    }
    // The events the link routes record (ProductCategoriesService).
    const event = (action: 'created' | 'deleted', link: LinkedCategory) =>
      categoryLinkEvent(action, link.product_id, presentCategory(link.category));
    events.push(...(await this.sets.unlinkCategories(m, removed)).map((l) => event('deleted', l)));
    events.push(...(await this.sets.linkCategories(m, inserts)).map((l) => event('created', l)));
  }

  /** `custom_fields`: the values sent are set, those left out or null cleared. */
  private async writeCustomFields(m: EntityManager, plans: Plan[], values: (Map<number, string> | null)[], events: ChangeEvent[]) {
    const sending = plans.map((plan, i) => ({ plan, values: values[i] })).filter((x) => x.values !== null);
    if (sending.length === 0) return;
    const stored = await this.sets.partsOf(
      m,
      'custom_fields',
      sending.filter((x) => x.plan.current).map((x) => x.plan.id),
    );
    const byOwner = groupBy(stored, (r) => r.product_id);
    const byDefinition: [KeyOf<{ definition_id: number }>, KeyOf<{ definition_id: number }>] = [
      (x) => String(x.definition_id),
      (x) => String(x.definition_id),
    ];
    const plan = planSync(
      sending.map(({ plan: p, values: wanted }) => ({
        owner: p,
        id: p.id,
        sent: [...wanted!].map(([definition_id, value]) => ({ definition_id, value })),
        stored: byOwner.get(p.id) ?? [],
      })),
      {
        match: (sent, rows) => matchMembers(sent, rows, [byDefinition]).matched,
        values: (member) => ({ ...member }),
        ownerColumn: 'product_id',
      },
    );
    const { updated } = await this.writeSync(m, 'custom_fields', plan, ['value'], ['product_id', 'definition_id', 'value'], null);
    // The events the value's route records (ProductCustomFieldsService): a value set is `updated`, one
    // cleared `deleted` with the value as it was; `resource_id` is the product's.
    const changedIds = new Set(updated.map((r) => r.id));
    const set = [
      ...plan.inserted.map((x) => x.values),
      ...plan.updated
        .filter((u) => changedIds.has(u.row.id))
        .map((u) => ({ ...u.values, product_id: u.row.product_id, definition_id: u.row.definition_id })),
    ] as { product_id: number; definition_id: number; value: string }[];
    const cleared = plan.removed.map((r) => r.row);
    if (set.length === 0 && cleared.length === 0) return;
    const definitions = new Map(
      (await this.checks.fieldDefinitionsById(m, [...new Set([...set, ...cleared].map((v) => v.definition_id))])).map((d) => [d.id, d]),
    );
    const event = (action: 'updated' | 'deleted', v: { product_id: number; definition_id: number; value: string }) =>
      customFieldEvent(action, v.product_id, presentFieldValue(definitions.get(v.definition_id)!, v.value));
    events.push(...cleared.map((v) => event('deleted', v)), ...set.map((v) => event('updated', v)));
  }

  /**
   * Writes a sync plan in a statement per kind (remove, update, insert) and marks the products whose
   * rows it changed; the new rows' ids, in the plan's order. A part's rows created, changed and deleted
   * add their events to `events` (custom field values, `null`, record none of their own here).
   */
  private async writeSync<T extends PartTable | 'custom_fields', S, R extends { id: number }>(
    m: EntityManager,
    table: T,
    plan: SyncPlan<Plan, S, R>,
    updateColumns: readonly string[],
    insertColumns: readonly string[],
    events: T extends PartTable ? ChangeEvent[] : null,
  ): Promise<{ inserted: { id: number }[]; updated: { id: number }[] }> {
    await this.sets.remove(
      m,
      table,
      plan.removed.map((r) => r.row.id),
    );
    const part = table === 'custom_fields' ? null : (table as PartTable);
    const update = part ? this.sets.updateParts.bind(this.sets) : this.sets.update.bind(this.sets);
    const insert = part ? this.sets.insertParts.bind(this.sets) : this.sets.insert.bind(this.sets);
    const updated = await update(
      m,
      table as PartTable,
      [...updateColumns],
      plan.updated.map((u) => u.values),
    );
    const inserted = await insert(
      m,
      table as PartTable,
      [...insertColumns],
      plan.inserted.map((x) => x.values),
    );
    for (const owner of changedOwners(plan, new Set(updated.map((r) => r.id)))) owner.partsChanged = true;
    if (part && events) {
      events.push(
        ...inserted.map((row) => partEvent(part, 'created', row)),
        ...updated.map((row) => partEvent(part, 'updated', row)),
        ...plan.removed.map((r) => partEvent(part, 'deleted', r.row)),
      );
    }
    return { inserted, updated };
  }
}

type StoredRow = Record<string, unknown> & { id: number };
