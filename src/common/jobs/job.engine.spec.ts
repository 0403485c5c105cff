import type { Logger } from '@nestjs/common';
import { JobEngine, type JobHandler } from './job.engine.js';

/** A handler whose passes take what `due` holds, one item a pass, or throw `failure` when set. */
function queueHandler() {
  const h = { due: 0, passes: 0, failure: null as Error | null, closed: false };
  const handler: JobHandler = {
    pass: () => {
      h.passes++;
      if (h.failure) return Promise.reject(h.failure);
      if (h.due === 0) return Promise.resolve(0);
      h.due--;
      return Promise.resolve(1);
    },
    close: () => void (h.closed = true),
  };
  return { h, handler };
}

function logs() {
  const lines: string[] = [];
  const logger = { error: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) } as unknown as Logger;
  return { lines, logger };
}

describe('JobEngine', () => {
  it('runs passes while there is work, then pauses until woken; idle() waits for the work a wake-up found', async () => {
    const { h, handler } = queueHandler();
    const engine = new JobEngine(handler, { name: 'Test', logger: logs().logger, loops: 1, pollMs: 60_000 });
    engine.onApplicationBootstrap();
    await engine.idle();
    const before = h.passes;
    h.due = 3;
    engine.wake();
    await engine.idle();
    expect(h.due).toBe(0);
    // Three passes that took an item each, and the one that found nothing before pausing.
    expect(h.passes - before).toBe(4);
    await engine.onApplicationShutdown();
    expect(h.closed).toBe(true);
  });

  it('says a failing pass once, then holds the repeats back, counting them', async () => {
    const { h, handler } = queueHandler();
    const { lines, logger } = logs();
    h.failure = new Error('database away');
    const engine = new JobEngine(handler, { name: 'Test', logger, loops: 1, pollMs: 5 });
    engine.onApplicationBootstrap();
    while (h.passes < 5) await new Promise((resolve) => setTimeout(resolve, 5));
    await engine.onApplicationShutdown();
    expect(lines).toEqual(['Test pass failed: database away']);
  });

  it('warns at start of a lease that cannot keep the 30 s takeover', async () => {
    const { handler } = queueHandler();
    const { lines, logger } = logs();
    const engine = new JobEngine(handler, {
      name: 'Test',
      logger,
      loops: 0,
      pollMs: 1000,
      lease: { variable: 'X_LEASE_SECONDS', seconds: 40 },
    });
    engine.onApplicationBootstrap();
    await engine.onApplicationShutdown();
    expect(lines).toEqual([expect.stringMatching(/^X_LEASE_SECONDS=40: work of a process that died may wait up to 41 s/)]);
  });
});
