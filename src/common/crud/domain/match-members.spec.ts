import { keyFold, matchMembers } from './match-members.js';

describe('matchMembers', () => {
  const rows = [
    { id: 1, code: 'US' },
    { id: 2, code: 'DE' },
  ];

  it('pairs each member, in order, with the row of its key, or null', () => {
    const members = [{ code: 'DE' }, { code: 'FR' }, { code: 'US' }];
    expect(
      matchMembers(
        rows,
        members,
        (r) => r.code,
        (m) => m.code,
      ).map((r) => r?.id ?? null),
    ).toEqual([2, null, 1]);
  });

  it('compares keys as the table does', () => {
    const members = [{ code: 'de' }, { code: 'Us' }];
    expect(
      matchMembers(
        rows,
        members,
        (r) => r.code,
        (m) => m.code,
        keyFold('upper'),
      ).map((r) => r?.id ?? null),
    ).toEqual([2, 1]);
    expect(
      matchMembers(
        rows,
        members,
        (r) => r.code,
        (m) => m.code,
        keyFold(undefined),
      ).map((r) => r?.id ?? null),
    ).toEqual([null, null]);
    expect(keyFold('lower')('Ada@Example.COM')).toBe('ada@example.com');
  });

  it('a key named like an Object.prototype member finds nothing', () => {
    expect(
      matchMembers(
        rows,
        [{ code: 'constructor' }, { code: '__proto__' }],
        (r) => r.code,
        (m) => m.code,
      ),
    ).toEqual([null, null]);
  });
});
