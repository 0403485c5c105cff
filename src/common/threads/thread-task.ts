import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

/** A task as a ThreadPool posts it to a thread, and the thread's answer. */
export interface ThreadRequest<I> {
  id: number;
  input: I;
}
export type ThreadReply<O> = { id: number; output: O } | { id: number; error: { message: string; stack?: string } };

/**
 * The thread's side of a ThreadPool: answers each task with `work`'s output, or with the error's
 * message and stack (a task that throws fails that task, not the thread). Called at the top of the
 * file the pool starts; does nothing outside a thread.
 */
export function serveTasks<I, O>(work: (input: I) => O | Promise<O>): void {
  if (!parentPort) return;
  const port = parentPort;
  lowerPriority((workerData as { nice?: number } | null)?.nice ?? 0);
  port.on('message', (request: ThreadRequest<I>) => {
    Promise.resolve(request.input)
      .then(work)
      .then(
        (output) => port.postMessage({ id: request.id, output } satisfies ThreadReply<O>),
        (e: unknown) => {
          const error = e instanceof Error ? { message: e.message, stack: e.stack } : { message: String(e) };
          port.postMessage({ id: request.id, error } satisfies ThreadReply<O>);
        },
      );
  });
}

/**
 * Lowers this thread's CPU priority by `nice`. On Linux a priority belongs to a thread, named by its
 * own id (/proc/thread-self); elsewhere, or where it is not allowed, the thread keeps its priority.
 */
function lowerPriority(nice: number): void {
  if (nice <= 0) return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, nice);
  } catch {
    // Not Linux, or not allowed: the work runs at the process's priority.
  }
}
