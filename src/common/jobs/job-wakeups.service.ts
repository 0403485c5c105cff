import { Injectable } from '@nestjs/common';

/** What wakes a job kind in this process: its engine's loop, or a queue that carries the ids to a worker. */
type Waker = (ids: number[]) => void | Promise<void>;

/**
 * Where a use case says "new work was committed" without knowing who does it: a job kind's module
 * registers its wake-up under the kind's name (its engine, or the Bull queue of the worker that
 * runs it), and a process that runs no such kind (the cli, a worker without Redis for send-quote)
 * registers none, so the call does nothing and the rows wait in their table for whoever runs it.
 * The rows are the work; a wake-up only makes it start sooner, so it never rejects.
 */
@Injectable()
export class JobWakeups {
  private readonly wakers = new Map<string, Waker>();

  register(kind: string, waker: Waker): void {
    if (this.wakers.has(kind)) throw new Error(`The job kind ${kind} has a wake-up already`);
    this.wakers.set(kind, waker);
  }

  /** Called after commit with the ids of the rows written (a kind that polls its table ignores them). */
  wake(kind: string, ids: number[] = []): void {
    const waker = this.wakers.get(kind);
    if (waker) void waker(ids);
  }
}
