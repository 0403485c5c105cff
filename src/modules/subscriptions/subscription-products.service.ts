import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type EmbedSelection, groupBy, parseEmbed } from '../../common/embed/embed.js';
import { ApiError } from '../../common/http/api-error.js';
import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import { assertIfMatch, assertIfMatchCollection } from '../../common/http/etag.js';
import { formatMoney } from '../../common/money/money.js';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { pageRequest, toPage } from '../../common/paging/page-request.js';
import { TransactionRunner } from '../../database/transaction.js';
import { type ChangeEvent, EventRecorder } from '../webhooks/event-recorder.service.js';
import { resolveUnitPrice, tierInputs } from '../catalog/domain/unit-price.js';
import type { ProductPriceTier } from '../catalog/parts/product-price-tier.entity.js';
import { ProductPricesService } from '../catalog/products/product-prices.service.js';
import { ProductsService } from '../catalog/products/products.service.js';
import { CustomersService } from '../customers/customers.service.js';
import type { VariantPriceTier } from '../catalog/parts/variant-price-tier.entity.js';
import { productsChangeError } from './domain/subscription-state.js';
import type { SubscriptionProductCreate, SubscriptionProductItem } from './dto/subscription.input.js';
import type { SubscriptionProduct } from './subscription-product.entity.js';
import { type SubscriptionProductJson, presentSubscriptionProduct } from './subscriptions.presenter.js';
import { matchMembers } from '../../common/crud/domain/match-members.js';
import { planSync } from '../../common/crud/domain/set-sync.js';
import { writeSyncPlan } from '../../common/crud/set-sync.writer.js';
import { type PreparedItem, SubscriptionsRepository } from './subscriptions.repository.js';
import { SUBSCRIPTION_PRODUCT_LIST } from './subscriptions.lists.js';

/** The key a collection PUT matches subscription products by. */
const productKey = (p: { product_id: number; variant_id: number | null }) => `${p.product_id}:${p.variant_id ?? ''}`;

type ItemInput = SubscriptionProductCreate | SubscriptionProductItem;

@Injectable()
export class SubscriptionProductsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: SubscriptionsRepository,
    private readonly catalog: ProductsService,
    private readonly prices: ProductPricesService,
    private readonly customers: CustomersService,
    private readonly events: EventRecorder,
  ) {}

  async list(subscriptionKey: string, query: ListQuery) {
    const embed = parseEmbed(query.embed, SUBSCRIPTION_PRODUCT_LIST.embeds);
    const m = this.tx.direct;
    const subscription = await this.repository.subscriptions.find(m, subscriptionKey);
    const req = pageRequest(query, SUBSCRIPTION_PRODUCT_LIST.sortable);
    const rows = await this.repository.products.page(m, req, { where: { subscription_id: subscription.id } });
    return toPage(req, rows, (page) => this.present(m, page, embed));
  }

  async get(subscriptionKey: string, itemKey: string, query: ItemQuery) {
    const embed = parseEmbed(query.embed, SUBSCRIPTION_PRODUCT_LIST.embeds);
    const m = this.tx.direct;
    const subscription = await this.repository.subscriptions.find(m, subscriptionKey);
    return (await this.present(m, [await this.findItem(m, subscription.id, itemKey, false)], embed))[0];
  }

  /** The subscription row is locked so a cancellation cannot slip in between the status check and the insert. */
  add(subscriptionKey: string, input: SubscriptionProductCreate) {
    return this.tx.run(async (m) => {
      const subscription = await this.repository.subscriptions.find(m, subscriptionKey, { lock: true });
      const blocked = productsChangeError(subscription.status);
      if (blocked) throw ApiError.conflict(blocked);
      const groupId = input.price === undefined || input.price === null ? await this.customers.groupOf(m, subscription.customer_id) : null;
      const bag = new FieldErrorBag();
      const [item] = await this.prepare(m, [input], groupId, bag, null);
      bag.throwIfAny();
      const [row] = await this.repository.insertProducts(m, subscription.id, [item]);
      const created = presentSubscriptionProduct(row);
      await this.events.record(m, this.event('created', created));
      return created;
    });
  }

  /**
   * PUT /subscription/{id}/products: the products become the body, members matched by `product_id` +
   * `variant_id` (a matched product keeps its id; its quantity and price become the body's, left out
   * as a create gives them: 1 and the catalog's price), new ones added, unlisted ones removed. Set-based:
   * the lock, one read, the checks and prices of `prepare`, one DELETE, one INSERT, one UPDATE of the
   * rows that differ, one statement of events.
   */
  replaceAll(subscriptionKey: string, inputs: SubscriptionProductCreate[]): Promise<SubscriptionProductJson[]> {
    return this.tx.run(async (m) => {
      const subscription = await this.repository.subscriptions.find(m, subscriptionKey, { lock: true });
      const blocked = productsChangeError(subscription.status);
      if (blocked) throw ApiError.conflict(blocked);
      const stored = await this.repository.productsOf(m, [subscription.id]);
      await assertIfMatchCollection(() =>
        this.present(
          m,
          [...stored].sort((a, b) => a.id - b.id),
          {},
        ),
      );
      const unpriced = inputs.some((i) => i.price === undefined || i.price === null);
      const groupId = unpriced ? await this.customers.groupOf(m, subscription.customer_id) : null;
      const bag = new FieldErrorBag();
      const items = inputs.length ? await this.prepare(m, inputs, groupId, bag, '') : [];
      bag.throwIfAny();
      const plan = planSync([{ owner: subscription.id, id: subscription.id, sent: items, stored }], {
        // The first stored row of a pair is the one kept (rows added twice by POST are one member now).
        match: (sent, rows) => matchMembers([...rows].reverse(), sent, productKey, productKey),
        values: (item, row) => (row ? { quantity: item.quantity, price: item.price } : { ...item }),
        ownerColumn: 'subscription_id',
      });
      const { changes, rows } = await writeSyncPlan(m, this.repository.products, plan);
      if (changes.length)
        await this.events.record(
          m,
          changes.map(({ action, row }) => this.event(action, presentSubscriptionProduct(row))),
        );
      return rows.map((r) => presentSubscriptionProduct(r));
    });
  }

  remove(subscriptionKey: string, itemKey: string) {
    return this.tx.run(async (m) => {
      const subscription = await this.repository.subscriptions.find(m, subscriptionKey, { lock: true });
      const current = await this.findItem(m, subscription.id, itemKey, true);
      const presented = presentSubscriptionProduct(current);
      assertIfMatch(presented);
      const blocked = productsChangeError(subscription.status);
      if (blocked) throw ApiError.conflict(blocked);
      await this.repository.products.delete(m, current.id);
      await this.events.record(m, this.event('deleted', presented));
      return presented;
    });
  }

  /** `subscription.product.<action>`; `data` is the product as GET /subscription/{id}/product/{pid} shows it (as it was, for a delete). */
  event(action: 'created' | 'updated' | 'deleted', data: SubscriptionProductJson): ChangeEvent {
    return { type: `subscription.product.${action}`, resource: 'subscription.product', resource_id: data.id, data };
  }

  /**
   * Checks that every item's product exists and its variant belongs to it, and fills in missing
   * prices with the catalog's unit price for the quantity and the customer's group. Errors go to
   * `bag` under `<prefix><index>.<field>` (or `<field>` with a null prefix and one item). At most
   * four statements, whatever the number of items.
   */
  async prepare(
    m: EntityManager,
    items: ItemInput[],
    customerGroupId: number | null,
    bag: FieldErrorBag,
    prefix: string | null,
  ): Promise<PreparedItem[]> {
    const path = (i: number, field: string) => (prefix === null ? field : `${prefix}${i}.${field}`);
    const productIds = [...new Set(items.map((i) => i.product_id!))];
    const variantIds = [...new Set(items.flatMap((i) => (i.variant_id ? [i.variant_id] : [])))];
    const products = new Map((await this.prices.products(m, productIds)).map((p) => [p.id, p]));
    const variants = new Map((await this.prices.variants(m, variantIds)).map((v) => [v.id, v]));
    let valid = true;
    const refuse = (i: number, field: string, message: string) => {
      bag.add(path(i, field), message);
      valid = false;
    };
    items.forEach((item, i) => {
      const variant = item.variant_id ? variants.get(item.variant_id) : null;
      if (!products.has(item.product_id!)) refuse(i, 'product_id', 'does not exist');
      else if (variant === undefined) refuse(i, 'variant_id', 'does not exist');
      else if (variant && variant.product_id !== item.product_id) refuse(i, 'variant_id', 'is not a variant of the product');
    });
    if (!valid) return [];

    const unpriced = items.filter((i) => i.price === undefined || i.price === null);
    let productTiers = new Map<number, ProductPriceTier[]>();
    let variantTiers = new Map<number, VariantPriceTier[]>();
    if (unpriced.length > 0) {
      const pIds = [...new Set(unpriced.map((i) => i.product_id!))];
      const vIds = [...new Set(unpriced.flatMap((i) => (i.variant_id ? [i.variant_id] : [])))];
      productTiers = groupBy(await this.prices.productTiers(m, pIds), (t) => t.product_id);
      variantTiers = groupBy(await this.prices.variantTiers(m, vIds), (t) => t.variant_id);
    }

    return items.map((item) => {
      const quantity = item.quantity ?? 1;
      const variantId = item.variant_id ?? null;
      let price = item.price ?? null;
      if (price === null) {
        const product = products.get(item.product_id!)!;
        const variant = variantId === null ? null : variants.get(variantId)!;
        price = formatMoney(
          resolveUnitPrice({
            product: { ...product, tiers: tierInputs(productTiers.get(product.id)) },
            variant: variant && { ...variant, tiers: tierInputs(variantTiers.get(variant.id)) },
            quantity,
            customerGroupId,
          }),
        );
      }
      return { product_id: item.product_id!, variant_id: variantId, quantity, price };
    });
  }

  /** The products of many subscriptions, presented, in one statement (plus the catalog's few for `product`). */
  async forSubscriptions(
    m: EntityManager,
    subscriptionIds: number[],
    embed: EmbedSelection,
  ): Promise<Map<number, SubscriptionProductJson[]>> {
    if (subscriptionIds.length === 0) return new Map();
    const rows = await this.repository.productsOf(m, subscriptionIds);
    return groupBy(await this.present(m, rows, embed), (p) => p.subscription_id);
  }

  private async present(m: EntityManager, rows: SubscriptionProduct[], embed: EmbedSelection): Promise<SubscriptionProductJson[]> {
    const products = embed.product
      ? await this.catalog.productViews(
          m,
          rows.map((r) => r.product_id),
        )
      : null;
    return rows.map((r) => presentSubscriptionProduct(r, products ? { product: products.get(r.product_id) } : {}));
  }

  /** A subscription product by id, within the subscription of the path. */
  private findItem(m: EntityManager, subscriptionId: number, itemKey: string, lock: boolean): Promise<SubscriptionProduct> {
    return this.repository.products.find(m, itemKey, { lock, where: { subscription_id: subscriptionId } });
  }
}
