import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { processSemiSpaceMb, withOwnYoungGeneration } from './young-generation.js';

/**
 * A thread that makes short-lived garbage until its nursery has grown, then reports the nursery's size (MiB).
 * V8 sizes a new space in pages, and may hold one page more than the semi-spaces' sum (4.25 for a 6 MiB
 * limit, seen once in a full test run), so the specs below assert bounds: within the thread's own limit, or at
 * least the process's 32 MiB.
 */
const NURSERY_PROBE = `
const v8 = require('node:v8');
let keep = [];
for (let i = 0; i < 3e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 20000) keep = []; }
const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
require('node:worker_threads').parentPort.postMessage(space.space_size / 1048576);
`;

async function nurseryOf(start: () => Worker): Promise<number> {
  const worker = start();
  try {
    return await new Promise<number>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

const probe = (maxYoungGenerationSizeMb?: number) => {
  const resourceLimits = maxYoungGenerationSizeMb ? { maxYoungGenerationSizeMb } : undefined;
  return () => withOwnYoungGeneration(resourceLimits, () => new Worker(NURSERY_PROBE, { eval: true, resourceLimits }));
};

describe("a worker thread's young generation", () => {
  const execArgv = process.execArgv;
  /** This process as `npm start` runs the api: 16 MiB semi-spaces (a 32 MiB new space) for every isolate made from now on. */
  const asStartedWith16MiB = () => {
    process.execArgv = [...execArgv, '--max-semi-space-size=16'];
    v8.setFlagsFromString('--max-semi-space-size=16');
  };
  afterEach(() => {
    process.execArgv = execArgv;
    v8.setFlagsFromString(`--max-semi-space-size=${processSemiSpaceMb()}`);
  });

  it("is the thread's own limit even where the process sets --max-semi-space-size, which V8 would apply instead", async () => {
    asStartedWith16MiB();
    const plain = await nurseryOf(() => new Worker(NURSERY_PROBE, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 6 } }));
    expect(plain).toBeGreaterThanOrEqual(32);
    expect(await nurseryOf(probe(6))).toBeLessThanOrEqual(6);
    const bigger = await nurseryOf(probe(24));
    expect([bigger > 6, bigger <= 24]).toEqual([true, true]);
    // The process's value is back once the thread is online: a thread without a limit gets it, as before.
    expect(await nurseryOf(probe())).toBeGreaterThanOrEqual(32);
  });

  it('starts two at once, each with its own limit', async () => {
    asStartedWith16MiB();
    const [small, big] = await Promise.all([nurseryOf(probe(6)), nurseryOf(probe(24))]);
    expect([small <= 6, big > 6 && big <= 24]).toEqual([true, true]);
    expect(await nurseryOf(probe())).toBeGreaterThanOrEqual(32);
  });

  it("reads the process's --max-semi-space-size from its command line, then NODE_OPTIONS", () => {
    expect(processSemiSpaceMb([], '')).toBe(0);
    expect(processSemiSpaceMb(['--max-semi-space-size=16', '--heap-growing-percent=50'], '')).toBe(16);
    expect(processSemiSpaceMb(['--max_semi_space_size', '8'], '')).toBe(8);
    expect(processSemiSpaceMb(['--max-semi-space-size=16'], '--max-semi-space-size=4 --inspect')).toBe(4);
    expect(processSemiSpaceMb(['--max-semi-space-size'], '')).toBe(0);
  });
});
