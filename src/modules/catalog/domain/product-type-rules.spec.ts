import {
  flagOffRefusal,
  partsTurnedOff,
  type TypeFlags,
  forbiddenParts,
  moveRefusal,
  partRefusal,
  refusedShippingFields,
  shippingValue,
  tracksInventory,
} from './product-type-rules.js';

const goods: TypeFlags = {
  name: 'Goods',
  api_code: 'goods',
  has_shipping: true,
  has_inventory: true,
  has_options: true,
  has_variants: true,
  has_extras: true,
};
const service: TypeFlags = {
  ...goods,
  name: 'Service',
  api_code: 'service',
  has_shipping: false,
  has_inventory: false,
  has_variants: false,
};
const bare: TypeFlags = { ...service, name: 'Bare', api_code: 'bare', has_options: false, has_extras: false };

describe('product type rules', () => {
  it('a type with every part refuses none', () => {
    expect(partRefusal(goods, 'options')).toBeNull();
    expect(partRefusal(goods, 'variants')).toBeNull();
    expect(partRefusal(goods, 'extras')).toBeNull();
  });

  it('adding a part the type lacks is refused, naming the type', () => {
    expect(partRefusal(service, 'variants')).toBe('Products of type service (Service) cannot have variants: the type has no variants.');
    expect(partRefusal(service, 'options')).toBeNull();
    expect(partRefusal(bare, 'extras')).toBe('Products of type bare (Bare) cannot have extras: the type has no extras.');
  });

  it('moving lists every forbidden part the product has, with its count', () => {
    const counts = { options: 2, variants: 1, extras: 3 };
    expect(forbiddenParts(goods, counts)).toEqual([]);
    expect(moveRefusal(goods, counts)).toBeNull();
    expect(forbiddenParts(service, counts)).toEqual(['variants']);
    expect(moveRefusal(service, counts)).toBe(
      'The product cannot become of type service (Service): it has 1 variant, which the type does not have; remove them first.',
    );
    expect(moveRefusal(bare, counts)).toBe(
      'The product cannot become of type bare (Bare): it has 2 options, 1 variant, 3 extras, which the type does not have; remove them first.',
    );
    expect(moveRefusal(bare, { options: 0, variants: 0, extras: 0 })).toBeNull();
  });

  it('stock is tracked only when the product tracks it and its type has inventory', () => {
    expect(tracksInventory(true, goods)).toBe(true);
    expect(tracksInventory(false, goods)).toBe(false);
    expect(tracksInventory(true, service)).toBe(false);
  });

  it('dimensions read null without shipping, and a value for them is refused', () => {
    expect(shippingValue('1.50', goods)).toBe('1.50');
    expect(shippingValue('1.50', service)).toBeNull();
    expect(refusedShippingFields(goods, { weight: '1.00', depth: '2.00' })).toEqual([]);
    expect(refusedShippingFields(service, { weight: '1.00', width: null, height: undefined, depth: '0' })).toEqual(['weight', 'depth']);
  });

  it('a flag turned off is refused while products use it, naming the first of them', () => {
    expect(partsTurnedOff(goods, { has_variants: false, has_extras: true, has_shipping: false })).toEqual(['variants']);
    expect(partsTurnedOff(service, { has_variants: false })).toEqual([]);
    expect(partsTurnedOff(goods, {})).toEqual([]);
    expect(flagOffRefusal(goods, 'extras', 12, ['A', 'B'])).toBe(
      'Product type goods (Goods) cannot lose has_extras: products of the type have extras (A, B, and 10 more); remove them first.',
    );
  });
});
