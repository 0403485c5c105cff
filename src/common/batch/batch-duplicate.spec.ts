import { QueryFailedError } from 'typeorm';
import { duplicateOfMember } from './batch-duplicate.js';

const violation = (detail: string) =>
  new QueryFailedError('UPDATE …', [], Object.assign(new Error('duplicate key'), { code: '23505', detail }));

describe('duplicateOfMember', () => {
  it('names the member, and the part of it, that holds the value', () => {
    const members = [
      { sku: 'A', variants: [{ sku: 'X' }] },
      { sku: 'B', variants: [{ sku: 'Y' }, { sku: 'Z' }] },
    ];
    expect(duplicateOfMember(violation('Key (sku)=(Z) already exists.'), members)?.body).toEqual({
      '1.variants.1.sku': ['is already in use'],
    });
    expect(duplicateOfMember(violation('Key (url_name)=(b) already exists.'), [{ url_name: 'a' }, { url_name: 'b' }])?.body).toEqual({
      '1.url_name': ['is already in use'],
    });
  });

  it('reads a JSON value of the key whatever its keys order, a folded one in any case, and names the later of two', () => {
    const members = [{ variants: [{ options: { Size: 'M', Color: 'Red' } }] }];
    expect(
      duplicateOfMember(violation('Key (product_id, options)=(5, {"Size": "M", "Color": "Red"}) already exists.'), members)?.body,
    ).toEqual({
      '0.variants.0.options': ['is already in use'],
    });
    const customers = [{ email: 'A@x.io' }, { email: 'a@X.io' }];
    expect(duplicateOfMember(violation('Key (lower(email::text))=(a@x.io) already exists.'), customers)?.body).toEqual({
      '1.email': ['is already in use'],
    });
  });

  it('is null for another error, or a value no member holds', () => {
    expect(duplicateOfMember(new Error('boom'), [{ sku: 'A' }])).toBeNull();
    expect(duplicateOfMember(violation('Key (sku)=(Q) already exists.'), [{ sku: 'A' }])).toBeNull();
  });
});
