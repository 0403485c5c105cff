import { resolveIsDefault } from './default-address.js';

describe('resolveIsDefault', () => {
  const shippingDefault = { is_default: true, kind: 'shipping' };
  const shippingPlain = { is_default: false, kind: 'shipping' };

  it('makes the first address of a kind the default', () => {
    expect(resolveIsDefault({ requested: undefined, current: null, kind: 'shipping', kindHasOtherDefault: false })).toBe(true);
    expect(resolveIsDefault({ requested: undefined, current: null, kind: 'shipping', kindHasOtherDefault: true })).toBe(false);
  });

  it('lets an explicit value win', () => {
    expect(resolveIsDefault({ requested: false, current: null, kind: 'billing', kindHasOtherDefault: false })).toBe(false);
    expect(resolveIsDefault({ requested: true, current: shippingPlain, kind: 'shipping', kindHasOtherDefault: true })).toBe(true);
    expect(resolveIsDefault({ requested: false, current: shippingDefault, kind: 'shipping', kindHasOtherDefault: false })).toBe(false);
  });

  it('keeps the flag when the kind is unchanged', () => {
    expect(resolveIsDefault({ requested: undefined, current: shippingDefault, kind: 'shipping', kindHasOtherDefault: false })).toBe(true);
    expect(resolveIsDefault({ requested: undefined, current: shippingPlain, kind: 'shipping', kindHasOtherDefault: false })).toBe(false);
  });

  it('decides afresh when the address moves to the other kind', () => {
    expect(resolveIsDefault({ requested: undefined, current: shippingDefault, kind: 'billing', kindHasOtherDefault: true })).toBe(false);
    expect(resolveIsDefault({ requested: undefined, current: shippingPlain, kind: 'billing', kindHasOtherDefault: false })).toBe(true);
  });
});
