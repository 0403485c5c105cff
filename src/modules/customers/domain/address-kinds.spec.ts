import { matchByKindAndPosition } from './address-kinds.js';

describe('matchByKindAndPosition', () => {
  const stored = [
    { id: 1, kind: 'billing' },
    { id: 2, kind: 'shipping' },
    { id: 3, kind: 'shipping' },
  ];

  it('gives the k-th address of a kind sent the k-th stored one of that kind', () => {
    const sent = [{ kind: 'shipping' }, { kind: 'billing' }, { kind: 'shipping' }, { kind: 'shipping' }, { kind: 'billing' }];
    expect(matchByKindAndPosition(sent, stored).map((r) => r?.id ?? null)).toEqual([2, 1, 3, null, null]);
  });

  it('matches nothing for a customer without addresses, and leaves stored ones unmatched when fewer are sent', () => {
    expect(matchByKindAndPosition([{ kind: 'billing' }], [])).toEqual([null]);
    expect(matchByKindAndPosition([], stored)).toEqual([]);
  });
});
