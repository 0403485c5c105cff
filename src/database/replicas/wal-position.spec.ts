import { hasReached, laterOf, walPosition } from './wal-position.js';

describe('WAL positions', () => {
  it('reads PostgreSQL LSNs into fixed-width hex that compares as the numbers do', () => {
    expect(walPosition('16/B374D848')).toBe('00000016B374D848');
    expect(walPosition('0/3000060')).toBe('0000000003000060');
    expect(walPosition('FFFFFFFF/FFFFFFFF')).toBe('FFFFFFFFFFFFFFFF');
    // 0/FFFFFFFF is before 1/0, though "0/FFFFFFFF" > "1/0" as text.
    expect(walPosition('0/FFFFFFFF')! < walPosition('1/0')!).toBe(true);
  });
  it('is null for what is no LSN', () => {
    for (const v of [null, undefined, '', '16', '16/', '/1', 'G/1', '123456789/1', '1/2/3']) expect(walPosition(v)).toBeNull();
  });
  it('says whether a replica has replayed a write', () => {
    expect(hasReached('0000000003000060', null)).toBe(true);
    expect(hasReached(null, null)).toBe(true);
    expect(hasReached(null, '0000000003000060')).toBe(false);
    expect(hasReached('0000000003000060', '0000000003000060')).toBe(true);
    expect(hasReached('0000000003000059', '0000000003000060')).toBe(false);
    expect(hasReached('0000000103000000', '0000000003000060')).toBe(true);
  });
  it('keeps the later of two positions', () => {
    expect(laterOf(null, '0000000003000060')).toBe('0000000003000060');
    expect(laterOf('0000000003000060', null)).toBe('0000000003000060');
    expect(laterOf('0000000003000061', '0000000003000060')).toBe('0000000003000061');
    expect(laterOf(null, null)).toBeNull();
  });
});
