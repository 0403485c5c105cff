import type { EntityManager } from 'typeorm';
import type { OrdersService } from '../../orders/orders.service.js';
import type { QuoteCreate } from '../../quotes/dto/quote.input.js';
import type { QuotesService } from '../../quotes/quotes.service.js';
import { demoRepository as demo } from '../demo.repository.js';

const NAME = 'Demo order';

/**
 * A quote for the demo customer made into an order (paid), through the quotes and orders services
 * so it is priced and takes its stock like any other; created once.
 */
export async function seedDemoOrder(m: EntityManager, quotes: QuotesService, orders: OrdersService): Promise<string> {
  const existing = await quotes.named(NAME);
  if (existing?.orderId) return `Orders: O${existing.orderId} (from ${NAME} ${existing.number}) present.`;
  const customer = await demo.customerByEmail(m, 'ada@example.com');
  const quote =
    existing ??
    (await quotes.create({
      name: NAME,
      customer_id: customer.id,
      items: [{ product_id: await demo.productIdBySku(m, 'DEMO-MUG'), quantity: 2 }],
    } as QuoteCreate));
  const order = await orders.convert(quote.number, { payment_status: 'paid', notes: 'Demo order: paid by card.' });
  return `Orders: ${order.number} created from ${NAME} ${quote.number} (total ${order.total}).`;
}
