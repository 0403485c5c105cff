import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsArray, ValidateNested } from 'class-validator';
import { ApiError } from '../http/api-error.js';
import { IsDecimal, IsIntIn, IsText, Optional, RequiredFields } from '../validation/decorators.js';
import { BatchBodyPipe } from './batch-body.pipe.js';
import { batchAnswer } from './batch-result.js';
import { BatchAnswer, successEnvelope } from '../http/envelope.js';

@RequiredFields('quantity', 'price')
class Tier {
  @Optional()
  @IsIntIn(1)
  quantity?: number;

  @Optional()
  @IsDecimal({ places: 2, min: 0 })
  price?: string;
}

@RequiredFields('sku')
class Member {
  @Optional()
  @IsText(10)
  sku?: string;

  @Optional()
  @IsArray({ message: 'must be an array' })
  @ValidateNested({ each: true, message: 'must be an object' })
  @Type(() => Tier)
  tiers?: Tier[];
}

const pipe = (opts = {}) => new BatchBodyPipe(Member, { key: { field: 'sku', of: (m: Member) => m.sku?.toLowerCase() }, ...opts });

async function errorsOf(value: unknown, p = pipe()) {
  try {
    await p.transform(value);
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(422);
    return (e as ApiError).body;
  }
  throw new Error('expected a 422');
}

describe('BatchBodyPipe', () => {
  it('returns the members as instances, in order', async () => {
    const out = await pipe().transform([{ sku: 'A', tiers: [{ quantity: 2, price: '1.00' }] }, { sku: 'B' }]);
    expect(out.map((m) => m.sku)).toEqual(['A', 'B']);
    expect(out[0]).toBeInstanceOf(Member);
    expect(out[0].tiers![0]).toBeInstanceOf(Tier);
  });

  it('takes an empty array', async () => {
    expect(await pipe().transform([])).toEqual([]);
  });

  it('refuses a body that is not an array', async () => {
    expect(await errorsOf({ sku: 'A' })).toEqual({ body: ['must be a JSON array'] });
    expect(await errorsOf(null)).toEqual({ body: ['must be a JSON array'] });
  });

  it('refuses more members than the maximum', async () => {
    expect(await errorsOf([{ sku: 'A' }, { sku: 'B' }, { sku: 'C' }], pipe({ max: 2 }))).toEqual({ body: ['must have at most 2 members'] });
  });

  it('names every error as N.field, nested ones too, required fields of nested members included', async () => {
    expect(
      await errorsOf([
        { sku: 'A' },
        { sku: 'ABCDEFGHIJKL', tiers: [{ quantity: 1, price: '1.00' }, { quantity: 0 }] },
        'x',
        { tiers: 3, extra: 1 },
        { sku: 'a\u0000' },
      ]),
    ).toEqual({
      '1.sku': ['must be at most 10 characters'],
      '1.tiers.1.quantity': ['must be at least 1'],
      '1.tiers.1.price': ['is required'],
      '2': ['must be a JSON object'],
      '3.extra': ['is not a known field'],
      '3.tiers': ['must be an array'],
      '3.sku': ['is required'],
      '4.sku': ['must not contain NUL characters'],
    });
  });

  it('refuses a later member with the key of an earlier one, on the later one', async () => {
    expect(await errorsOf([{ sku: 'A' }, { sku: 'B' }, { sku: 'a' }])).toEqual({ '2.sku': ["is the same as member 0's"] });
  });

  it('compares no key of a member that failed validation, whatever JSON type its key is', async () => {
    const folded = pipe({ key: { field: 'sku', of: (m: Member) => m.sku!.toLowerCase() } });
    for (const key of [1, true, {}, ['A'], null]) {
      expect(await errorsOf([{ sku: key }, { sku: key }], folded)).toEqual({
        '0.sku': [expect.any(String)],
        '1.sku': [expect.any(String)],
      });
    }
    // A valid member's key is still compared with the valid ones before it, an invalid one's with none.
    expect(await errorsOf([{ sku: 'A', tiers: 1 }, { sku: 'a' }, { sku: 'A' }], folded)).toEqual({
      '0.tiers': ['must be an array'],
      '2.sku': ["is the same as member 1's"],
    });
  });

  it('reports keys named after Object.prototype properties as unknown fields of the member', async () => {
    expect(await errorsOf([{ sku: 'A' }, JSON.parse('{"sku":"B","constructor":1}')])).toEqual({
      '1.constructor': ['is not a known field'],
    });
  });

  it('takes plain values when told how to test them', async () => {
    const ids = new BatchBodyPipe(Member, { scalar: { test: (v) => Number.isInteger(v), message: 'must be an id' } });
    expect(await ids.transform([1, 2])).toEqual([1, 2]);
    expect(await errorsOf([1, 'x'], ids)).toEqual({ '1': ['must be an id'] });
  });
});

describe('batchAnswer', () => {
  it('puts the views in data and the counts in meta.batch', () => {
    const answer = batchAnswer([
      { outcome: 'created', view: { id: 1 } },
      { outcome: 'unchanged', view: { id: 2 } },
      { outcome: 'created', view: { id: 3 } },
    ]);
    expect(answer).toBeInstanceOf(BatchAnswer);
    expect(successEnvelope(200, answer)).toEqual({
      meta: { status: 200, success: true, batch: { created: 2, updated: 0, unchanged: 1 } },
      data: [{ id: 1 }, { id: 2 }, { id: 3 }],
    });
  });
});
