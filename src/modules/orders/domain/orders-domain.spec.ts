import { cancelError, fulfillmentOf, orderChangeError, orderableError } from './order-status.js';
import { shortageMessage, stockReturn, stockTake, unitsTaken } from './stock.js';

const product = (
  id: number,
  in_stock_amount: number | null,
  flags: Partial<{ track: boolean; negative: boolean; preorder: boolean }> = {},
) => ({
  id,
  name: `P${id}`,
  in_stock_amount,
  track_inventory: flags.track ?? true,
  allow_negative_stock: flags.negative ?? false,
  allow_preorder: flags.preorder ?? false,
});

describe('order status', () => {
  it('cancels open orders only; a cancelled order never changes', () => {
    expect(cancelError('O1001', 'open')).toBeNull();
    expect(cancelError('O1001', 'cancelled')).toBe('Order O1001 is cancelled already.');
    expect(cancelError('O1001', 'completed')).toBe('Order O1001 is completed and cannot be cancelled.');
    expect(orderChangeError('O1001', 'cancelled')).toBe('Order O1001 is cancelled and cannot be changed.');
    expect(orderChangeError('O1001', 'completed')).toBeNull();
  });

  it('fulfillment follows the shipments', () => {
    expect(fulfillmentOf([])).toBe('unfulfilled');
    expect(fulfillmentOf(['pending', 'shipped'])).toBe('partial');
    expect(fulfillmentOf(['shipped', 'delivered'])).toBe('fulfilled');
  });
});

describe('stock', () => {
  it('sums the lines of a product and takes from tracked products only', () => {
    const r = stockTake(
      [
        { product_id: 1, quantity: 2 },
        { product_id: 1, quantity: 3 },
        { product_id: 2, quantity: 9 },
      ],
      [product(1, 5), product(2, 0, { track: false })],
    );
    expect(r).toEqual({ take: new Map([[1, 5]]), shortages: [] });
    expect(
      unitsTaken(
        [
          { product_id: 1, quantity: 2 },
          { product_id: 2, quantity: 9 },
        ],
        r.take,
      ),
    ).toEqual([2, 0]);
  });

  it('lists what is short unless negative stock or preorders are allowed', () => {
    const lines = [
      { product_id: 1, quantity: 6 },
      { product_id: 2, quantity: 1 },
      { product_id: 3, quantity: 4 },
      { product_id: 4, quantity: 4 },
    ];
    const r = stockTake(lines, [product(1, 5), product(2, null), product(3, 0, { negative: true }), product(4, 1, { preorder: true })]);
    expect(r.shortages).toEqual([
      { product_id: 1, name: 'P1', wanted: 6, in_stock: 5 },
      { product_id: 2, name: 'P2', wanted: 1, in_stock: 0 },
    ]);
    expect(shortageMessage('Q1001', r.shortages)).toBe(
      'Quote Q1001 cannot be ordered: not enough stock for P1 (product 1): 6 wanted, 5 in stock; P2 (product 2): 1 wanted, 0 in stock.',
    );
  });

  it('gives back what each line took, per product', () => {
    expect(
      stockReturn([
        { product_id: 1, stock_taken: 2 },
        { product_id: 1, stock_taken: 3 },
        { product_id: null, stock_taken: 4 },
        { product_id: 2, stock_taken: 0 },
      ]),
    ).toEqual(new Map([[1, 5]]));
  });
});

describe('orderableError', () => {
  it('orders accepted and open quotes once', () => {
    expect(orderableError({ number: 'Q1', status: 'accepted', orderNumber: null })).toBeNull();
    expect(orderableError({ number: 'Q1', status: 'active', orderNumber: null })).toBeNull();
    expect(orderableError({ number: 'Q1', status: 'ordered', orderNumber: 'O1001' })).toBe('Quote Q1 was already ordered as O1001.');
    expect(orderableError({ number: 'Q1', status: 'expired', orderNumber: null })).toBe('Quote Q1 is expired and cannot be ordered.');
    expect(orderableError({ number: 'Q1', status: 'declined', orderNumber: null })).toBe('Quote Q1 is declined and cannot be ordered.');
  });
});
