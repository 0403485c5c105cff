import type { EntityManager } from 'typeorm';
import type { QuoteCreate } from '../../quotes/dto/quote.input.js';
import type { QuotesService } from '../../quotes/quotes.service.js';
import { demoRepository as demo } from '../demo.repository.js';

const NAME = 'Demo quote';

/**
 * A quote for the demo customer (San Francisco: California tax), with a variant, a volume tier, an
 * extra and the WELCOME10 coupon; created once, through the quotes service so it is priced.
 */
export async function seedDemoQuote(m: EntityManager, quotes: QuotesService): Promise<string> {
  const existing = await quotes.named(NAME);
  if (existing) return `Quotes: ${NAME} ${existing.number} present.`;
  const customer = await demo.customerByEmail(m, 'ada@example.com');
  const bySku = (sku: string) => demo.productIdBySku(m, sku);
  const quote = await quotes.create({
    name: NAME,
    customer_id: customer.id,
    coupon_code: 'WELCOME10',
    customer_emails: ['purchasing@example.com'],
    expires_x_days: 30,
    items: [
      { product_id: await bySku('DEMO-TSHIRT'), quantity: 2, options: { Color: 'Black', Size: 'M' } },
      { product_id: await bySku('DEMO-COFFEE'), quantity: 10, options: { Grind: 'Ground' } },
      { product_id: await bySku('DEMO-MUG'), quantity: 1, extras: ['DEMO-GIFT-WRAP'] },
    ],
  } as QuoteCreate);
  return `Quotes: ${NAME} ${quote.number} created (total ${quote.total}).`;
}
