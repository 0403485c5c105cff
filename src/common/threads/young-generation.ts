import v8 from 'node:v8';
import type { ResourceLimits, Worker } from 'node:worker_threads';

const SEMI_SPACE_FLAG = /^--max[-_]semi[-_]space[-_]size(?:=(\d+))?$/;

/**
 * The process's own `--max-semi-space-size` in MiB (its command line, then NODE_OPTIONS; the last one
 * given wins), or 0 when it was not given and V8 sizes the young generation itself.
 */
export function processSemiSpaceMb(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ''): number {
  let mb = 0;
  for (const args of [execArgv, nodeOptions.split(/\s+/)]) {
    for (let i = 0; i < args.length; i++) {
      const match = SEMI_SPACE_FLAG.exec(args[i]);
      if (!match) continue;
      const value = match[1] ?? args[i + 1];
      if (value !== undefined && /^\d+$/.test(value)) mb = Number(value);
    }
  }
  return mb;
}

let starting = 0;

/**
 * Starts a worker thread whose `resourceLimits.maxYoungGenerationSizeMb` holds. V8 sizes every
 * isolate's young generation from the process's `--max-semi-space-size` when the process was given
 * one (`npm start` gives the api 16 MiB semi-spaces, for its requests' speed), and then ignores a
 * thread's own limit: a PDF render thread grew a 32 MiB nursery it does not need. While such a
 * thread starts, the flag is cleared, so its isolate is sized by its limit; once it is online (its
 * heap configured) the process's value is set back. The process's own heap, configured when it
 * started, is not touched. A thread without that limit is started as it is.
 */
export function withOwnYoungGeneration(limits: ResourceLimits | undefined, start: () => Worker): Worker {
  if (!limits?.maxYoungGenerationSizeMb) return start();
  if (starting++ === 0) v8.setFlagsFromString('--max-semi-space-size=0');
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    if (--starting === 0) v8.setFlagsFromString(`--max-semi-space-size=${processSemiSpaceMb()}`);
  };
  let worker: Worker;
  try {
    worker = start();
  } catch (err) {
    restore();
    throw err;
  }
  worker.once('online', restore);
  worker.once('error', restore);
  worker.once('exit', restore);
  return worker;
}
