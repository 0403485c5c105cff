import { buyerView, spellDate } from './buyer-view.js';
import type { CartRecord } from './cart.repository.js';

const record = (over: Partial<CartRecord> = {}): CartRecord => ({
  id: 1,
  number: 'Q1001',
  name: 'Chairs',
  cart_link_id: 'abc123',
  status: 'active',
  revision: 3,
  expires_at: '2030-03-01T14:05:00.123+00:00',
  accepted_at: null,
  declined_at: null,
  decline_reason: null,
  updated_at: '2030-02-01T10:00:00+00:00',
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
const format = { storeName: 'Acme', currency: 'USD', locale: 'en-US' };
const now = new Date('2030-02-15T00:00:00Z');

describe('buyerView', () => {
  it('formats amounts in the store currency and spells dates out in UTC', () => {
    const v = buyerView(record(), format, now);
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
        discount: null,
        total: '$1,234.50',
      },
    ]);
    expect(buyerView(record(), { ...format, currency: 'EUR', locale: 'de-DE' }, now).total).toBe('1.246,85\u00a0€');
  });

  it('names the seller from the configuration and carries the locale', () => {
    expect(buyerView(record(), format, now)).toMatchObject({
      locale: 'en-US',
      seller: { name: 'Acme', email: null, address: [], phone: null },
    });
    expect(buyerView(record(), { ...format, storeEmail: 'sales@acme.test', locale: 'he-IL' }, now)).toMatchObject({
      locale: 'he-IL',
      seller: { name: 'Acme', email: 'sales@acme.test', address: [], phone: null },
    });
  });

  it('reads expired past expires_at, and accepted for good once accepted', () => {
    expect(buyerView(record(), format, new Date('2030-03-01T14:05:00.123Z')).state).toBe('expired');
    expect(buyerView(record({ expires_at: null }), format, new Date('2099-01-01Z')).state).toBe('open');
    const accepted = record({ status: 'accepted', accepted_at: '2030-02-10T09:30:00+00:00' });
    expect(buyerView(accepted, format, new Date('2031-01-01Z'))).toMatchObject({
      state: 'accepted',
      acceptedOn: 'February 10, 2030 at 9:30 AM UTC',
    });
    expect(spellDate('2030-02-10T09:30:00Z', 'en-GB')).toBe('10 February 2030 at 09:30 UTC');
  });

  it('reads declined and ordered as stored, past expiry too, with the revision the forms carry', () => {
    const declined = record({ status: 'declined', declined_at: '2030-02-11T08:00:00+00:00', decline_reason: 'Too dear' });
    expect(buyerView(declined, format, new Date('2031-01-01Z'))).toMatchObject({
      state: 'declined',
      declinedOn: 'February 11, 2030 at 8:00 AM UTC',
      declineReason: 'Too dear',
      revision: 3,
    });
    expect(buyerView(record({ status: 'ordered' }), format, new Date('2031-01-01Z')).state).toBe('ordered');
  });
});
