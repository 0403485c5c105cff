import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import { validateInto } from '../../common/validation/validation.pipe.js';
import { ProductBatchMember } from '../catalog/dto/product-put.input.js';
import { CustomerCreate } from '../customers/dto/customer.input.js';
import { checkLines, memberOf } from './line-check.js';

describe('import line checks', () => {
  const tee = {
    sku: 'TEE-1',
    name: 'Tee',
    base_price: '10.00',
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [{ sku: 'TEE-1-S', options: { Size: 'S' }, price_tiers: [{ quantity: 5, price: '9.00' }] }],
  };

  it('answers a result per line, in order, and which lines are valid', async () => {
    const lines = [
      { line: 1, body: JSON.stringify(tee) },
      { line: 2, body: '{"sku":' },
      { line: 4, body: JSON.stringify({ ...tee, sku: 'TEE-2', base_price: 'ten' }) },
      { line: 5, body: null },
      { line: 6, body: JSON.stringify({ ...tee, sku: 'TEE-3' }) },
    ];
    expect(await checkLines({ resource: 'products', lines })).toEqual({
      results: [
        { line: 1, status: 'failed', id: null, key: 'TEE-1', errors: null },
        { line: 2, status: 'failed', id: null, key: null, errors: { line: ['is not JSON'] } },
        { line: 4, status: 'failed', id: null, key: 'TEE-2', errors: { base_price: [expect.any(String)] } },
        {
          line: 5,
          status: 'failed',
          id: null,
          key: null,
          errors: { line: ['is not JSON (not UTF-8 text, or it holds a NUL character)'] },
        },
        { line: 6, status: 'failed', id: null, key: 'TEE-3', errors: null },
      ],
      valid: [0, 4],
    });
  });

  it('makes a valid line the member validation made: its class, and its nested classes, as the upserts read them', async () => {
    const stored = { line: 1, body: JSON.stringify(tee) };
    const member = memberOf('products', stored) as ProductBatchMember;
    const bag = new FieldErrorBag();
    const validated = await validateInto(ProductBatchMember, JSON.parse(stored.body) as Record<string, unknown>, bag, '');
    expect(bag.empty).toBe(true);
    expect(member).toBeInstanceOf(ProductBatchMember);
    expect(member).toStrictEqual(validated);
    expect(member.variants![0].constructor).toBe(validated.variants![0].constructor);
    expect(memberOf('customers', { line: 2, body: '{"email":"a@example.com"}' })).toBeInstanceOf(CustomerCreate);
  });
});
