import { canonicalJson, changedValues, sameIdSet, sameItems } from './quote-changes.js';

describe('quote changes', () => {
  it('compares JSON by content and money by cents', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
    expect(
      changedValues({ name: 'A', total: '10.50', customer_emails: ['x@y.z'] }, { name: 'A', total: '10.5', customer_emails: ['x@y.z'] }),
    ).toEqual({});
    expect(changedValues({ name: 'A', customer_id: null }, { name: 'B', customer_id: null })).toEqual({ name: 'B' });
    expect(changedValues({ customer_id: 3 }, { customer_id: null })).toEqual({ customer_id: null });
  });

  it('compares item lines in order', () => {
    const line = { product_id: 1, quantity: 2, options: { Size: 'L', Color: 'Red' }, price: '10.00' };
    const cols = ['product_id', 'quantity', 'options', 'price'];
    expect(sameItems([line], [{ ...line, options: { Color: 'Red', Size: 'L' }, price: '10' }], cols)).toBe(true);
    expect(sameItems([line], [{ ...line, quantity: 3 }], cols)).toBe(false);
    expect(sameItems([line], [], cols)).toBe(false);
  });

  it('compares id sets', () => {
    expect(sameIdSet([2, 1], [1, 2, 2])).toBe(true);
    expect(sameIdSet([1], [1, 2])).toBe(false);
  });
});
