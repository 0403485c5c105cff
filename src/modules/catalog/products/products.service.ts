import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type EmbedSelection, embedded, groupBy, parseEmbed } from '../../../common/embed/embed.js';
import { ApiError } from '../../../common/http/api-error.js';
import { Page } from '../../../common/http/envelope.js';
import { assertIfMatch } from '../../../common/http/etag.js';
import type { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { pageRequest, paginationOf } from '../../../common/paging/page-request.js';
import { formatCurrency } from '../../../common/money/money.js';
import { StoreDirectory } from '../../stores/store-directory.js';
import { TransactionRunner } from '../../../database/transaction.js';
import type { CustomFieldDefinition } from '../../custom-fields/custom-field-definition.entity.js';
import { EventRecorder } from '../../webhooks/event-recorder.service.js';
import {
  type ProductJson,
  type ProductMemberJson,
  presentAttribute,
  presentCategory,
  presentExtra,
  presentFieldValue,
  presentOption,
  presentProduct,
  presentProductMember,
  presentProductTier,
  presentProductType,
  presentVariant,
} from '../catalog.presenter.js';
import { tracksInventory } from '../domain/product-type-rules.js';
import { ProductEmbedRegistry } from './product-embed.registry.js';
import { requireRead } from '../../../common/auth/resource-scopes.js';
import type { OptionRule } from '../domain/option-selection.js';
import { type PriceSource, type PriceTierInput, tierInputs } from '../domain/unit-price.js';
import { type ProductRecord, ProductsRepository } from './products.repository.js';
import { ProductRowsRepository, type StockRow } from './product-rows.repository.js';
import type { Product } from './product.entity.js';
import { PRODUCT_LIST } from '../catalog.lists.js';

export type { ProductJson } from '../catalog.presenter.js';

/** What a quote needs to validate and price an item of a variant. */
export interface VariantPricing extends PriceSource {
  id: number;
  product_id: number;
  sku: string | null;
  enabled: boolean;
  options: Record<string, string>;
}

/** What a quote needs to validate and price an item of a product (resolveUnitPrice, option and extra checks, tax class). */
export interface ProductPricing extends PriceSource {
  id: number;
  base_price: string;
  enabled: boolean;
  tax_class_id: number | null;
  /** Live options, in display order. */
  options: OptionRule[];
  /** Every variant of the product, enabled or not. */
  variants: VariantPricing[];
  extras: { sku: string; name: string; price: string }[];
}

/** A variant row (entity or the read queries' JSON) and its tier rows, as pricing takes them. */
export function variantPricing(v: Omit<VariantPricing, 'tiers'>, tiers: readonly PriceTierInput[] | undefined): VariantPricing {
  return {
    id: v.id,
    product_id: v.product_id,
    sku: v.sku,
    enabled: v.enabled,
    options: v.options,
    base_price: v.base_price,
    is_on_sale: v.is_on_sale,
    sale_price_or_discount: v.sale_price_or_discount,
    tiers: tierInputs(tiers),
  };
}

@Injectable()
export class ProductsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: ProductsRepository,
    private readonly rows: ProductRowsRepository,
    private readonly registry: ProductEmbedRegistry,
    private readonly events: EventRecorder,
    private readonly stores: StoreDirectory,
  ) {}

  async list(query: ListQuery) {
    const embed = this.parseEmbed(query.embed);
    const req = pageRequest(query, PRODUCT_LIST.sortable);
    const page = await this.repository.page(this.tx.direct, req, embed);
    const items = page.products.map((r) => this.present(r, embed, page.definitions));
    return new Page(
      items,
      paginationOf(
        req,
        page.total,
        page.products.map((r) => r.row),
      ),
    );
  }

  get(key: string, query: ItemQuery) {
    return this.getIn(this.tx.direct, key, query);
  }

  /** A product as GET /product/{id|sku} shows it (with the embeds asked for), on the caller's manager. */
  async getIn(m: EntityManager, key: string, query: ItemQuery) {
    const embed = this.parseEmbed(query.embed);
    const found = await this.repository.findOne(m, key, embed);
    if (!found) throw ApiError.notFound(`Product ${key} was not found.`);
    return this.present(found.product, embed, found.definitions);
  }

  /** Sub-resources go with the product (cascade); a product used elsewhere (quotes, subscriptions) is a 409 (RESTRICT). */
  remove(key: string) {
    return this.tx.run(async (m) => {
      const current = await this.rows.products.find(m, key, { lock: true });
      const view = await this.view(m, current.id);
      assertIfMatch(view);
      await this.rows.products.delete(m, current.id);
      await this.record(m, 'deleted', view);
      return view;
    });
  }

  /**
   * Products as presented without embeds, by id, in one statement whatever the number of ids:
   * what quotes and subscriptions embed in their items. Unknown ids are absent from the map.
   */
  async productViews(m: EntityManager, ids: number[]): Promise<Map<number, ProductJson>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const records = await this.repository.byIds(m, unique);
    return new Map(records.map((r) => [r.row.id, this.presentRecord(r)]));
  }

  /**
   * A step of an export (docs/api.md, Bulk import and export): up to `limit` products after id
   * `afterId`, in id order (only those updated at or after `updatedMin` when given), each as a
   * member of PUT /products takes it, with all its parts: two statements whatever the number of
   * products and parts.
   */
  async exportPage(
    m: EntityManager,
    afterId: number,
    limit: number,
    updatedMin: Date | null,
  ): Promise<{ id: number; member: ProductMemberJson }[]> {
    const { products, definitions } = await this.repository.exportPage(m, afterId, limit, updatedMin);
    const variantIds = products.flatMap((r) => (r.variants ?? []).map((v) => v.id));
    const tiers = groupBy(await this.repository.variantTiers(m, variantIds), (t) => t.variant_id);
    return products.map((r) => {
      const stored = r.customfields ?? {};
      const customFields = Object.fromEntries(
        definitions.filter((d) => Object.hasOwn(stored, String(d.id))).map((d) => [d.name, stored[String(d.id)]]),
      );
      const member = presentProductMember(r.row, {
        type: r.product_type,
        options: r.options,
        variants: (r.variants ?? []).map((row) => ({ row, tiers: tiers.get(row.id) ?? [] })),
        priceTiers: r.pricetiers ?? [],
        extras: r.extras ?? [],
        attributes: r.attributes ?? [],
        categoryIds: (r.categories ?? []).map((c) => c.id),
        customFields,
      });
      return { id: r.row.id, member };
    });
  }

  /**
   * The stock of these products, locked for the caller's transaction (an order takes or gives back
   * units). `track_inventory` is whether an order takes this product's stock: the product's own flag
   * and its type's `has_inventory` (domain/product-type-rules.ts), so callers never re-decide it.
   */
  async lockStock(m: EntityManager, ids: number[]): Promise<StockRow[]> {
    if (!ids.length) return [];
    const rows = await this.rows.lockStock(m, [...new Set(ids)]);
    return rows.map(({ has_inventory, ...row }) => ({ ...row, track_inventory: tracksInventory(row.track_inventory, { has_inventory }) }));
  }

  /**
   * Moves the stock of products by the given units (negative: taken), in the caller's transaction;
   * `in_stock_amount` is part of each product, so each records `product.updated` (one read and one
   * event write for all of them).
   */
  async moveStock(m: EntityManager, deltas: ReadonlyMap<number, number>): Promise<void> {
    const ids = [...deltas.keys()];
    if (ids.length === 0) return;
    await this.rows.moveStock(m, ids, [...deltas.values()]);
    const views = await this.productViews(m, ids);
    await this.events.record(
      m,
      [...views.values()].map((view) => ({ type: 'product.updated', resource: 'product', resource_id: view.id, data: view })),
    );
  }

  /**
   * A product for a module above the catalog that changes something the product shows (its
   * reviews): the row by `{id|sku}`, locked until the caller's transaction ends, so such changes
   * of one product take turns. 404 when unknown.
   */
  lockProduct(m: EntityManager, key: string): Promise<Product> {
    return this.productRow(m, key, true);
  }

  /** A product's own row by `{id|sku}` (404 when unknown), locked when `lock`: what a module above asks about a product it names. */
  productRow(m: EntityManager, key: string, lock: boolean): Promise<Product> {
    return this.rows.products.find(m, key, { lock });
  }

  /**
   * Stores a product's rating (its approved reviews' mean and count, as the reviews module computed
   * them) in the caller's transaction; a change moves updated_at and records `product.updated`.
   */
  async setRating(m: EntityManager, productId: number, average: string | null, count: number): Promise<void> {
    if (!(await this.rows.setRating(m, productId, average, count))) return;
    await this.record(m, 'updated', await this.view(m, productId));
  }

  /**
   * The embeds a request asked for; one registered from above shows another group's resource, so it
   * needs that resource's read scope (403 naming it, as a quote's `embed=customer` does).
   */
  private parseEmbed(spec: string | undefined): EmbedSelection {
    const embed = parseEmbed(spec, this.embeds());
    for (const [name, e] of this.registry.entries()) if (embed[name]) requireRead(e.resource);
    return embed;
  }

  /** The embeds a product read takes: the catalog's own and those registered from above. */
  private embeds() {
    return { ...PRODUCT_LIST.embeds, ...Object.fromEntries(this.registry.entries().map(([name]) => [name, {}])) };
  }

  /** A product record of a read query as the product object quotes embed (no embeds). */
  presentRecord(r: ProductRecord): ProductJson {
    const store = this.stores.current();
    return presentProduct(r.row, {
      type: r.product_type,
      options: r.options,
      category: r.category,
      taxClass: r.tax_class,
      listBasePrice: formatCurrency(r.row.base_price, store.currency, store.locale),
    });
  }

  /** `product.<action>` with the product as GET /product/{id} shows it, in the write's transaction. */
  private record(m: EntityManager, action: 'created' | 'updated' | 'deleted', view: ProductJson): Promise<void> {
    return this.events.record(m, { type: `product.${action}`, resource: 'product', resource_id: view.id, data: view });
  }

  private async view(m: EntityManager, id: number): Promise<ProductJson> {
    return (await this.productViews(m, [id])).get(id)!;
  }

  /** A product record with the embeds the request asked for, after the product's own fields. */
  private present(r: ProductRecord, embed: EmbedSelection, definitions: CustomFieldDefinition[] = []): Record<string, unknown> {
    const base = this.presentRecord(r);
    const extra: Record<string, unknown> = {};
    if (embed.variants) extra.variants = embedded((r.variants ?? []).map(presentVariant));
    // The embedded options (with their values) take the place of the short `options` array.
    if (embed.options) extra.options = embedded(r.options.map(presentOption));
    if (embed.extras) extra.extras = embedded((r.extras ?? []).map(presentExtra));
    if (embed.attributes) extra.attributes = embedded((r.attributes ?? []).map(presentAttribute));
    if (embed.categories) extra.categories = embedded((r.categories ?? []).map(presentCategory));
    if (embed.pricetiers) extra.pricetiers = embedded((r.pricetiers ?? []).map(presentProductTier));
    if (embed.product_type) extra.product_type = embedded(presentProductType(r.product_type));
    for (const [name, e] of this.registry.entries()) {
      if (embed[name]) extra[name] = embedded(e.present(r.registered?.[name]));
    }
    if (embed.customfields) {
      const stored = r.customfields ?? {};
      extra.customfields = embedded(definitions.map((d) => presentFieldValue(d, Object.hasOwn(stored, d.id) ? stored[d.id] : undefined)));
    }
    return { ...base, ...extra };
  }
}
