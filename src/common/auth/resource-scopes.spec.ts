import { EVENT_CATALOG, type EventCatalogEntry } from '../../modules/webhooks/domain/event-catalog.js';
import { mayRead, productCostsFor, readScopeOf } from './resource-scopes.js';

describe('resource scopes', () => {
  it('every resource an event names has a scope group', () => {
    const names = EVENT_CATALOG.flatMap((e): readonly string[] => (e as EventCatalogEntry).resources ?? [e.resource]);
    expect(names.filter((r) => readScopeOf(r) === null)).toEqual([]);
    expect(readScopeOf('customer.import')).toBe('customers:read');
    expect(readScopeOf('customer.address')).toBe('customers:read');
    expect(readScopeOf('product.variant.pricetier')).toBe('catalog:read');
    expect(readScopeOf('quote.delivery')).toBe('quotes:read');
    expect(readScopeOf('toString')).toBeNull();
  });

  it('reads with *, <group>:read or <group>:*, never with a write scope alone', () => {
    expect(mayRead(['*'], 'order')).toBe(true);
    expect(mayRead(['orders:read'], 'order')).toBe(true);
    expect(mayRead(['orders:*'], 'order')).toBe(true);
    expect(mayRead(['orders:write'], 'order')).toBe(false);
    expect(mayRead(['quotes:read'], 'customer')).toBe(false);
    expect(mayRead(['*'], 'nothing')).toBe(false);
  });

  it('hides the products’ cost inside items, bare or embedded, and leaves the input as it was', () => {
    const quote = { id: 1, items: [{ product: { sku: 'A', cost: '7.00' } }, { product: null }] };
    const order = { id: 2, items: [{ product: { data: { sku: 'B', cost: '3.00' } } }, { quantity: 1 }] };
    expect(productCostsFor(['quotes:read'], [quote, order])).toEqual([
      { id: 1, items: [{ product: { sku: 'A', cost: null } }, { product: null }] },
      { id: 2, items: [{ product: { data: { sku: 'B', cost: null } } }, { quantity: 1 }] },
    ]);
    expect(quote.items[0].product!.cost).toBe('7.00');
    expect(productCostsFor(['catalog:read'], quote)).toBe(quote);
  });
});
