import { keptUrlName, listDiff, matchMembers, optionsKey, repeatedKeys, replacementValues, tierKey } from './part-sync.js';

interface V {
  id?: number;
  sku: string | null;
  options: Record<string, string>;
}

const variantKeys: [(v: V) => string | null, (v: V) => string | null][] = [
  [(v) => v.sku, (v) => v.sku],
  [(v) => optionsKey(v.options), (v) => optionsKey(v.options)],
];

describe('matchMembers', () => {
  const stored: V[] = [
    { id: 1, sku: 'A', options: { Size: 'S' } },
    { id: 2, sku: null, options: { Size: 'M' } },
    { id: 3, sku: 'C', options: { Size: 'L' } },
  ];

  it('matches by the first key, then by the next, and leaves the rest removed', () => {
    const sent: V[] = [
      { sku: null, options: { Size: 'M' } },
      { sku: 'A', options: { Size: 'XL' } },
      { sku: 'NEW', options: { Size: 'XS' } },
    ];
    const { matched, removed } = matchMembers(sent, stored, variantKeys);
    expect(matched.map((r) => r?.id ?? null)).toEqual([2, 1, null]);
    expect(removed.map((r) => r.id)).toEqual([3]);
  });

  it('takes each stored row once', () => {
    const { matched } = matchMembers(
      [
        { sku: 'A', options: {} },
        { sku: null, options: { Size: 'S' } },
      ],
      stored,
      variantKeys,
    );
    expect(matched.map((r) => r?.id ?? null)).toEqual([1, null]);
  });

  it('matches repeated names in order (attributes may repeat a name)', () => {
    const rows = [
      { id: 1, name: 'a' },
      { id: 2, name: 'a' },
    ];
    const { matched, removed } = matchMembers([{ name: 'a' }, { name: 'a' }, { name: 'a' }], rows, [[(x) => x.name, (x) => x.name]]);
    expect(matched.map((r) => r?.id ?? null)).toEqual([1, 2, null]);
    expect(removed).toEqual([]);
  });

  it('makes no key of a sent member when nothing stored is left to match (a new product)', () => {
    let made = 0;
    const counted: [(v: V) => string | null, (v: V) => string | null][] = variantKeys.map(([sent, own]) => [
      (v: V) => (made++, sent(v)),
      own,
    ]);
    const { matched, removed } = matchMembers([{ sku: 'A', options: { Size: 'S' } }], [], counted);
    expect(matched).toEqual([null]);
    expect(removed).toEqual([]);
    expect(made).toBe(0);
  });

  it('removes everything for an empty list', () => {
    expect(matchMembers([], stored, variantKeys).removed).toHaveLength(3);
  });
});

describe('optionsKey and tierKey', () => {
  it('ignores the order of option names', () => {
    expect(optionsKey({ a: '1', b: '2' })).toBe(optionsKey({ b: '2', a: '1' }));
    expect(optionsKey({ a: '1' })).not.toBe(optionsKey({ a: '2' }));
    expect(optionsKey(null)).toBe(optionsKey({}));
    expect(optionsKey({ Size: 'M', Color: 'Red' })).toBe('["Color","Red","Size","M"]');
    // Names in code-unit order, as sort() orders them: capitals before lower case, "a" before "ab".
    const names = ['size', 'Size', 'ab', 'a', 'Zone', 'é', 'b'];
    const choice = Object.fromEntries(names.map((n) => [n, n.toUpperCase()]));
    expect(JSON.parse(optionsKey(choice))).toEqual([...names].sort().flatMap((n) => [n, n.toUpperCase()]));
    // Names and values quoted as JSON: a comma or a quote inside one cannot make two choices the same key.
    expect(optionsKey({ a: 'b","c' })).not.toBe(optionsKey({ a: 'b', c: '' }));
  });

  it('tells tiers of every customer from those of a group', () => {
    expect(tierKey({ customer_group_id: null, quantity: 5 })).toBe(tierKey({ quantity: 5 }));
    expect(tierKey({ customer_group_id: 1, quantity: 5 })).not.toBe(tierKey({ quantity: 5 }));
  });
});

describe('repeatedKeys', () => {
  it('names each later member with an earlier key', () => {
    expect(repeatedKeys(['a', 'b', 'a', null, 'b'], (x) => x)).toEqual([
      { index: 2, first: 0 },
      { index: 4, first: 1 },
    ]);
  });
});

describe('replacementValues', () => {
  it('takes what is sent, else the default, else null', () => {
    expect(replacementValues(['a', 'b', 'c'], { b: true }, { a: 1, c: undefined })).toEqual({ a: 1, b: true, c: null });
    expect(replacementValues(['b'], { b: true }, { b: false })).toEqual({ b: false });
    expect(replacementValues(['b'], { b: true }, { b: null })).toEqual({ b: null });
  });
});

describe('keptUrlName', () => {
  it('keeps the stored URL name while it is the slug of the name or a numbered one', () => {
    expect(keptUrlName('mug', 'mug')).toBe('mug');
    expect(keptUrlName('mug-3', 'mug')).toBe('mug-3');
    expect(keptUrlName('mug-large', 'mug')).toBeNull();
    expect(keptUrlName('cup', 'mug')).toBeNull();
    expect(keptUrlName(null, 'mug')).toBeNull();
  });
});

describe('listDiff', () => {
  it('says what was added (in the new order) and removed', () => {
    expect(listDiff([1, 2, 3], [3, 4, 1, 5])).toEqual({ added: [4, 5], removed: [2] });
    expect(listDiff([1, 2], [1, 2])).toEqual({ added: [], removed: [] });
  });
});
