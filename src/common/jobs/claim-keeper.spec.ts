import { jest } from '@jest/globals';
import type { Logger } from '@nestjs/common';
import { ClaimKeeper, newClaim } from './claim-keeper.js';

describe('ClaimKeeper', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const logger = () => {
    const warnings: string[] = [];
    return { warnings, logger: { warn: (m: string) => warnings.push(m) } as unknown as Logger };
  };
  /** Lets the renewal's promise chain run after a timer fired. */
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('keeps renewing a claim whose outcome is being written, until it is released', async () => {
    const asked: number[][] = [];
    const { warnings, logger: log } = logger();
    const keeper = new ClaimKeeper(newClaim(), [1, 2], 3, async (ids) => (asked.push(ids), ids.map(String)), log, 'send-quote');
    keeper.settling(1);
    keeper.release(2);
    jest.advanceTimersByTime(1000);
    await settle();
    jest.advanceTimersByTime(1000);
    await settle();
    expect(asked).toEqual([[1], [1]]);
    keeper.release(1);
    jest.advanceTimersByTime(1000);
    await settle();
    expect(asked).toEqual([[1], [1]]);
    expect(warnings).toEqual([]);
    keeper.stop();
  });

  it('takes a settling claim the renewal missed for the write’s doing, and any other for a takeover', async () => {
    const { warnings, logger: log } = logger();
    // The write of 1's outcome ended its claim; 2 was taken over by another holder.
    const keeper = new ClaimKeeper(newClaim(), [1, 2, 3], 3, async () => ['3'], log, 'send-quote');
    keeper.settling(1);
    jest.advanceTimersByTime(1000);
    await settle();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^1 send-quote claim\(s\) of .* were taken over by another holder \(2\)/);
    keeper.stop();
  });
});
