import { ApiError } from '../http/api-error.js';
import { embedded, groupBy, parseEmbed } from './embed.js';

const TREE = { customer: { group: {}, shipping_addresses: {}, billing_addresses: {} }, items: {} };

describe('parseEmbed', () => {
  it('nests dotted names and accepts camelCase for snake_case names', () => {
    expect(parseEmbed('customer.shippingAddresses, customer.group,items', TREE)).toEqual({
      customer: { shipping_addresses: {}, group: {} },
      items: {},
    });
    expect(parseEmbed('customer.billing_addresses', TREE)).toEqual({ customer: { billing_addresses: {} } });
  });
  it('is empty for no value, an empty value or stray commas', () => {
    expect(parseEmbed(undefined, TREE)).toEqual({});
    expect(parseEmbed(' , ', TREE)).toEqual({});
  });
  it('refuses unknown names with 422 listing the allowed ones', () => {
    try {
      parseEmbed('customer.orders,planet', TREE);
      throw new Error('expected a 422');
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).status).toBe(422);
      expect((e as ApiError).body).toEqual({
        embed: [
          'unknown "customer.orders", "planet"; allowed: customer, customer.group, customer.shipping_addresses, customer.billing_addresses, items',
        ],
      });
    }
  });
  it('does not accept prototype names', () => {
    expect(() => parseEmbed('constructor', TREE)).toThrow(ApiError);
  });
});

describe('embedding helpers', () => {
  it('wraps a relation in {data} and groups rows by key', () => {
    expect(embedded([1])).toEqual({ data: [1] });
    expect([...groupBy([{ k: 1 }, { k: 2 }, { k: 1 }], (r) => r.k)]).toEqual([
      [1, [{ k: 1 }, { k: 1 }]],
      [2, [{ k: 2 }]],
    ]);
  });
});

describe('groupBy', () => {
  it('groups rows by their owner, keeping their order', () => {
    const grouped = groupBy(
      [
        { id: 1, owner: 2 },
        { id: 2, owner: 1 },
        { id: 3, owner: 2 },
      ],
      (r) => r.owner,
    );
    expect([...grouped]).toEqual([
      [
        2,
        [
          { id: 1, owner: 2 },
          { id: 3, owner: 2 },
        ],
      ],
      [1, [{ id: 2, owner: 1 }]],
    ]);
  });
});
