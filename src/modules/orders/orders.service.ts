import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { requireEmbedReads } from '../../common/auth/resource-scopes.js';
import { type EmbedSelection, groupBy, parseEmbed } from '../../common/embed/embed.js';
import { ApiError } from '../../common/http/api-error.js';
import { assertIfMatchLazy } from '../../common/http/etag.js';
import { pageRequest, toPage } from '../../common/paging/page-request.js';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { StoreDirectory } from '../stores/store-directory.js';
import { TransactionRunner } from '../../database/transaction.js';
import { ProductsService } from '../catalog/products/products.service.js';
import { CustomerAddressesService } from '../customers/customer-addresses.service.js';
import { CustomersService } from '../customers/customers.service.js';
import { type EventTypeOf, EventRecorder } from '../webhooks/event-recorder.service.js';
import { cancelError, fulfillmentOf, orderChangeError, orderableError } from './domain/order-status.js';
import { shortageMessage, stockReturn, stockTake, unitsTaken } from './domain/stock.js';
import type { OrderCreate, OrderListQuery, OrderPatch } from './dto/order.input.js';
import type { Order } from './order.entity.js';
import { type OrderJson, presentOrder } from './orders.presenter.js';
import { type OrderFilter, OrdersRepository } from './orders.repository.js';
import { QuotesService } from '../quotes/quotes.service.js';
import { ORDER_LIST } from './orders.lists.js';

/** The embeds of other groups' resources (they need that group's read scope). */
const FOREIGN_EMBEDS = { customer: 'customer' };

/**
 * Orders (docs/api.md#orders): made from a quote once, with the stock they take, in one transaction;
 * then paid, completed or cancelled (stock given back once). Their fulfillment follows the
 * shipments that name them (setFulfillment, called by the shipments module).
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: OrdersRepository,
    private readonly products: ProductsService,
    private readonly customers: CustomersService,
    private readonly addresses: CustomerAddressesService,
    private readonly events: EventRecorder,
    private readonly stores: StoreDirectory,
    /** The quote's side of a conversion: its lock and its mark (the quotes module owns the quote tables). */
    private readonly quotes: QuotesService,
  ) {}

  async list(query: OrderListQuery) {
    const embed = parseEmbed(query.embed, ORDER_LIST.embeds);
    requireEmbedReads(embed, FOREIGN_EMBEDS);
    const req = pageRequest(query as ListQuery, ORDER_LIST.sortable);
    const filter: OrderFilter = {
      status: query.status,
      payment_status: query.payment_status,
      fulfillment_status: query.fulfillment_status,
      customer_id: query.customer_id,
    };
    // Timestamps are shown to the second, so the bounds take whole seconds (as GET /quotes does).
    if (query.created_at_min) filter.created_min = wholeSecond(query.created_at_min);
    if (query.created_at_max) filter.created_before = new Date(wholeSecond(query.created_at_max).getTime() + 1000);
    const m = this.tx.direct;
    return toPage(req, await this.repository.page(m, filter, req), (rows) => this.present(m, rows, embed));
  }

  async get(key: string, query: ItemQuery): Promise<OrderJson> {
    const embed = parseEmbed(query.embed, ORDER_LIST.embeds);
    requireEmbedReads(embed, FOREIGN_EMBEDS);
    const m = this.tx.direct;
    return (await this.present(m, [await this.repository.orders.find(m, key)], embed))[0];
  }

  /**
   * `POST /quote/{id|number}/order`: in one transaction the quote is locked, checked (accepted, or
   * active and unexpired; once), the tracked products' stock locked (in id order) and taken, the
   * order written with frozen copies of the quote's lines, and the quote marked `ordered`. A
   * product short of units makes it a 409 listing them, with nothing changed. The product locks
   * make two conversions racing for the last units take turns: the second sees what the first left.
   */
  convert(quoteKey: string, input: OrderCreate): Promise<OrderJson> {
    return this.tx.run(async (m) => {
      const quote = await this.quotes.lockForOrder(m, quoteKey);
      const refused = orderableError({
        number: quote.number,
        status: quote.status,
        orderNumber: quote.order_id ? `O${quote.order_id}` : null,
      });
      if (refused) throw ApiError.conflict(refused);
      const lines = quote.lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity }));
      const stock = stockTake(
        lines,
        await this.products.lockStock(
          m,
          lines.map((l) => l.product_id),
        ),
      );
      if (stock.shortages.length) throw ApiError.conflict(shortageMessage(quote.number, stock.shortages));
      await this.products.moveStock(m, new Map([...stock.take].map(([id, units]) => [id, -units])));
      const taken = unitsTaken(lines, stock.take);
      const address = quote.customer_id
        ? ((await this.addresses.addressesOf(m, [quote.customer_id], ['shipping'])).find((a) => a.is_default === 1) ?? null)
        : null;
      const id = await this.repository.insertOrder(
        m,
        {
          quote_id: quote.id,
          customer_id: quote.customer_id,
          customer_emails: quote.customer_emails,
          payment_status: input.payment_status ?? 'pending',
          currency: this.stores.current().currency,
          coupon_code: quote.coupon_code,
          subtotal: quote.subtotal,
          total_discount: quote.total_discount,
          total_tax: quote.total_tax,
          total: quote.total,
          shipping_address: address as Record<string, unknown> | null,
          notes: input.notes ?? null,
        },
        quote.lines.map((l, i) => ({
          position: l.position,
          product_id: l.product_id,
          variant_id: l.variant_id,
          sku: l.sku,
          name: l.name ?? `Product ${l.product_id}`,
          options: l.options,
          extras: l.extras,
          quantity: l.quantity,
          price: l.price,
          discount: l.discount,
          tax: l.tax,
          total: l.total,
          stock_taken: taken[i],
        })),
      );
      const order = await this.presentId(m, id);
      await this.record(m, 'order.created', order);
      await this.quotes.markOrdered(m, quote.id, id);
      return order;
    });
  }

  /** PATCH: `payment_status`, `notes`, `status: "completed"`; a cancelled order never changes (409). */
  update(key: string, input: OrderPatch): Promise<OrderJson> {
    return this.tx.run(async (m) => {
      const current = await this.repository.orders.find(m, key, { lock: true });
      await assertIfMatchLazy(async () => (await this.present(m, [current], {}))[0]);
      const refused = orderChangeError(current.number, current.status);
      if (refused) throw ApiError.conflict(refused);
      const values: Record<string, unknown> = {};
      if (input.payment_status !== undefined) values.payment_status = input.payment_status;
      if (input.notes !== undefined) values.notes = input.notes;
      if (input.status !== undefined) values.status = input.status;
      const { row, changed } = await this.repository.orders.change(m, current, values);
      const order = (await this.present(m, [row], {}))[0];
      // A PATCH that changes nothing changes nothing: no event.
      if (changed) await this.record(m, 'order.updated', order);
      return order;
    });
  }

  /**
   * PUT: `payment_status` and `notes` become the body's (left out: what a conversion gives, `pending`
   * and null); `status` moves only by its actions (`completed` here, cancel), so a left-out status
   * stays. The rules of PATCH hold (409 once cancelled).
   */
  async replace(key: string, input: OrderPatch, query: ItemQuery): Promise<OrderJson> {
    const embed = parseEmbed(query.embed, ORDER_LIST.embeds);
    requireEmbedReads(embed, FOREIGN_EMBEDS);
    const defaults = this.repository.orders.columnDefaults();
    const replaced = await this.update(key, {
      payment_status: input.payment_status ?? (defaults.get('payment_status') as OrderPatch['payment_status']),
      notes: input.notes ?? null,
      status: input.status,
    });
    // With embeds, the answer is the order as GET shows it after the write (the event's data stays plain).
    return Object.keys(embed).length ? this.get(String(replaced.id), query) : replaced;
  }

  /** `POST /order/{id|number}/cancel`: an open order is cancelled and its tracked stock given back, once. */
  cancel(key: string): Promise<OrderJson> {
    return this.tx.run(async (m) => {
      const current = await this.repository.orders.find(m, key, { lock: true });
      await assertIfMatchLazy(async () => (await this.present(m, [current], {}))[0]);
      const refused = cancelError(current.number, current.status);
      if (refused) throw ApiError.conflict(refused);
      const back = stockReturn(await this.repository.itemsOf(m, [current.id]));
      if (back.size) {
        await this.products.lockStock(m, [...back.keys()]);
        await this.products.moveStock(m, back);
      }
      const { row } = await this.repository.orders.change(m, current, { status: 'cancelled', cancelled_at: () => 'now()' });
      const order = (await this.present(m, [row], {}))[0];
      await this.record(m, 'order.cancelled', order);
      return order;
    });
  }

  /** Whether an order exists (a shipment naming it is checked with this). */
  /** A verified purchase: the customer has an order that is not cancelled with a line of the product. */
  hasOrderedProduct(m: EntityManager, customerId: number, productId: number): Promise<boolean> {
    return this.repository.hasOrderedProduct(m, customerId, productId);
  }

  exists(m: EntityManager, id: number): Promise<boolean> {
    return this.repository.exists(m, id);
  }

  /**
   * The fulfillment of these orders from the statuses of their shipments (order id → statuses),
   * in the shipment write's transaction; an order whose fulfillment moved records `order.updated`.
   */
  async setFulfillment(m: EntityManager, shipmentStatuses: Map<number, string[]>): Promise<void> {
    for (const order of await this.repository.lockByIds(m, [...shipmentStatuses.keys()])) {
      const { row, changed } = await this.repository.orders.change(m, order, {
        fulfillment_status: fulfillmentOf(shipmentStatuses.get(order.id) ?? []),
      });
      if (changed) await this.record(m, 'order.updated', (await this.present(m, [row], {}))[0]);
    }
  }

  private async presentId(m: EntityManager, id: number): Promise<OrderJson> {
    return (await this.present(m, [await this.repository.orders.find(m, String(id))], {}))[0];
  }

  /** Orders with their items (one statement for the page), products and customers when embedded (one each). */
  private async present(m: EntityManager, orders: Order[], embed: EmbedSelection): Promise<OrderJson[]> {
    const items = groupBy(
      await this.repository.itemsOf(
        m,
        orders.map((o) => o.id),
      ),
      (i) => i.order_id,
    );
    const itemsEmbed = embed.items as EmbedSelection | undefined;
    const products = itemsEmbed?.product
      ? await this.products.productViews(
          m,
          [...items.values()].flat().flatMap((i) => (i.product_id !== null ? [i.product_id] : [])),
        )
      : undefined;
    const customers = embed.customer
      ? await this.customers.customerViews(
          m,
          orders.flatMap((o) => (o.customer_id !== null ? [o.customer_id] : [])),
        )
      : undefined;
    return orders.map((o) =>
      presentOrder(o, {
        items: items.get(o.id) ?? [],
        ...(products ? { products } : {}),
        ...(customers ? { customer: o.customer_id !== null ? (customers.get(o.customer_id) ?? null) : null } : {}),
      }),
    );
  }

  private record(m: EntityManager, type: EventTypeOf<'order'>, order: OrderJson): Promise<void> {
    return this.events.record(m, { type, resource: 'order', resource_id: order.id, data: order });
  }
}

const wholeSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);
