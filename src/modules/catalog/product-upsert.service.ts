import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type Upserted, batchAnswer } from '../../common/batch/batch-result.js';
import { ApiError } from '../../common/http/api-error.js';
import { WithStatus } from '../../common/http/envelope.js';
import { assertIfMatch } from '../../common/http/etag.js';
import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import type { ItemQuery } from '../../common/paging/list-query.dto.js';
import { TransactionRunner } from '../../database/transaction.js';
import { normalizeFieldValue } from '../custom-fields/domain/field-value.js';
import { EventRecorder } from '../webhooks/event-recorder.js';
import {
  type ProductJson,
  presentAttribute,
  presentCategory,
  presentExtra,
  presentOption,
  presentProductTier,
  presentVariant,
  presentVariantTier,
} from './catalog.presenter.js';
import { type OptionRule, selectionError } from './domain/option-selection.js';
import {
  type KeyOf,
  keptUrlName,
  listDiff,
  matchMembers,
  optionsKey,
  repeatedKeys,
  replacementValues,
  tierKey,
} from './domain/part-sync.js';
import { firstFreeSlug, slugify } from './domain/product-text.js';
import { type SyncPlan, changedOwners, groupBy, planSync } from './domain/set-sync.js';
import { type PartCounts, moveRefusal, partRefusal, refusedShippingFields, shippingFieldError } from './domain/product-type-rules.js';
import type { PriceTierCreate } from './dto/price-tier.input.js';
import type { ProductPut, VariantPut } from './dto/product-put.input.js';
import type { Product } from './product.entity.js';
import { ProductsService } from './products.service.js';
import { ProductCategoryLinksRepository } from './repositories/product-category-links.repository.js';
import { ProductPartsRepository } from './repositories/product-parts.repository.js';
import { ProductTypesRepository } from './repositories/product-types.repository.js';
import { type SetTable, ProductSetsRepository } from './repositories/product-sets.repository.js';

/** The writable fields of a product, as a PUT replaces them (category_ids and the parts apart). */
const PRODUCT_FIELDS = [
  'name', 'sku', 'url_name', 'title', 'barcode', 'description', 'short_description', 'meta_description', 'meta_keywords',
  'base_price', 'weight', 'out_of_stock_threshold', 'cost', 'depth', 'width', 'height', 'low_stock_threshold', 'in_stock_amount',
  'sale_price_or_discount', 'sort_order', 'expected_availability_date', 'enabled', 'enabled_backend', 'is_on_sale', 'track_inventory',
  'allow_preorder', 'hide_out_of_stock', 'allow_negative_stock', 'is_catalog_visible', 'is_search_visible',
  'enable_product_shipping_rates', 'is_subscription_only', 'manufacturer', 'type', 'tax_class_id',
] as const; // prettier-ignore

/** The parts a product PUT may carry, each a list replaced as a whole when sent. */
export type ProductPart = 'options' | 'variants' | 'price_tiers' | 'extras' | 'attributes';

/** How each list part is stored and matched. */
interface PartSpec {
  table: Exclude<SetTable, 'products' | 'categories' | 'custom_fields'>;
  fields: readonly string[];
  keys: readonly [KeyOf<Record<string, unknown>>, KeyOf<Record<string, unknown>>][];
  /** The field a repeated key is reported on. */
  keyField: string;
}

const byField = (f: string): [KeyOf<Record<string, unknown>>, KeyOf<Record<string, unknown>>] => {
  const k = (x: Record<string, unknown>) => (x[f] === undefined || x[f] === null ? null : String(x[f]));
  return [k, k];
};
const byTier: [KeyOf<Record<string, unknown>>, KeyOf<Record<string, unknown>>] = [(x) => tierKey(x), (x) => tierKey(x)];
const byOptions: [KeyOf<Record<string, unknown>>, KeyOf<Record<string, unknown>>] = [
  (x) => optionsKey(x.options as Record<string, string> | undefined),
  (x) => optionsKey(x.options as Record<string, string> | undefined),
];

const TIER_FIELDS = ['customer_group_id', 'quantity', 'price'];
const PARTS: Record<ProductPart, PartSpec> = {
  options: { table: 'options', fields: ['name', 'values', 'sort_order'], keys: [byField('name')], keyField: 'name' },
  variants: {
    table: 'variants',
    fields: [
      'sku', 'base_price', 'cost', 'weight', 'depth', 'width', 'height', 'enabled', 'is_on_sale', 'sale_price_or_discount',
      'track_inventory', 'in_stock_amount', 'expected_availability_date', 'options',
    ], // prettier-ignore
    keys: [byField('sku'), byOptions],
    keyField: 'sku',
  },
  price_tiers: { table: 'price_tiers', fields: TIER_FIELDS, keys: [byTier], keyField: 'quantity' },
  extras: { table: 'extras', fields: ['sku', 'name', 'price', 'weight', 'sort_order'], keys: [byField('sku')], keyField: 'sku' },
  attributes: { table: 'attributes', fields: ['name', 'value', 'sort_order'], keys: [byField('name')], keyField: 'name' },
};
const PART_NAMES = Object.keys(PARTS) as ProductPart[];

/** One product to upsert. */
export interface ProductUpsertMember {
  /** The path's `{id|sku}` of an item PUT; absent in a batch (matched by the body's `sku`). */
  key?: string;
  input: ProductPut;
  /** Only the parts the input carries are replaced; the product's own fields stay (a part collection PUT). */
  partsOnly?: boolean;
}

export interface UpsertOptions {
  /** Where an error of member `i` on `field` (`variants.1.base_price`) is reported. */
  path: (i: number, field: string) => string;
  /** Check If-Match against the (single) product as it is (item PUTs). */
  ifMatch?: boolean;
  /** How a 409 of member `i` is worded (a batch names the member); as is when left out. */
  conflict?: (i: number, message: string) => string;
}

/** One member's result: its outcome, its product's id and view (no embeds). */
export interface UpsertedProduct extends Upserted<ProductJson> {
  id: number;
}

interface Plan {
  member: ProductUpsertMember;
  current: Product | null;
  values: Record<string, unknown> | null;
  id: number;
  /** Some part of it changed (its updated_at moves and it is `updated`). */
  partsChanged: boolean;
  rowChanged: boolean;
}

/**
 * The one product upsert (CONTRACT §17) behind `PUT /product/{id|sku}`, `PUT /products` and the
 * product's part collection PUTs (and, later, each line of a bulk import): `upsertMany` takes any
 * number of products with their parts and writes them in a fixed number of statements, whatever
 * the number of products or parts (ProductSetsRepository). Matching parts by their keys, replacing
 * values and telling a change from a no-op are the pure rules of domain/part-sync.ts.
 *
 * Events: `product.created` or `product.updated` (the product as GET shows it) per product that
 * changed, its parts included; the parts' own events (`product.variant.created`, …) are recorded by
 * the routes of one part only.
 */
@Injectable()
export class ProductUpsertService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly sets: ProductSetsRepository,
    private readonly parts: ProductPartsRepository,
    private readonly links: ProductCategoryLinksRepository,
    private readonly products: ProductsService,
    private readonly events: EventRecorder,
    private readonly types: ProductTypesRepository,
  ) {}

  /**
   * The values an item PUT of one part writes (`PUT /product/{p}/option/{id}`, …): every writable
   * field as sent, or as a create gives it when left out; the part's own update then applies them.
   */
  replacement(part: ProductPart | 'variant_price_tiers', input: object): Record<string, unknown> {
    const spec = part === 'variant_price_tiers' ? { table: part, fields: TIER_FIELDS } : PARTS[part];
    return replacementValues(spec.fields, this.sets.defaultsOf(spec.table), input);
  }

  /** PUT /product/{id|sku}: 201 when it created the product. */
  put(key: string, input: ProductPut, query: ItemQuery) {
    return this.tx.run(async (m) => {
      const [result] = await this.upsertMany(m, [{ key, input }], { path: (_i, f) => f, ifMatch: true });
      const view = query.embed ? await this.products.getIn(m, String(result.id), query) : result.view;
      return new WithStatus(result.outcome === 'created' ? 201 : 200, view);
    });
  }

  /** PUT /products: all or nothing. */
  putMany(inputs: ProductPut[]) {
    return this.upsertBatch(inputs).then(batchAnswer);
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
      const [result] = await this.upsertMany(m, [{ key: productKey, input, partsOnly: true }], {
        path: (_i, f) => (f.startsWith(`${part}.`) ? f.slice(part.length + 1) : f),
      });
      return this.collection(m, result.id, part);
    });
  }

  /** PUT /variant/{v}/pricetiers: the variant's price tiers become exactly `tiers`, matched by customer group and quantity. */
  putVariantTiers(variantKey: string, tiers: PriceTierCreate[]) {
    return this.tx.run(async (m) => {
      const variant = await this.parts.findVariant(m, variantKey, true);
      const bag = new FieldErrorBag();
      for (const { index, first } of repeatedKeys(tiers, (t) => tierKey(t)))
        bag.add(`${index}.quantity`, `is the same as that of price tier ${first}`);
      const groups = await this.sets.existing(m, 'customer_groups', [
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
      await this.writeVariantTiers(m, [{ plan, id: variant.id, tiers, stored: true }]);
      if (plan.partsChanged) {
        await this.sets.touchProducts(m, [variant.product_id]);
        const view = (await this.products.productViews(m, [variant.product_id])).get(variant.product_id)!;
        await this.events.record(m, { type: 'product.updated', resource: 'product', resource_id: view.id, data: view });
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
    const bag = new FieldErrorBag();
    const at = (i: number, field: string) => opts.path(i, field);
    const plans = await this.resolve(m, members, bag, at);
    if (opts.ifMatch && plans.length === 1 && plans[0].current) {
      assertIfMatch((await this.products.productViews(m, [plans[0].current.id])).get(plans[0].current.id));
    }
    await this.productValues(m, plans, bag, at);
    await this.checkReferences(m, plans, bag, at);
    this.checkParts(plans, bag, at);
    await this.checkVariantOptions(m, plans, bag, at);
    await this.checkVariantSkus(m, plans, bag, at);
    const customFields = await this.customFieldValues(m, plans, bag, at);
    await this.checkTypeRules(m, plans, bag, at, opts.conflict ?? ((_i, message) => message));

    await this.writeProducts(m, plans);
    for (const part of PART_NAMES) await this.writePart(m, plans, part);
    await this.writeCategories(m, plans);
    await this.writeCustomFields(m, plans, customFields);
    await this.sets.touchProducts(
      m,
      plans.filter((p) => p.current && p.partsChanged && !p.rowChanged).map((p) => p.id),
    );

    const views = await this.products.productViews(
      m,
      plans.map((p) => p.id),
    );
    const results = plans.map((p): UpsertedProduct => {
      const outcome = !p.current ? 'created' : p.rowChanged || p.partsChanged ? 'updated' : 'unchanged';
      return { id: p.id, outcome, view: views.get(p.id)! };
    });
    await this.events.record(
      m,
      results
        .filter((r) => r.outcome !== 'unchanged')
        .map((r) => ({ type: `product.${r.outcome as 'created' | 'updated'}`, resource: 'product', resource_id: r.id, data: r.view })),
    );
    return results;
  }

  /** Each member's stored product (by the path's id, else its SKU, else the body's SKU), locked. */
  private async resolve(m: EntityManager, members: ProductUpsertMember[], bag: FieldErrorBag, at: (i: number, f: string) => string) {
    const isId = (k: string) => /^\d{1,10}$/.test(k) && Number(k) <= 2147483647;
    const ids = members.filter((x) => x.key !== undefined && isId(x.key)).map((x) => Number(x.key));
    const skus = members.map((x) => x.key ?? x.input.sku).filter((s): s is string => typeof s === 'string');
    const found = await this.sets.lockProducts(m, ids, skus);
    const byId = new Map(found.map((p) => [p.id, p]));
    const bySku = new Map(found.filter((p) => p.sku !== null).map((p) => [p.sku!, p]));
    return members.map((member, i): Plan => {
      let current: Product | null;
      if (member.key !== undefined) {
        const key = member.key;
        const foundById = isId(key) ? byId.get(Number(key)) : undefined;
        current = foundById ?? bySku.get(key) ?? null;
        if (member.partsOnly) {
          if (!current) throw ApiError.notFound(`Product ${key} was not found.`);
        } else if (!foundById) {
          // The segment is the SKU: the body's SKU, when it is left out; a new product must have it.
          if (member.input.sku === undefined) member.input.sku = key;
          else if (!current && member.input.sku !== key)
            bag.add(at(i, 'sku'), `must be ${key}, the SKU of the path, to create the product`);
        }
      } else {
        current = member.input.sku ? (bySku.get(member.input.sku) ?? null) : null;
      }
      return { member, current, values: null, id: current?.id ?? 0, partsChanged: false, rowChanged: false };
    });
  }

  /** The product row each PUT writes: every field as sent or as a create gives it; a free URL name when none belongs to it. */
  private async productValues(m: EntityManager, plans: Plan[], bag: FieldErrorBag, at: (i: number, f: string) => string) {
    const defaults = this.sets.defaultsOf('products');
    const derive: { plan: Plan; slug: string }[] = [];
    for (const plan of plans) {
      if (plan.member.partsOnly) continue;
      const values = replacementValues(PRODUCT_FIELDS, defaults, plan.member.input);
      plan.values = values;
      if (values.url_name === null) {
        const slug = slugify(String(values.name), 'product');
        const kept = plan.current ? keptUrlName(plan.current.url_name, slug) : null;
        if (kept) values.url_name = kept;
        else derive.push({ plan, slug });
      }
    }
    const taken = new Set(await this.sets.takenUrlNames(m, [...new Set(derive.map((d) => d.slug))]));
    for (const { plan, slug } of derive) {
      const name = firstFreeSlug(slug, taken);
      taken.add(name);
      plan.values!.url_name = name;
    }
    const written = plans.filter((p) => p.values);
    const holders = await this.sets.productsHolding(
      m,
      written.map((p) => p.values!.sku).filter((s): s is string => typeof s === 'string'),
      written.map((p) => String(p.values!.url_name)),
    );
    const holderOf = { sku: new Map(holders.map((h) => [h.sku, h.id])), url_name: new Map(holders.map((h) => [h.url_name, h.id])) };
    plans.forEach((plan, i) => {
      if (!plan.values) return;
      for (const field of ['sku', 'url_name'] as const) {
        const holder = holderOf[field].get(plan.values[field] as string);
        if (plan.values[field] !== null && holder !== undefined && holder !== plan.current?.id) bag.add(at(i, field), 'is already in use');
      }
    });
  }

  /** Tax classes, categories and customer groups named by the batch exist: a statement each, for every product at once. */
  private async checkReferences(m: EntityManager, plans: Plan[], bag: FieldErrorBag, at: (i: number, f: string) => string) {
    const refs: { table: 'tax_classes' | 'categories' | 'customer_groups'; i: number; field: string; id: number }[] = [];
    plans.forEach((plan, i) => {
      const input = plan.member.input;
      const tax = plan.values?.tax_class_id;
      if (typeof tax === 'number') refs.push({ table: 'tax_classes', i, field: 'tax_class_id', id: tax });
      input.category_ids?.forEach((id, j) => refs.push({ table: 'categories', i, field: `category_ids.${j}`, id }));
      const group = (tiers: PriceTierCreate[] | undefined, prefix: string) =>
        tiers?.forEach((t, j) => {
          if (typeof t.customer_group_id === 'number')
            refs.push({ table: 'customer_groups', i, field: `${prefix}.${j}.customer_group_id`, id: t.customer_group_id });
        });
      group(input.price_tiers, 'price_tiers');
      input.variants?.forEach((v, k) => group(v.price_tiers, `variants.${k}.price_tiers`));
    });
    for (const table of ['tax_classes', 'categories', 'customer_groups'] as const) {
      const wanted = refs.filter((r) => r.table === table);
      const found = await this.sets.existing(m, table, [...new Set(wanted.map((r) => r.id))]);
      for (const r of wanted) if (!found.has(r.id)) bag.add(at(r.i, r.field), 'does not exist');
    }
  }

  /** Keys repeated within one product's list, and variants' options against the options the product will have. */
  private checkParts(plans: Plan[], bag: FieldErrorBag, at: (i: number, f: string) => string) {
    plans.forEach((plan, i) => {
      const input = plan.member.input;
      for (const part of PART_NAMES) {
        const list = input[part] as Record<string, unknown>[] | undefined;
        if (!list) continue;
        const spec = PARTS[part];
        spec.keys.forEach(([key], n) => {
          const field = n === 0 ? spec.keyField : 'options';
          for (const { index, first } of repeatedKeys(list, key)) {
            const path = at(i, `${part}.${index}.${field}`);
            if (!bag.has(path)) bag.add(path, `is the same as that of ${part.replace(/_/g, ' ').replace(/s$/, '')} ${first}`);
          }
        });
        if (part === 'variants' || part === 'price_tiers') {
          (list as { price_tiers?: PriceTierCreate[] }[]).forEach((v, k) => {
            if (part !== 'variants' || !v.price_tiers) return;
            for (const { index, first } of repeatedKeys(v.price_tiers, (t) => tierKey(t)))
              bag.add(at(i, `variants.${k}.price_tiers.${index}.quantity`), `is the same as that of price tier ${first}`);
          });
        }
      }
    });
  }

  /** Each variant sent chooses a value of every option the product will have (those sent, else its live ones). */
  private async checkVariantOptions(m: EntityManager, plans: Plan[], bag: FieldErrorBag, at: (i: number, f: string) => string) {
    const needStored = plans.filter((p) => p.member.input.variants && !p.member.input.options && p.current).map((p) => p.id);
    const stored = groupBy(await this.sets.partsOf(m, 'options', needStored), (o) => o.product_id);
    plans.forEach((plan, i) => {
      const variants = plan.member.input.variants;
      if (!variants) return;
      const options = (plan.member.input.options ?? stored.get(plan.id) ?? []) as OptionRule[];
      variants.forEach((v, k) => {
        const error = selectionError(options, v.options ?? {}, true);
        const path = at(i, `variants.${k}.options`);
        if (error && !bag.has(path)) bag.add(path, error);
      });
    });
  }

  /** Variant SKUs are unique among all variants: one held by another product's variant is in use. */
  private async checkVariantSkus(m: EntityManager, plans: Plan[], bag: FieldErrorBag, at: (i: number, f: string) => string) {
    const wanted: { i: number; k: number; sku: string }[] = [];
    plans.forEach((plan, i) =>
      plan.member.input.variants?.forEach((v, k) => {
        if (typeof v.sku === 'string') wanted.push({ i, k, sku: v.sku });
      }),
    );
    const owners = new Map((await this.sets.variantsHolding(m, [...new Set(wanted.map((w) => w.sku))])).map((v) => [v.sku, v.product_id]));
    const claimed = new Map<string, number>();
    for (const w of wanted) {
      const owner = owners.get(w.sku);
      const plan = plans[w.i];
      const path = at(w.i, `variants.${w.k}.sku`);
      if (owner !== undefined && owner !== plan.current?.id) bag.add(path, 'is already in use');
      else if (claimed.has(w.sku) && claimed.get(w.sku) !== w.i && !bag.has(path)) bag.add(path, 'is already in use');
      claimed.set(w.sku, w.i);
    }
  }

  /** `custom_fields` of each product as stored values (definition id → canonical text, null to clear). */
  private async customFieldValues(m: EntityManager, plans: Plan[], bag: FieldErrorBag, at: (i: number, f: string) => string) {
    const names = new Set(plans.flatMap((p) => Object.keys(p.member.input.custom_fields ?? {})));
    const definitions = new Map((await this.sets.definitions(m, [...names])).map((d) => [d.name, d]));
    return plans.map((plan, i) => {
      const sent = plan.member.input.custom_fields;
      if (!sent) return null;
      const values = new Map<number, string>();
      for (const [name, value] of Object.entries(sent)) {
        const definition = definitions.get(name);
        const path = at(i, `custom_fields.${name}`);
        if (!definition) bag.add(path, 'is not a custom field of products');
        else if (value === null) {
          if (definition.is_required) bag.add(path, 'is required');
        } else {
          const normalized = normalizeFieldValue(definition, value);
          if (normalized.ok) values.set(definition.id, normalized.value);
          else bag.add(path, normalized.message);
        }
      }
      return values;
    });
  }

  /**
   * The rules of each product's type (domain/product-type-rules.ts), as POST and PATCH apply them, for
   * every product of the batch before anything is written: the types named, the products' own and
   * the default one are read in one statement, the part counts of the products that move to another
   * type in one more. `product_type_id` left out is the default type, as a create gives it (a PUT is
   * a replace). A type that does not exist is a 422; a shipping dimension given a value for a type
   * without shipping a 422 on that field; a non-empty list of options, variants or extras for a type
   * without them a 409 naming the type; a move to a type that forbids parts the product keeps (lists
   * left out) a 409 listing them. A type without shipping stores what a create gives (weight 0, no
   * dimensions). 422s come first (every one in a single answer), then the first 409.
   */
  private async checkTypeRules(
    m: EntityManager,
    plans: Plan[],
    bag: FieldErrorBag,
    at: (i: number, f: string) => string,
    member: (i: number, message: string) => string,
  ) {
    const named = plans.flatMap((p) =>
      p.values && typeof p.member.input.product_type_id === 'number' ? [p.member.input.product_type_id] : [],
    );
    const owned = plans.flatMap((p) => (p.current ? [p.current.product_type_id] : []));
    const found = await this.types.withDefault(m, [...new Set([...named, ...owned])]);
    const byId = new Map(found.map((t) => [t.id, t]));
    const fallback = found.find((t) => t.is_default);
    const typeOf = plans.map((plan, i) => {
      if (!plan.values) return plan.current ? byId.get(plan.current.product_type_id) : undefined;
      const id = plan.member.input.product_type_id ?? fallback?.id;
      const type = id === undefined ? undefined : byId.get(id);
      if (!type) {
        bag.add(at(i, 'product_type_id'), 'does not exist');
        return undefined;
      }
      plan.values.product_type_id = type.id;
      for (const field of refusedShippingFields(type, plan.member.input)) bag.add(at(i, field), shippingFieldError(type));
      return type;
    });
    bag.throwIfAny();
    const parts = ['options', 'variants', 'extras'] as const;
    plans.forEach((plan, i) => {
      const type = typeOf[i];
      for (const part of parts) {
        const refusal = type && plan.member.input[part]?.length ? partRefusal(type, part) : null;
        if (refusal) throw ApiError.conflict(member(i, refusal));
      }
    });
    const moving = plans.filter((p, i) => p.current && typeOf[i] && typeOf[i].id !== p.current.product_type_id);
    const counts = await this.types.partCountsOf(
      m,
      moving.filter((p) => parts.some((part) => p.member.input[part] === undefined)).map((p) => p.id),
    );
    for (const plan of moving) {
      const i = plans.indexOf(plan);
      const stored = counts.get(plan.id);
      const kept = Object.fromEntries(
        parts.map((part) => [part, plan.member.input[part] !== undefined ? 0 : (stored?.[part] ?? 0)]),
      ) as PartCounts;
      const refusal = moveRefusal(typeOf[i]!, kept);
      if (refusal) throw ApiError.conflict(member(i, refusal));
    }
  }

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
    const changed = await this.sets.update(
      m,
      'products',
      [...PRODUCT_FIELDS, 'product_type_id'],
      updates.map((p) => ({ id: p.id, ...p.values! })),
    );
    const changedIds = new Set(changed.map((r) => r.id));
    for (const p of updates) p.rowChanged = changedIds.has(p.id);
  }

  /** One part of every product that sent it: removed, changed and new members, a statement each. */
  private async writePart(m: EntityManager, plans: Plan[], part: ProductPart) {
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
    const { inserted } = await this.writeSync(m, spec.table, plan, spec.fields, ['product_id', ...spec.fields]);
    if (part === 'variants') {
      await this.writeVariantTiers(m, [
        ...plan.updated.map((u) => ({ plan: u.owner, id: u.row.id, tiers: (u.sent as VariantPut).price_tiers, stored: true })),
        ...plan.inserted.map((x, n) => ({ plan: x.owner, id: inserted[n].id, tiers: (x.sent as VariantPut).price_tiers, stored: false })),
      ]);
    }
  }

  /** The price tiers of the variants that sent them. */
  private async writeVariantTiers(m: EntityManager, variants: { plan: Plan; id: number; tiers?: PriceTierCreate[]; stored: boolean }[]) {
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
    await this.writeSync(m, 'variant_price_tiers', plan, TIER_FIELDS, ['variant_id', ...TIER_FIELDS]);
  }

  /** `category_ids`: links kept keep their place, new ones follow in the order sent. */
  private async writeCategories(m: EntityManager, plans: Plan[]) {
    const sending = plans.filter((p) => p.member.input.category_ids !== undefined);
    if (sending.length === 0) return;
    const stored = await this.sets.partsOf(
      m,
      'categories',
      sending.filter((p) => p.current).map((p) => p.id),
    );
    const byOwner = groupBy(stored, (r) => r.product_id);
    const removed: number[] = [];
    const inserts: Record<string, unknown>[] = [];
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
    await this.sets.remove(m, 'categories', removed);
    await this.sets.insert(m, 'categories', ['product_id', 'category_id'], inserts);
  }

  /** `custom_fields`: the values sent are set, those left out or null cleared. */
  private async writeCustomFields(m: EntityManager, plans: Plan[], values: (Map<number, string> | null)[]) {
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
    await this.writeSync(m, 'custom_fields', plan, ['value'], ['product_id', 'definition_id', 'value']);
  }

  /**
   * Writes a sync plan in a statement per kind (remove, update, insert) and marks the products whose
   * rows it changed; the new rows' ids, in the plan's order.
   */
  private async writeSync<S, R extends { id: number }>(
    m: EntityManager,
    table: Exclude<SetTable, 'products' | 'categories'>,
    plan: SyncPlan<Plan, S, R>,
    updateColumns: readonly string[],
    insertColumns: readonly string[],
  ): Promise<{ inserted: { id: number }[] }> {
    await this.sets.remove(
      m,
      table,
      plan.removed.map((r) => r.row.id),
    );
    const updated = await this.sets.update(
      m,
      table,
      [...updateColumns],
      plan.updated.map((u) => u.values),
    );
    const inserted = await this.sets.insert(
      m,
      table,
      [...insertColumns],
      plan.inserted.map((x) => x.values),
    );
    for (const owner of changedOwners(plan, new Set(updated.map((r) => r.id)))) owner.partsChanged = true;
    return { inserted };
  }
}

type StoredRow = Record<string, unknown> & { id: number };
