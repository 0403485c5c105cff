import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsArray, IsObject, ValidateNested } from 'class-validator';
import { ApiError } from '../http/api-error.js';
import { EachElement, IsDecimal, IsFlag, IsId, IsIntIn, IsText, IsTimestamp, Nullable, Optional, RequiredFields } from './decorators.js';
import { ApiValidationPipe } from './validation.pipe.js';

class Item {
  @IsId()
  product_id: number;

  @Optional()
  @IsIntIn(1, 1000)
  quantity?: number;
}

@RequiredFields('name')
class Body {
  @Optional()
  @IsText(10)
  name?: string;

  @Optional()
  @IsArray({ message: 'must be an array' })
  @ValidateNested({ each: true })
  @Type(() => Item)
  items?: Item[];

  @Optional()
  @IsFlag()
  enabled?: boolean;

  @Nullable()
  @IsDecimal({ places: 2, min: 0, max: 1000 })
  price?: string | null;

  @Optional()
  @IsTimestamp()
  starts_at?: Date;

  @Optional()
  @IsObject({ message: 'must be an object' })
  labels?: Record<string, unknown>;

  @Optional()
  @IsArray({ message: 'must be an array' })
  @EachElement((e) => typeof e === 'string' && e.includes('@'), 'must be an e-mail address')
  emails?: unknown[];
}

const pipe = new ApiValidationPipe();
const run = (value: unknown) => pipe.transform(value, { type: 'body', metatype: Body });
async function errorsOf(value: unknown) {
  try {
    await run(value);
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(422);
    return (e as ApiError).body;
  }
  throw new Error('expected a 422');
}

describe('ApiValidationPipe', () => {
  it('reports nested fields by dotted path with indexes, unknown fields included', async () => {
    expect(await errorsOf({ name: 'ok', items: [{ product_id: 1 }, { product_id: 'x', quantity: 0, colour: 'red' }] })).toEqual({
      'items.1.product_id': ['must be an integer'],
      'items.1.quantity': ['must be at least 1'],
      'items.1.colour': ['is not a known field'],
    });
  });
  it('reports missing required fields with the others', async () => {
    expect(await errorsOf({ enabled: 'yes' })).toEqual({ enabled: ['must be a boolean or 0/1'], name: ['is required'] });
  });
  it('converts flags, decimals and timestamps', async () => {
    const out = (await run({ name: 'n', enabled: 1, price: 12.5, starts_at: '2024-01-02T03:04:05+01:00' })) as Body;
    expect(out.enabled).toBe(true);
    expect(out.price).toBe('12.5');
    expect(out.starts_at).toEqual(new Date('2024-01-02T02:04:05Z'));
    expect(((await run({ name: 'n', price: null })) as Body).price).toBeNull();
  });
  it('refuses decimals with too many places or out of bounds, and bad timestamps', async () => {
    expect(await errorsOf({ name: 'n', price: '1.234', starts_at: '2024-02-30 00:00:00' })).toEqual({
      price: ['must be a decimal number from 0 to 1000 with at most 2 decimals'],
      starts_at: ['must be a timestamp (YYYY-MM-DD HH:MM:SS or ISO 8601 with offset)'],
    });
    expect(await errorsOf({ name: 'n', price: 1000.01 })).toEqual({
      price: ['must be a decimal number from 0 to 1000 with at most 2 decimals'],
    });
    expect(await errorsOf({ name: 'n', price: '1e3' })).toEqual({
      price: ['must be a decimal number from 0 to 1000 with at most 2 decimals'],
    });
  });
  it('refuses a body that is not an object and NUL characters anywhere', async () => {
    expect(await errorsOf([])).toEqual({ body: ['must be a JSON object'] });
    expect(await errorsOf('text')).toEqual({ body: ['must be a JSON object'] });
    expect(await errorsOf(null)).toEqual({ body: ['must be a JSON object'] });
    // No body at all is an empty object: here the required name is missing.
    expect(await errorsOf(undefined)).toEqual({ name: ['is required'] });
    expect(await errorsOf({ name: 'a', items: [{ product_id: 1, note: 'x\u0000' }] })).toEqual({
      'items.0.note': ['must not contain NUL characters', 'is not a known field'],
    });
  });
  it('reports keys named after Object.prototype properties as unknown fields, at any depth', async () => {
    const names = Object.getOwnPropertyNames(Object.prototype);
    for (const name of names) {
      const body = JSON.parse(`{"name":"n",${JSON.stringify(name)}:1,"items":[{"product_id":1,${JSON.stringify(name)}:{"a":1}}]}`);
      const errors = await errorsOf(body);
      expect(Object.keys(errors as object).sort()).toEqual([name, `items.0.${name}`].sort());
      expect(Object.getPrototypeOf(errors)).toBeNull();
      expect((errors as Record<string, string[]>)[name]).toEqual(['is not a known field']);
    }
  });
  it('keeps such keys in a free-form map as own properties, for the map checks to judge', async () => {
    const out = (await run(JSON.parse('{"name":"n","labels":{"constructor":"Red","__proto__":{"x":1},"toString":2}}'))) as Body;
    expect(Object.getPrototypeOf(out.labels)).toBe(Object.prototype);
    expect(Object.keys(out.labels!)).toEqual(['constructor', '__proto__', 'toString']);
    expect(Object.hasOwn(out.labels!, '__proto__') && out.labels!['__proto__']).toEqual({ x: 1 });
    expect(out.labels!.constructor).toBe('Red');
    expect(out).toBeInstanceOf(Body);
  });
  it('reports each bad element of a list at its index, with the other fields', async () => {
    expect(await errorsOf({ name: 'much too long', emails: ['a@b', 'x', 7] })).toEqual({
      name: ['must be at most 10 characters'],
      'emails.1': ['must be an e-mail address'],
      'emails.2': ['must be an e-mail address'],
    });
    expect(await errorsOf({ name: 'n', emails: 'x' })).toEqual({ emails: ['must be an array'] });
  });
});
