import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PageRequest, PageRows } from '../../common/paging/page-request.js';
import { pageOfQuery } from '../../database/sql/page.js';
import { nextNumberSql } from '../../database/sql/counters.js';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';
import { Table } from '../../database/table.js';
import { type OrderItemExtra, OrderItem } from './order-item.entity.js';
import { Order } from './order.entity.js';

/** The columns of a new order (its id and number come from the sequence). */
export interface NewOrder {
  quote_id: number;
  customer_id: number | null;
  customer_emails: string[] | null;
  payment_status: string;
  currency: string;
  coupon_code: string | null;
  subtotal: string;
  total_discount: string;
  total_tax: string;
  total: string;
  shipping_address: Record<string, unknown> | null;
  notes: string | null;
}

/** A line of a new order: the frozen copy of a quote line. */
export interface NewOrderItem {
  position: number;
  product_id: number | null;
  variant_id: number | null;
  sku: string | null;
  name: string;
  options: Record<string, string>;
  extras: OrderItemExtra[];
  quantity: number;
  price: string;
  discount: string;
  tax: string;
  total: string;
  stock_taken: number;
}

/** Filters of GET /orders, already checked; timestamps are whole-second bounds. */
export interface OrderFilter {
  status?: string;
  payment_status?: string;
  fulfillment_status?: string;
  customer_id?: number;
  created_min?: Date;
  /** Exclusive. */
  created_before?: Date;
}

const ITEM_COLUMNS: [string, string][] = [
  ['position', 'int'],
  ['product_id', 'int'],
  ['variant_id', 'int'],
  ['sku', 'text'],
  ['name', 'text'],
  ['options', 'jsonb'],
  ['extras', 'jsonb'],
  ['quantity', 'int'],
  ['price', 'numeric'],
  ['discount', 'numeric'],
  ['tax', 'numeric'],
  ['total', 'numeric'],
  ['stock_taken', 'int'],
];
const ORDER_COLUMNS = [
  'quote_id',
  'customer_id',
  'customer_emails',
  'payment_status',
  'currency',
  'coupon_code',
  'subtotal',
  'total_discount',
  'total_tax',
  'total',
  'shipping_address',
  'notes',
] as const;
const JSONB = new Set(['customer_emails', 'shipping_address']);

const ORDER_EXAMPLE: NewOrder = {
  quote_id: 1,
  customer_id: 1,
  customer_emails: ['buyer@example.com'],
  payment_status: 'pending',
  currency: 'USD',
  coupon_code: null,
  subtotal: '20.00',
  total_discount: '0.00',
  total_tax: '0.00',
  total: '20.00',
  shipping_address: null,
  notes: null,
};
const ITEM_EXAMPLE: NewOrderItem = {
  position: 0,
  product_id: 1,
  variant_id: null,
  sku: 'MUG',
  name: 'Mug',
  options: {},
  extras: [],
  quantity: 2,
  price: '10.00',
  discount: '0.00',
  tax: '0.00',
  total: '20.00',
  stock_taken: 2,
};

/**
 * Every statement of the orders module: orders by `{id|number}`, a page with its filters, a new
 * order with its items in one statement, its items for a page, and the fulfillment a shipment sets.
 */
@Injectable()
export class OrdersRepository {
  /** `{id|number}`: numbers are `O` + the store's next order number, stored upper case, matched in any case. */
  readonly orders: Table<Order>;
  readonly items: Table<OrderItem>;

  constructor(dataSource: DataSource) {
    this.orders = new Table(dataSource, Order, { alt: 'number', fold: 'upper', label: 'Order' });
    this.items = new Table(dataSource, OrderItem, { alt: null, label: 'Order item' });
  }

  /**
   * A new order and its items in one statement: the id from the orders' sequence, `number` = `O` +
   * the next of the store's order numbers (sql/counters.ts). Answers the new id.
   */
  @GenerateSql({ args: [SqlArg.manager, ORDER_EXAMPLE, [ITEM_EXAMPLE]] }, { name: 'no items', args: [SqlArg.manager, ORDER_EXAMPLE, []] })
  async insertOrder(m: EntityManager, order: NewOrder, items: NewOrderItem[]): Promise<number> {
    const params: unknown[] = [];
    const add = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const values = ORDER_COLUMNS.map((c) =>
      JSONB.has(c) ? `${add(order[c] === null ? null : JSON.stringify(order[c]))}::jsonb` : add(order[c]),
    );
    const writes = [
      `o AS (INSERT INTO ${this.orders.sqlName} (number, ${ORDER_COLUMNS.map((c) => `"${c}"`).join(', ')})
             VALUES ('O' || ${nextNumberSql('order')}, ${values.join(', ')}) RETURNING id)`,
    ];
    if (items.length) {
      const names = ITEM_COLUMNS.map(([c]) => `"${c}"`).join(', ');
      writes.push(`i AS (INSERT INTO ${this.items.sqlName} (order_id, ${names})
        SELECT (SELECT id FROM o), ${ITEM_COLUMNS.map(([c]) => `x."${c}"`).join(', ')}
          FROM json_to_recordset(${add(JSON.stringify(items))}::json) AS x(${ITEM_COLUMNS.map(([c, t]) => `"${c}" ${t}`).join(', ')})
         ORDER BY x.position RETURNING 1)`);
    }
    const [row] = await runStatement<{ id: number }>(m, `WITH ${writes.join(', ')} SELECT id FROM o`, params, { prepare: false });
    return row.id;
  }

  /** A page of orders with its filters and the capped total of every collection. */
  @GenerateSql(
    { name: 'first page', args: [SqlArg.manager, {}, { sort: 'id', column: 'id', order: 'ASC', limit: 20, page: 1, offset: 0 }] },
    {
      name: 'every filter',
      args: [
        SqlArg.manager,
        {
          status: 'open',
          payment_status: 'paid',
          fulfillment_status: 'partial',
          customer_id: 1,
          created_min: '2026-01-01T00:00:00Z',
          created_before: '2026-02-01T00:00:00Z',
        },
        { sort: 'created_at', column: 'created_at', order: 'DESC', limit: 20, page: 1, offset: 0, cursor: 5 },
      ],
    },
  )
  page(m: EntityManager, filter: OrderFilter, req: PageRequest): Promise<PageRows<Order>> {
    const qb = m.createQueryBuilder(Order, 'r');
    for (const column of ['status', 'payment_status', 'fulfillment_status', 'customer_id'] as const) {
      if (filter[column] !== undefined) qb.andWhere(`r.${column} = :${column}`, { [column]: filter[column] });
    }
    if (filter.created_min) qb.andWhere('r.created_at >= :created_min', { created_min: filter.created_min });
    if (filter.created_before) qb.andWhere('r.created_at < :created_before', { created_before: filter.created_before });
    return pageOfQuery(m, qb, req);
  }

  /** The items of a page of orders, in one statement, in order and line order. */
  @GenerateSql({ args: [SqlArg.manager, [1001, 1002]] })
  itemsOf(m: EntityManager, orderIds: number[]): Promise<OrderItem[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return m
      .createQueryBuilder(OrderItem, 'i')
      .where('i.order_id IN (:...ids)', { ids: [...new Set(orderIds)] })
      .orderBy('i.order_id', 'ASC')
      .addOrderBy('i.position', 'ASC')
      .addOrderBy('i.id', 'ASC')
      .getMany();
  }

  /** Whether the customer has an order that is not cancelled with a line of the product (a verified purchase). */
  @GenerateSql({ args: [SqlArg.manager, 1, 1] })
  async hasOrderedProduct(m: EntityManager, customerId: number, productId: number): Promise<boolean> {
    const rows = await runStatement(
      m,
      `SELECT 1 FROM ${this.orders.sqlName} o WHERE o.customer_id = $1 AND o.status <> 'cancelled'
          AND EXISTS (SELECT 1 FROM ${this.items.sqlName} i WHERE i.order_id = o.id AND i.product_id = $2) LIMIT 1`,
      [customerId, productId],
    );
    return rows.length > 0;
  }

  /** Whether an order exists (a shipment naming it). */
  @GenerateSql({ args: [SqlArg.manager, 1001] })
  async exists(m: EntityManager, id: number): Promise<boolean> {
    const rows = await runStatement<{ id: number }>(m, `SELECT id FROM ${this.orders.sqlName} WHERE id = $1`, [id]);
    return rows.length > 0;
  }

  /** Orders by id, locked for the transaction, in id order (the orders whose fulfillment a shipment write moves). */
  @GenerateSql({ args: [SqlArg.manager, [1001, 1002]] })
  lockByIds(m: EntityManager, ids: number[]): Promise<Order[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return m
      .createQueryBuilder(Order, 'r')
      .where('r.id IN (:...ids)', { ids: [...new Set(ids)] })
      .orderBy('r.id', 'ASC')
      .setLock('pessimistic_write')
      .getMany();
  }
}
