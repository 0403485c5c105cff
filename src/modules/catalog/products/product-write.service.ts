import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { namingDuplicates } from '../../../common/batch/batch-duplicate.js';
import { type Upserted, batchAnswer } from '../../../common/batch/batch-result.js';
import { WithStatus } from '../../../common/http/envelope.js';
import { changesOf } from '../../../common/crud/changes.js';
import { assertIfMatch, assertIfMatchCollection } from '../../../common/http/etag.js';
import { FieldErrorBag } from '../../../common/http/field-error-bag.js';
import type { ItemQuery } from '../../../common/paging/list-query.dto.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { type ChangeEvent, EventRecorder } from '../../webhooks/event-recorder.service.js';
import type { CategoryView } from '../catalog.views.js';
import type { CategoryLinkInput } from '../categories/dto/category.input.js';
import type { CustomFieldValueInput } from '../parts/dto/custom-field-value.input.js';
import { ProductCategoriesService } from '../parts/product-categories.service.js';
import { ProductCustomFieldValuesRepository } from '../parts/product-custom-field-values.repository.js';
import {
  type ProductJson,
  categoryLinkEvent,
  customFieldEvent,
  presentFieldValue,
  presentAttribute,
  presentCategory,
  presentExtra,
  presentOption,
  presentPart,
  presentProductTier,
  presentVariant,
  presentVariantTier,
} from '../catalog.presenter.js';
import { repeatedKeys, replacementValues, tierKey } from '../domain/part-sync.js';
import { type MemberPart, type ProductPart, PARTS, TIER_FIELDS } from '../domain/product-parts.js';
import type { PriceTierCreate } from '../parts/dto/price-tier.input.js';
import type { ProductCreate, ProductPatch } from './dto/product.input.js';
import type { ProductPut } from './dto/product-put.input.js';
import { CatalogChecks } from '../catalog-checks.service.js';
import { type Plan, type ProductUpsertMember, type UpsertOptions, ProductWriteChecks } from './product-write-checks.service.js';
import { ProductWriter } from './product-writer.service.js';
import { ProductsService } from './products.service.js';
import { ProductBatchWriteRepository } from './product-batch-write.repository.js';
import { ProductCategoryLinksRepository } from '../parts/product-category-links.repository.js';
import { ProductPartsRepository } from '../parts/product-parts.repository.js';
import { ProductRowsRepository } from './product-rows.repository.js';

export type { ProductPart } from '../domain/product-parts.js';

/** What an item route does to one member of a part (ProductWriteService.writeMember). */
export type MemberWrite =
  { action: 'create'; input: object } | { action: 'update' | 'replace'; key: string; input: object } | { action: 'delete'; key: string };

/** One member's result: its outcome, its product's id and view (no embeds). */
export interface UpsertedProduct extends Upserted<ProductJson> {
  id: number;
}

/**
 * The one product write (docs/api.md, PUT: replacing a product, its parts, or many products at
 * once) behind `PUT /product/{id|sku}`, `PUT /products`, the product's part collection PUTs and each
 * chunk of a bulk import: `upsertMany` takes any number of products with their parts, checks them
 * all (ProductWriteChecks) and writes them (ProductWriter) in a fixed number of statements, whatever
 * the number of products or parts. Matching parts by their keys, replacing values and telling a
 * change from a no-op are the pure rules of domain/part-sync.ts and domain/set-sync.ts.
 *
 * Events: `product.created` or `product.updated` (the product as GET shows it) per product that
 * changed, its parts included, then the events of each part, category link and custom field value it
 * created, changed or deleted, as their own routes record them (`product.variant.created`, …).
 */
@Injectable()
export class ProductWriteService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly checks: ProductWriteChecks,
    private readonly writer: ProductWriter,
    private readonly sets: ProductBatchWriteRepository,
    private readonly parts: ProductPartsRepository,
    private readonly links: ProductCategoryLinksRepository,
    private readonly products: ProductsService,
    private readonly events: EventRecorder,
    private readonly references: CatalogChecks,
    private readonly rows: ProductRowsRepository,
    private readonly linkedCategories: ProductCategoriesService,
    private readonly fieldValues: ProductCustomFieldValuesRepository,
  ) {}

  /**
   * One member of a part by its item route: POST (`create`), PATCH (`update`: the fields sent), PUT
   * (`replace`: every writable field as sent, or as a create gives it) and DELETE of
   * `/product/{p}/<part>/{id}` and `/variant/{v}/pricetier/{id}`. Locks as every product write does
   * (the product's row, then the variant's, then the member's), compares If-Match with the member as
   * its GET shows it, keeps the rules a product write keeps for its parts (ProductWriteChecks), and
   * records the event a product write records for the member. Answers the member as its GET shows it.
   */
  writeMember(ownerKey: string, part: MemberPart, write: MemberWrite): Promise<object> {
    return this.tx.run(async (m) => {
      const variant = part === 'variant_price_tiers' ? await this.parts.lockVariant(m, ownerKey) : null;
      const product = variant ? null : await this.rows.products.find(m, ownerKey, { lock: true });
      const owner = { id: (variant ?? product)!.id, productId: variant?.product_id ?? product!.id };
      const { table, owner: ownerColumn } = this.parts.tableOf(part);
      const current = write.action === 'create' ? null : await table.find(m, write.key, { lock: true, where: { [ownerColumn]: owner.id } });
      if (current) assertIfMatch(presentPart(part, current));
      let values: Record<string, unknown> | null = null;
      if (write.action !== 'delete') {
        const sent = write.action === 'replace' ? this.replacement(part, write.input) : changesOf(write.input);
        values = await this.checks.checkMember(m, part, product, sent, current);
      }
      const { row, event } = await this.writer.writeMember(m, part, owner, current, values);
      if (event) await this.events.record(m, event);
      return presentPart(part, row);
    });
  }

  /**
   * POST /product/{p}/categories: links the categories not linked yet, after the others (idempotent);
   * answers the product's categories in link order and records `product.category.created` per link made.
   */
  linkCategories(productKey: string, input: CategoryLinkInput) {
    return this.tx.run(async (m) => {
      const product = await this.rows.products.find(m, productKey, { lock: true });
      const ids = await this.checks.linkedIds(m, input);
      let linked: number[] = [];
      if (ids.length > 0) {
        linked = await this.links.link(m, product.id, ids);
        await this.rows.touch(m, product.id);
      }
      const categories = (await this.links.inLinkOrder(m, product.id)).map(presentCategory);
      // Only the links made now: a category already linked changed nothing.
      const created = linked.map((id) => categories.find((c) => c.id === id)!);
      await this.events.record(
        m,
        created.map((c) => categoryLinkEvent('created', product.id, c)),
      );
      return categories;
    });
  }

  /** DELETE /product/{p}/category/{id} (one link, 404 when not linked; If-Match on the category) or DELETE /product/{p}/categories (every link). */
  unlinkCategories(productKey: string, categoryKey?: string) {
    return this.tx.run(async (m) => {
      const product = await this.rows.products.find(m, productKey, { lock: true });
      let unlinked: CategoryView[];
      if (categoryKey !== undefined) {
        const category = presentCategory(await this.linkedCategories.findLinked(m, product.id, categoryKey));
        assertIfMatch(category);
        await this.links.unlink(m, product.id, category.id);
        unlinked = [category];
      } else {
        unlinked = (await this.links.unlinkAll(m, product.id)).map(presentCategory);
      }
      if (unlinked.length > 0) await this.rows.touch(m, product.id);
      await this.events.record(
        m,
        unlinked.map((c) => categoryLinkEvent('deleted', product.id, c)),
      );
      return categoryKey !== undefined ? unlinked[0] : [];
    });
  }

  /**
   * PATCH and PUT /product/{p}/customfield/{name}: the value set (its canonical text) or cleared
   * (null), If-Match on the value as its GET shows it; `product.customfield.updated` or `.deleted`
   * (as it was). The value it has already changes nothing and records nothing.
   */
  setCustomField(productKey: string, name: string, input: CustomFieldValueInput) {
    return this.tx.run(async (m) => {
      const product = await this.rows.products.find(m, productKey, { lock: true });
      const definition = await this.references.productFieldDefinition(m, name);
      const stored = await this.fieldValues.storedValue(m, product.id, definition.id);
      const before = presentFieldValue(definition, stored);
      assertIfMatch(before);
      const value = this.checks.fieldValue(definition, input.value) ?? undefined;
      if (value === stored) return before;
      if (value === undefined) await this.fieldValues.clearValue(m, product.id, definition.id);
      else await this.fieldValues.setValue(m, product.id, definition.id, value);
      const after = presentFieldValue(definition, value);
      await this.events.record(
        m,
        value === undefined ? customFieldEvent('deleted', product.id, before) : customFieldEvent('updated', product.id, after),
      );
      return after;
    });
  }

  /** The values an item PUT of one member writes: every writable field, as sent or as a create gives it. */
  private replacement(part: MemberPart, input: object): Record<string, unknown> {
    const spec = part === 'variant_price_tiers' ? { table: part, fields: TIER_FIELDS } : PARTS[part];
    return replacementValues(spec.fields, this.sets.defaultsOf(spec.table), input);
  }

  /** POST /product: the product as GET shows it. */
  create(input: ProductCreate) {
    return this.tx.run(async (m) => {
      const [result] = await this.upsertMany(m, [{ input: input as ProductPut, mode: 'create' }], { path: (_i, f) => f });
      return result.view;
    });
  }

  /** PATCH /product/{id|sku}: the fields sent change, the others stay; nothing changed records nothing. */
  update(key: string, input: ProductPatch) {
    return this.tx.run(async (m) => {
      const [result] = await this.upsertMany(m, [{ key, input: input as ProductPut, mode: 'patch' }], {
        path: (_i, f) => f,
        ifMatch: true,
      });
      return result.view;
    });
  }

  /** PUT /product/{id|sku}: 201 when it created the product. */
  put(key: string, input: ProductPut, query: ItemQuery) {
    return this.tx.run(async (m) => {
      const [result] = await this.upsertMany(m, [{ key, input }], { path: (_i, f) => f, ifMatch: true });
      const view = query.embed ? await this.products.getIn(m, String(result.id), query) : result.view;
      return new WithStatus(result.outcome === 'created' ? 201 : 200, view);
    });
  }

  /** PUT /products: all or nothing; a value two members (or a member and the store) would share is 422 on the member's `N.field`. */
  putMany(inputs: ProductPut[]) {
    return namingDuplicates(inputs, () => this.upsertBatch(inputs)).then(batchAnswer);
  }

  /**
   * The batch upsert of PUT /products and of an import's lines: errors named `N.field`, a 409 worded
   * by `conflict` (by default naming the member); joins the caller's transaction when there is one.
   */
  upsertBatch(inputs: ProductPut[], conflict: (i: number, message: string) => string = (i, message) => `Member ${i}: ${message}`) {
    return this.tx.run((m) =>
      this.upsertMany(
        m,
        inputs.map((input) => ({ input })),
        { path: (i, f) => `${i}.${f}`, conflict },
      ),
    );
  }

  /**
   * PUT /product/{p}/<part>: the part becomes exactly `members` (`[]` empties it), matched as in a
   * product PUT; the product's own fields stay. Answers the collection as its GET shows it, unpaged.
   */
  putPart(productKey: string, part: ProductPart | 'category_ids', members: unknown[]) {
    return this.tx.run(async (m) => {
      const input = { [part]: members } as ProductPut;
      const [result] = await this.upsertMany(m, [{ key: productKey, input, mode: 'parts' }], {
        path: (_i, f) => (f.startsWith(`${part}.`) ? f.slice(part.length + 1) : f),
        collection: (cm, productId) => this.collection(cm, productId, part),
      });
      return this.collection(m, result.id, part);
    });
  }

  /** PUT /variant/{v}/pricetiers: the variant's price tiers become exactly `tiers`, matched by customer group and quantity. */
  putVariantTiers(variantKey: string, tiers: PriceTierCreate[]) {
    return this.tx.run(async (m) => {
      const variant = await this.parts.lockVariant(m, variantKey);
      await assertIfMatchCollection(async () => (await this.sets.partsOf(m, 'variant_price_tiers', [variant.id])).map(presentVariantTier));
      const bag = new FieldErrorBag();
      for (const { index, first } of repeatedKeys(tiers, (t) => tierKey(t)))
        bag.add(`${index}.quantity`, `is the same as that of price tier ${first}`);
      const groups = await this.references.existingIds(m, 'customer_groups', [
        ...new Set(tiers.map((t) => t.customer_group_id).filter((g): g is number => typeof g === 'number')),
      ]);
      tiers.forEach((t, i) => {
        if (typeof t.customer_group_id === 'number' && !groups.has(t.customer_group_id))
          bag.add(`${i}.customer_group_id`, 'does not exist');
      });
      bag.throwIfAny();
      const plan: Plan = {
        member: { input: {} as ProductPut },
        current: null,
        values: null,
        id: variant.product_id,
        partsChanged: false,
        rowChanged: false,
      };
      const partEvents: ChangeEvent[] = [];
      await this.writer.writeVariantTiers(m, partEvents, [{ plan, id: variant.id, tiers, stored: true }]);
      if (plan.partsChanged) {
        await this.sets.touchProducts(m, [variant.product_id]);
        const view = (await this.products.productViews(m, [variant.product_id])).get(variant.product_id)!;
        await this.events.record(m, [{ type: 'product.updated', resource: 'product', resource_id: view.id, data: view }, ...partEvents]);
      }
      return (await this.sets.partsOf(m, 'variant_price_tiers', [variant.id])).map(presentVariantTier);
    });
  }

  /** A part collection of one product as its GET shows it (default order: by id), in full. */
  private async collection(m: EntityManager, productId: number, part: ProductPart | 'category_ids'): Promise<object[]> {
    switch (part) {
      case 'category_ids':
        return (await this.links.inLinkOrder(m, productId)).sort((a, b) => a.id - b.id).map(presentCategory);
      case 'options':
        return (await this.sets.partsOf(m, 'options', [productId])).map(presentOption);
      case 'variants':
        return (await this.sets.partsOf(m, 'variants', [productId])).map(presentVariant);
      case 'price_tiers':
        return (await this.sets.partsOf(m, 'price_tiers', [productId])).map(presentProductTier);
      case 'extras':
        return (await this.sets.partsOf(m, 'extras', [productId])).map(presentExtra);
      case 'attributes':
        return (await this.sets.partsOf(m, 'attributes', [productId])).map(presentAttribute);
    }
  }

  /**
   * Upserts products with their parts on the caller's transaction, in request order; throws a 422
   * naming every invalid field (nothing written) or a 404 for a part PUT of an unknown product.
   */
  async upsertMany(m: EntityManager, members: ProductUpsertMember[], opts: UpsertOptions): Promise<UpsertedProduct[]> {
    const checked = await this.checks.check(m, members, opts);
    const partEvents = await this.writer.write(m, checked);
    const { plans } = checked;
    const views = await this.products.productViews(
      m,
      plans.map((p) => p.id),
    );
    const results = plans.map((p): UpsertedProduct => {
      const outcome = !p.current ? 'created' : p.rowChanged || p.partsChanged ? 'updated' : 'unchanged';
      return { id: p.id, outcome, view: views.get(p.id)! };
    });
    // One statement: each product's event, then those of the parts it created, changed or deleted.
    await this.events.record(m, [
      ...results
        .filter((r) => r.outcome !== 'unchanged')
        .map((r): ChangeEvent => ({
          type: `product.${r.outcome as 'created' | 'updated'}`,
          resource: 'product',
          resource_id: r.id,
          data: r.view,
        })),
      ...partEvents,
    ]);
    return results;
  }
}
