import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../../../common/http/api-error.js';
import { assertIfMatch, assertIfMatchCollection, assertNoIfMatch } from '../../../common/http/etag.js';
import { FieldErrorBag } from '../../../common/http/field-error-bag.js';
import { normalizeFieldValue } from '../../custom-fields/domain/field-value.js';
import { type OptionRule, selectionError } from '../domain/option-selection.js';
import { keptUrlName, repeatedKeys, replacementValues, tierKey } from '../domain/part-sync.js';
import { type MemberPart, PARTS, PART_NAMES, PRODUCT_FIELDS } from '../domain/product-parts.js';
import { firstFreeSlug, slugify } from '../domain/product-text.js';
import {
  NO_SHIPPING_VALUES,
  type PartCounts,
  moveRefusal,
  partRefusal,
  refusedShippingFields,
  shippingFieldError,
} from '../domain/product-type-rules.js';
import { groupBy } from '../../../common/embed/embed.js';
import type { PriceTierCreate } from '../parts/dto/price-tier.input.js';
import type { CategoryLinkInput } from '../categories/dto/category.input.js';
import type { CustomFieldDefinition } from '../../custom-fields/custom-field-definition.entity.js';
import type { ProductPut } from './dto/product-put.input.js';
import type { Product } from './product.entity.js';
import { CatalogChecks } from '../catalog-checks.service.js';
import { ProductsService } from './products.service.js';
import { ProductBatchWriteRepository } from './product-batch-write.repository.js';
import { ProductTypesRepository } from '../product-types/product-types.repository.js';
import { type PartRow, ProductPartsRepository } from '../parts/product-parts.repository.js';

/**
 * How a member writes its product: `put` replaces it (a field left out takes what a create gives
 * it) or creates it by its SKU; `create` always makes a new one (POST); `patch` changes the fields
 * sent and keeps the others; `parts` replaces only the parts sent (a part collection PUT).
 */
type WriteMode = 'put' | 'create' | 'patch' | 'parts';

/** One product to write. */
export interface ProductUpsertMember {
  /** The path's `{id|sku}` of an item PUT, PATCH or part PUT; absent in a batch (matched by the body's `sku`) and a POST. */
  key?: string;
  input: ProductPut;
  /** `put` when left out. */
  mode?: WriteMode;
}

export interface UpsertOptions {
  /** Where an error of member `i` on `field` (`variants.1.base_price`) is reported. */
  path: (i: number, field: string) => string;
  /** Check If-Match against the (single) product as it is (item PUT, PATCH). */
  ifMatch?: boolean;
  /** A part collection PUT: If-Match is compared with the ETag of this collection, as its GET gives it. */
  collection?: (m: EntityManager, productId: number) => Promise<object[]>;
  /** How a 409 of member `i` is worded (a batch names the member); as is when left out. */
  conflict?: (i: number, message: string) => string;
}

export interface Plan {
  member: ProductUpsertMember;
  current: Product | null;
  values: Record<string, unknown> | null;
  id: number;
  /** Some part of it changed (its updated_at moves and it is `updated`). */
  partsChanged: boolean;
  rowChanged: boolean;
}

/** What the checks of a write found: each member's plan, and the custom field values to store (null: none sent). */
export interface CheckedWrite {
  plans: Plan[];
  customFields: (Map<number, string> | null)[];
}

/**
 * Every rule a product write keeps before it writes, for any number of products at once, in the
 * order their refusals come: the stored product of each member (locked), If-Match, unique SKUs and
 * URL names, references that must exist, repeated keys within a part, variants' options and SKUs,
 * custom field values, then the rules of each product's type. Each check is a statement for the
 * whole batch (or none), never one per product or part. Throws the 422 naming every invalid field,
 * then the first 409, before anything is written.
 */
@Injectable()
export class ProductWriteChecks {
  constructor(
    private readonly sets: ProductBatchWriteRepository,
    private readonly types: ProductTypesRepository,
    private readonly products: ProductsService,
    private readonly checks: CatalogChecks,
    private readonly parts: ProductPartsRepository,
  ) {}

  /**
   * The rules one member written by its item route keeps (POST, PATCH and PUT of
   * `/product/{p}/variant/{id}`, …), as a product write keeps them for its lists: a new option,
   * variant or extra only where the product's type has them (409 naming the type); a deleted option
   * cannot change (409); a variant chooses a value of every live option of the product and nothing
   * else (422 options); a price tier's customer group exists (422). `current` is null for a create,
   * `product` for a variant's tier. Answers the values to write.
   */
  async checkMember(
    m: EntityManager,
    part: MemberPart,
    product: Product | null,
    values: Record<string, unknown>,
    current: PartRow | null,
  ): Promise<Record<string, unknown>> {
    if (current === null && product && (part === 'options' || part === 'variants' || part === 'extras')) {
      const type = await this.types.byId(m, product.product_type_id);
      const refusal = type && partRefusal(type, part);
      if (refusal) throw ApiError.conflict(refusal);
    }
    if (part === 'options' && current?.deleted_at) throw ApiError.conflict('The option has been deleted and cannot be changed.');
    if (part === 'variants' && product && (current === null || values.options !== undefined)) {
      const selection = (values.options ?? {}) as Record<string, string>;
      const error = selectionError(await this.parts.liveOptions(m, product.id), selection, true);
      if (error) throw ApiError.field('options', error);
      values.options = selection;
    }
    if (part === 'price_tiers' || part === 'variant_price_tiers') return this.checks.tier(m, values);
    return values;
  }

  /** The categories a link route names (`POST /product/{p}/categories`): `category_id` or `category_ids`, exactly one, each existing (422). */
  async linkedIds(m: EntityManager, input: CategoryLinkInput): Promise<number[]> {
    const bag = new FieldErrorBag();
    if (input.category_id !== undefined && input.category_ids !== undefined) bag.add('category_ids', 'must not be sent with category_id');
    else if (input.category_id === undefined && input.category_ids === undefined) bag.add('category_id', 'is required (or category_ids)');
    bag.throwIfAny();
    await this.checks.categoryExists(m, input.category_id, 'category_id', bag);
    await this.checks.categoriesExist(m, input.category_ids, 'category_ids', bag);
    bag.throwIfAny();
    return input.category_ids ?? [input.category_id!];
  }

  /** The value a custom field value's route stores: its canonical text, or null to clear it (422 when required or invalid). */
  fieldValue(definition: CustomFieldDefinition, value: unknown): string | null {
    if (value === null) {
      if (definition.is_required) throw ApiError.field('value', 'is required');
      return null;
    }
    const normalized = normalizeFieldValue(definition, value);
    if (!normalized.ok) throw ApiError.field('value', normalized.message);
    return normalized.value;
  }

  async check(m: EntityManager, members: ProductUpsertMember[], opts: UpsertOptions): Promise<CheckedWrite> {
    const bag = new FieldErrorBag();
    const at = (i: number, field: string) => opts.path(i, field);
    const plans = await this.resolve(m, members, bag, at);
    if (opts.ifMatch && plans.length === 1) {
      const current = plans[0].current;
      // A PUT that would create has no representation to match, not even `*`.
      if (current) assertIfMatch((await this.products.productViews(m, [current.id])).get(current.id));
      else assertNoIfMatch();
    }
    const { collection } = opts;
    if (collection && plans.length === 1) await assertIfMatchCollection(() => collection(m, plans[0].id));
    await this.productValues(m, plans, bag, at);
    await this.checkReferences(m, plans, bag, at);
    this.checkParts(plans, bag, at);
    await this.checkVariantOptions(m, plans, bag, at);
    await this.checkVariantSkus(m, plans, bag, at);
    const customFields = await this.customFieldValues(m, plans, bag, at);
    await this.checkTypeRules(m, plans, bag, at, opts.conflict ?? ((_i, message) => message));
    return { plans, customFields };
  }

  /** Each member's stored product (by the path's id, else its SKU, else the body's SKU), locked. */
  private async resolve(m: EntityManager, members: ProductUpsertMember[], bag: FieldErrorBag, at: (i: number, f: string) => string) {
    const isId = (k: string) => /^\d{1,10}$/.test(k) && Number(k) <= 2147483647;
    const ids = members.filter((x) => x.key !== undefined && isId(x.key)).map((x) => Number(x.key));
    const skus = members
      .map((x) => (x.mode === 'create' ? undefined : (x.key ?? x.input.sku)))
      .filter((s): s is string => typeof s === 'string');
    const found = await this.sets.lockProducts(m, ids, skus);
    const byId = new Map(found.map((p) => [p.id, p]));
    const bySku = new Map(found.filter((p) => p.sku !== null).map((p) => [p.sku!, p]));
    return members.map((member, i): Plan => {
      let current: Product | null;
      if (member.mode === 'create') {
        current = null;
      } else if (member.key !== undefined) {
        const key = member.key;
        const foundById = isId(key) ? byId.get(Number(key)) : undefined;
        current = foundById ?? bySku.get(key) ?? null;
        if (member.mode === 'parts' || member.mode === 'patch') {
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

  /**
   * The product row each member writes: a PUT or POST every field as sent or as a create gives it,
   * with a free URL name when none belongs to it; a PATCH the fields sent. Then SKUs and URL names
   * another product holds.
   */
  private async productValues(m: EntityManager, plans: Plan[], bag: FieldErrorBag, at: (i: number, f: string) => string) {
    const defaults = this.sets.defaultsOf('products');
    const derive: { plan: Plan; slug: string }[] = [];
    for (const plan of plans) {
      const { mode, input } = plan.member;
      if (mode === 'parts') continue;
      if (mode === 'patch') {
        plan.values = Object.fromEntries(PRODUCT_FIELDS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]]));
        continue;
      }
      const values = replacementValues(PRODUCT_FIELDS, defaults, input);
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
      written.map((p) => p.values!.url_name).filter((s): s is string => typeof s === 'string'),
    );
    const holderOf = { sku: new Map(holders.map((h) => [h.sku, h.id])), url_name: new Map(holders.map((h) => [h.url_name, h.id])) };
    // Uniqueness is judged on the result: a value its holder gives up in this same write is free.
    const after = new Map(written.filter((p) => p.current).map((p) => [p.current!.id, p.values!]));
    const givenUp = (field: 'sku' | 'url_name', holder: number, value: unknown) => {
      const next = after.get(holder);
      return next !== undefined && next[field] !== undefined && next[field] !== value;
    };
    plans.forEach((plan, i) => {
      if (!plan.values) return;
      for (const field of ['sku', 'url_name'] as const) {
        const value = plan.values[field];
        const holder = holderOf[field].get(value as string);
        if (value != null && holder !== undefined && holder !== plan.current?.id && !givenUp(field, holder, value))
          bag.add(at(i, field), 'is already in use');
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
      const found = await this.checks.existingIds(m, table, [...new Set(wanted.map((r) => r.id))]);
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
    // Judged on the result: a SKU whose product replaces its variants in this same write without it is free.
    const kept = new Map(
      plans
        .filter((p) => p.current && p.member.input.variants)
        .map((p) => [p.current!.id, new Set(p.member.input.variants!.map((v) => v.sku))]),
    );
    const claimed = new Map<string, number>();
    for (const w of wanted) {
      const owner = owners.get(w.sku);
      const plan = plans[w.i];
      const path = at(w.i, `variants.${w.k}.sku`);
      const givenUp = owner !== undefined && kept.has(owner) && !kept.get(owner)!.has(w.sku);
      if (owner !== undefined && owner !== plan.current?.id && !givenUp) bag.add(path, 'is already in use');
      else if (claimed.has(w.sku) && claimed.get(w.sku) !== w.i && !bag.has(path)) bag.add(path, 'is already in use');
      claimed.set(w.sku, w.i);
    }
  }

  /** `custom_fields` of each product as stored values (definition id → canonical text, null to clear). */
  private async customFieldValues(m: EntityManager, plans: Plan[], bag: FieldErrorBag, at: (i: number, f: string) => string) {
    const names = new Set(plans.flatMap((p) => Object.keys(p.member.input.custom_fields ?? {})));
    const definitions = new Map((await this.checks.productFieldDefinitions(m, [...names])).map((d) => [d.name, d]));
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
      const id = plan.member.input.product_type_id ?? (plan.member.mode === 'patch' ? plan.current!.product_type_id : fallback?.id);
      const type = id === undefined ? undefined : byId.get(id);
      if (!type) {
        bag.add(at(i, 'product_type_id'), 'does not exist');
        return undefined;
      }
      plan.values.product_type_id = type.id;
      for (const field of refusedShippingFields(type, plan.member.input)) bag.add(at(i, field), shippingFieldError(type));
      // GET shows a type without shipping a null weight, and a PUT takes it back: null stores what a create gives.
      if (plan.member.input.weight === null) plan.values.weight = NO_SHIPPING_VALUES.weight;
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
      // A PATCH keeps the fields it leaves out: a move to a type without shipping clears them as a create would.
      if (plan.member.mode === 'patch' && !typeOf[i]!.has_shipping) Object.assign(plan.values!, NO_SHIPPING_VALUES);
    }
  }
}
