import { findVariant, selectionError } from './option-selection.js';

const options = [
  { name: 'Color', values: ['Red', 'Blue'] },
  { name: 'Size', values: ['S', 'M'] },
];

describe('selectionError', () => {
  it('accepts values of the options', () => {
    expect(selectionError(options, { Color: 'Red', Size: 'M' }, true)).toBeNull();
    expect(selectionError(options, { Color: 'Blue' }, false)).toBeNull();
  });

  it('names an unknown option', () => {
    expect(selectionError(options, { Material: 'Wool' }, false)).toBe('"Material" is not an option of the product (options: Color, Size)');
    expect(selectionError([], { Material: 'Wool' }, false)).toBe('"Material" is not an option of the product');
  });

  it('reads a repeated option name as its last option, and names it once', () => {
    const repeated = [...options, { name: 'Color', values: ['Green'] }];
    expect(selectionError(repeated, { Color: 'Green' }, false)).toBeNull();
    expect(selectionError(repeated, { Color: 'Red' }, false)).toBe('"Color" must be one of: Green');
    expect(selectionError(repeated, { Material: 'Wool' }, false)).toBe('"Material" is not an option of the product (options: Color, Size)');
  });

  it('names a value that is not among the option values', () => {
    expect(selectionError(options, { Color: 'Green', Size: 'S' }, true)).toBe('"Color" must be one of: Red, Blue');
    expect(selectionError(options, { Color: 1 }, false)).toBe('"Color" must be one of: Red, Blue');
  });

  it('requires every option when complete', () => {
    expect(selectionError(options, { Color: 'Red' }, true)).toBe('must choose a value for every option of the product; missing: Size');
    expect(selectionError([], {}, true)).toBeNull();
  });
});

describe('findVariant', () => {
  const variants = [
    { id: 1, options: { Color: 'Red', Size: 'S' } },
    { id: 2, options: { Color: 'Red', Size: 'M' } },
  ];

  it('finds the variant with exactly those values', () => {
    expect(findVariant(variants, { Size: 'M', Color: 'Red' })?.id).toBe(2);
  });

  it('finds none for a partial or different selection', () => {
    expect(findVariant(variants, { Color: 'Red' })).toBeNull();
    expect(findVariant(variants, { Color: 'Blue', Size: 'S' })).toBeNull();
    expect(findVariant(variants, { Color: 'Red', Size: 'S', Fit: 'Slim' })).toBeNull();
  });
});
