import { etagOf, newestUpdatedAtInJson, representationEtag } from './etag.js';

describe('etag', () => {
  it('is a strong tag over the exact bytes', () => {
    expect(etagOf('{"a":1}')).toMatch(/^"[\w-]{27}"$/);
    expect(etagOf('{"a":1}')).toBe(etagOf('{"a":1}'));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
  });
  it('of a representation is taken over its data alone, not the envelope', () => {
    expect(representationEtag({ id: 1 })).toBe(etagOf('{"id":1}'));
  });
});

describe('newestUpdatedAtInJson', () => {
  it('finds the newest updated_at anywhere in the body, embeds and user-written JSON included', () => {
    const newest = (body: unknown) => newestUpdatedAtInJson(JSON.stringify(body))?.toISOString() ?? null;
    expect(
      newest([
        { id: 1, updated_at: '2024-01-01 00:00:00', states: { data: [{ updated_at: '2024-06-01 12:00:00' }] } },
        { id: 2, updated_at: '2024-03-01 00:00:00' },
      ]),
    ).toBe('2024-06-01T12:00:00.000Z');
    expect(newest({ options: { updated_at: '2030-01-01 00:00:00' }, updated_at: '2024-01-01 00:00:00' })).toBe('2030-01-01T00:00:00.000Z');
    expect(newest({ updated_at: null, nested: { updated_at: 'not a time' } })).toBeNull();
    expect(newest({ methods: ['GET'] })).toBeNull();
    expect(newest([])).toBeNull();
  });
  it('is not fooled by the key written inside a string', () => {
    const body = {
      name: '"updated_at":"2099-01-01 00:00:00"',
      note: '\\"updated_at":"2098-01-01 00:00:00"',
      updated_at: '2024-01-01 00:00:00',
    };
    expect(newestUpdatedAtInJson(JSON.stringify(body))?.toISOString()).toBe('2024-01-01T00:00:00.000Z');
  });
});
