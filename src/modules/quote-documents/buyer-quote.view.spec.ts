import { de } from './labels/de.labels.js';
import { en } from './labels/en.labels.js';
import { fill, labelsFor } from './labels/buyer.labels.js';
import { ru } from './labels/ru.labels.js';
import { type BuyerQuoteRecord, buyerView, spellDate } from './buyer-quote.view.js';

const record = (over: Partial<BuyerQuoteRecord> = {}): BuyerQuoteRecord => ({
  id: 1,
  number: 'Q1001',
  name: 'Chairs',
  cart_link_id: 'abc123',
  cart_link_version: 1,
  state: 'open',
  revision: 3,
  expires_at: new Date('2030-03-01T14:05:00.123Z'),
  accepted_at: null,
  declined_at: null,
  decline_reason: null,
  updated_at: new Date('2030-02-01T10:00:00Z'),
  subtotal: '1234.50',
  total_discount: '0.00',
  total_tax: '12.35',
  total: '1246.85',
  items: [
    {
      name: null,
      sku: null,
      product_id: 7,
      options: { Size: 'L' },
      extras: [{ sku: 'WRAP', name: 'Gift wrap', price: '2.00' }],
      quantity: 3,
      price: '411.50',
      subtotal: '1234.50',
      discount: '0.00',
      total: '1234.50',
    },
  ],
  ...over,
});
const seller = { name: 'Acme', email: 'sales@acme.example', address: ['1 Main St', 'Springfield'], phone: '+1 555 0100' };
const format = { currency: 'USD', locale: 'en-US', seller };

describe('buyerView', () => {
  it('formats amounts in the store currency and spells dates out in UTC', () => {
    const v = buyerView(record(), format);
    expect(v).toMatchObject({
      state: 'open',
      expiresAt: '2030-03-01 14:05:00',
      expiresOn: 'March 1, 2030 at 2:05 PM UTC',
      acceptedOn: null,
      subtotal: '$1,234.50',
      discount: '$0.00',
      tax: '$12.35',
      total: '$1,246.85',
    });
    expect(v.items).toEqual([
      {
        name: 'Product 7',
        sku: null,
        options: [['Size', 'L']],
        extras: [{ name: 'Gift wrap', price: '$2.00' }],
        quantity: 3,
        unitPrice: '$411.50',
        subtotal: '$1,234.50',
        discount: null,
        total: '$1,234.50',
      },
    ]);
    expect(buyerView(record(), { ...format, currency: 'EUR', locale: 'de-DE' }).total).toBe('1.246,85\u00a0€');
  });

  it('spells out the dates of the decision it shows, with the revision the forms carry', () => {
    const accepted = record({ state: 'accepted', accepted_at: new Date('2030-02-10T09:30:00Z') });
    expect(buyerView(accepted, format)).toMatchObject({
      state: 'accepted',
      acceptedOn: 'February 10, 2030 at 9:30 AM UTC',
    });
    expect(spellDate(new Date('2030-02-10T09:30:00Z'), 'en-GB')).toBe('10 February 2030 at 09:30 UTC');
    const declined = record({ state: 'declined', declined_at: new Date('2030-02-11T08:00:00Z'), decline_reason: 'Too dear' });
    expect(buyerView(declined, format)).toMatchObject({
      state: 'declined',
      declinedOn: 'February 11, 2030 at 8:00 AM UTC',
      declineReason: 'Too dear',
      revision: 3,
    });
    expect(buyerView(record({ state: 'ordered' }), format).state).toBe('ordered');
  });
});

describe('buyerView rules', () => {
  it('shows a line’s discount only when it has one (any non-zero amount), the one rule of page, PDF and e-mail', () => {
    const item = record().items[0];
    const v = buyerView(
      record({
        items: [
          { ...item, discount: '10.00', total: '1224.50' },
          { ...item, discount: '0' },
        ],
      }),
      format,
    );
    expect(v.items.map((i) => [i.discount, i.total])).toEqual([
      ['$10.00', '$1,224.50'],
      [null, '$1,234.50'],
    ]);
  });

  it('carries the locale, the seller and the labels of LOCALE’s language, English when there are none', () => {
    const v = buyerView(record(), format);
    expect(v).toMatchObject({ locale: 'en-US', seller, storeName: 'Acme' });
    expect(v.labels).toBe(en);
    const r = buyerView(record(), { ...format, currency: 'RUB', locale: 'ru-RU' });
    expect(r.labels).toBe(ru);
    expect(r.total).toBe('1\u00a0246,85\u00a0₽');
    expect(r.expiresOn).toBe('1 марта 2030 г. в 14:05 UTC');
    expect(fill(r.labels.validUntil, { date: r.expiresOn! })).toBe('Предложение действительно до 1 марта 2030 г. в 14:05 UTC.');
    expect(labelsFor('de-AT')).toBe(de);
    expect(labelsFor('fr-FR')).toBe(en);
    expect(labelsFor('zh')).toBe(en);
  });

  it('fills a label’s marks, leaving unknown ones as written', () => {
    expect(fill('Quote {number} of {when}', { number: 'Q1' })).toBe('Quote Q1 of {when}');
  });
});
