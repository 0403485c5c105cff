import type { EntityManager } from 'typeorm';
import type { StoreDirectory } from '../stores/store-directory.js';
import type { TransactionRunner } from '../../database/transaction.js';
import type { ProductsService } from '../catalog/products/products.service.js';
import type { CustomerAddressesService } from '../customers/customer-addresses.service.js';
import type { CustomersService } from '../customers/customers.service.js';
import type { EventRecorder } from '../webhooks/event-recorder.service.js';
import type { StockRow } from '../catalog/products/product-rows.repository.js';
import type { OrderItem } from './order-item.entity.js';
import type { Order } from './order.entity.js';
import type { NewOrder, NewOrderItem, OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';
import type { QuoteForOrder, QuoteLineForOrder } from '../quotes/quote-for-order.types.js';
import type { QuotesService } from '../quotes/quotes.service.js';

/** OrdersService over stand-ins of its repository, the catalog, the customers and the quotes: its branches in milliseconds. */
function setup(quote: Partial<QuoteForOrder>, stock: StockRow[]) {
  const m = {} as EntityManager;
  const calls = {
    moved: [] as [number, number][][],
    inserted: [] as { order: NewOrder; items: NewOrderItem[] }[],
    ordered: [] as number[][],
  };
  const order = (id: number): Order =>
    ({
      id,
      number: `O${id}`,
      status: 'open',
      customer_id: null,
      subtotal: '5.00',
      total_discount: '0.00',
      total_tax: '0.00',
      total: '5.00',
      cancelled_at: null,
      created_at: new Date(),
      updated_at: new Date(),
    }) as unknown as Order;
  const items: OrderItem[] = [];
  const repository = {
    orders: {
      find: async (_m: EntityManager, key: string) => order(Number(key)),
      // The row as stored: a value written as SQL (`() => 'now()'`) comes back as what the statement wrote.
      change: async (_m: EntityManager, current: Order, values: object) => ({
        row: { ...current, ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'function' ? new Date() : v])) },
        changed: true,
      }),
    },
    insertOrder: async (_m: EntityManager, o: NewOrder, i: NewOrderItem[]) => {
      calls.inserted.push({ order: o, items: i });
      i.forEach((line, n) => items.push({ ...line, id: n + 1, order_id: 1001 } as unknown as OrderItem));
      return 1001;
    },
    itemsOf: async () => items,
  } as unknown as OrdersRepository;
  const products = {
    lockStock: async () => stock,
    moveStock: async (_m: EntityManager, deltas: Map<number, number>) => void calls.moved.push([...deltas]),
  } as unknown as ProductsService;
  const tx = { run: (work: (m: EntityManager) => unknown) => work(m), direct: m } as unknown as TransactionRunner;
  const line = (product_id: number, quantity: number): QuoteLineForOrder => ({
    position: 0,
    product_id,
    variant_id: null,
    name: `P${product_id}`,
    sku: null,
    options: {},
    extras: [],
    quantity,
    price: '1.00',
    discount: '0.00',
    tax: '0.00',
    total: `${quantity}.00`,
  });
  const quotes: Pick<QuotesService, 'lockForOrder' | 'markOrdered'> = {
    lockForOrder: async () => ({
      id: 7,
      number: 'Q1007',
      status: 'accepted',
      order_id: null,
      customer_id: null,
      customer_emails: null,
      coupon_code: null,
      subtotal: '5.00',
      total_discount: '0.00',
      total_tax: '0.00',
      total: '5.00',
      lines: [line(1, 2), line(1, 1), line(2, 2)],
      ...quote,
    }),
    markOrdered: async (_m, quoteId, orderId) => void calls.ordered.push([quoteId, orderId]),
  };
  const service = new OrdersService(
    tx,
    repository,
    products,
    {} as CustomersService,
    { addressesOf: async () => [] } as unknown as CustomerAddressesService,
    { record: async () => undefined } as unknown as EventRecorder,
    { current: () => ({ currency: 'USD' }) } as unknown as StoreDirectory,
    quotes as QuotesService,
  );
  return { service, calls };
}

const stocked = (id: number, amount: number, track = true): StockRow => ({
  id,
  name: `P${id}`,
  in_stock_amount: amount,
  track_inventory: track,
  allow_negative_stock: false,
  allow_preorder: false,
});

describe('OrdersService', () => {
  it('takes the stock of tracked products, copies each line with what it took, and marks the quote ordered', async () => {
    const { service, calls } = setup({}, [stocked(1, 3), stocked(2, 0, false)]);
    await service.convert('Q1007', { payment_status: 'paid' });
    expect(calls.moved).toEqual([[[1, -3]]]);
    expect(calls.inserted[0].order).toMatchObject({ quote_id: 7, payment_status: 'paid', currency: 'USD', total: '5.00', notes: null });
    expect(calls.inserted[0].items.map((i) => i.stock_taken)).toEqual([2, 1, 0]);
    expect(calls.ordered).toEqual([[7, 1001]]);
  });

  it('refuses a shortage with nothing written', async () => {
    const { service, calls } = setup({}, [stocked(1, 2), stocked(2, 0, false)]);
    await expect(service.convert('Q1007', {})).rejects.toMatchObject({
      status: 409,
      body: 'Quote Q1007 cannot be ordered: not enough stock for P1 (product 1): 3 wanted, 2 in stock.',
    });
    expect(calls).toEqual({ moved: [], inserted: [], ordered: [] });
  });

  it('refuses a quote ordered already, naming its order, before any stock is read', async () => {
    const { service, calls } = setup({ status: 'ordered', order_id: 1001 }, []);
    await expect(service.convert('Q1007', {})).rejects.toMatchObject({ status: 409, body: 'Quote Q1007 was already ordered as O1001.' });
    expect(calls.moved).toEqual([]);
  });

  it('a cancel gives back what each line took, per product', async () => {
    const { service, calls } = setup({}, [stocked(1, 3)]);
    await service.convert('Q1007', {});
    await service.cancel('1001');
    expect(calls.moved).toEqual([[[1, -3]], [[1, 3]]]);
  });
});
