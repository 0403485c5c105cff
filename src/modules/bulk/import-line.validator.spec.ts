import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import { validateInto } from '../../common/validation/validation.pipe.js';
import { PRODUCT_BATCH_KEY, ProductBatchMember } from '../catalog/products/dto/product-put.input.js';
import { CUSTOMER_BATCH_KEY, CustomerCreate } from '../customers/dto/customer.input.js';
import { memberOf, validateLines } from './import-line.validator.js';

const products = { member: ProductBatchMember, key: PRODUCT_BATCH_KEY };
const customers = { member: CustomerCreate, key: CUSTOMER_BATCH_KEY };

/**
 * A thread's answer as it crosses (a structured clone): every own field at any depth, no class. Made
 * here rather than by structuredClone, whose objects belong to another realm than the spec's.
 */
const crossed = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(crossed)
    : v !== null && typeof v === 'object'
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, crossed(x)]))
      : v;

describe('import line validation', () => {
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
    expect(await validateLines(products, lines)).toEqual({
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
      members: [expect.objectContaining({ sku: 'TEE-1' }), expect.objectContaining({ sku: 'TEE-3' })],
    });
  });

  it('gives a valid line back the member validation made, from the copy that crossed from the thread: its class, and its nested classes', async () => {
    const stored = { line: 1, body: JSON.stringify(tee) };
    const checked = await validateLines(products, [stored]);
    const bag = new FieldErrorBag();
    const validated = await validateInto(ProductBatchMember, JSON.parse(stored.body) as Record<string, unknown>, bag, '');
    expect(bag.empty).toBe(true);
    expect(checked.valid).toEqual([0]);
    const copy = crossed(checked.members[0]) as object;
    expect(copy).not.toBeInstanceOf(ProductBatchMember);
    const member = memberOf(products, copy) as ProductBatchMember;
    expect(member).toBe(copy);
    expect(member).toBeInstanceOf(ProductBatchMember);
    expect(member).toStrictEqual(validated);
    expect(member.variants![0].constructor).toBe(validated.variants![0].constructor);
    expect(member.variants![0].price_tiers![0].constructor).toBe(validated.variants![0].price_tiers![0].constructor);
    expect(member.options![0].constructor).toBe(validated.options![0].constructor);
    const customer = await validateLines(customers, [{ line: 2, body: '{"email":"a@example.com"}' }]);
    expect(memberOf(customers, crossed(customer.members[0]) as object)).toBeInstanceOf(CustomerCreate);
  });
});
