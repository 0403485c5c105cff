import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { ThreadReply, ThreadRequest } from './thread-task.js';
import { withOwnYoungGeneration } from './young-generation.js';

/**
 * CPU-bound work on worker threads, so a long task (a PDF of hundreds of lines, a chunk of import
 * lines to validate) never holds the event loop that answers requests and database replies. At most
 * `size` tasks run at a time; the others wait in order. A thread is started on first use, kept while
 * work comes, and ended after `idleMs` without any; an idle thread never keeps the process alive. A
 * thread that dies fails the task it held and is replaced by the next one.
 *
 * The thread's side is `serveTasks` (thread-task.ts) in the file the pool is given. `nice` (0 to 19)
 * lowers the threads' CPU priority where the system allows it (Linux): work that may wait, such as an
 * import, then takes the CPU the api's requests leave. `resourceLimits` bounds each thread's heap,
 * its young generation included even where the process sets its own (see withOwnYoungGeneration).
 *
 * node:worker_threads directly rather than a pool library: the pool is one message type, one queue
 * and a thread count, and the one thing a library would not do for us is the same here — finding the
 * compiled worker file when the caller runs from TypeScript sources (jest), see threadFile.
 */
export class ThreadPool<I, O> {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Task<I, O>>();
  private readonly waiting: Task<I, O>[] = [];
  private readonly timers = new Map<Worker, NodeJS.Timeout>();
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly name: string,
    private readonly file: string,
    readonly size: number,
    private readonly idleMs = 60_000,
    private readonly options: { nice?: number; resourceLimits?: ResourceLimits } = {},
  ) {}

  run(input: I): Promise<O> {
    if (this.closed) return Promise.reject(new Error(`The ${this.name} pool is closed.`));
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ request: { id: this.nextId++, input }, resolve, reject });
      this.pump();
    });
  }

  /** Ends every thread; tasks in progress or waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    const failed = new Error(`The ${this.name} pool is closed.`);
    for (const task of this.waiting.splice(0)) task.reject(failed);
    for (const task of this.busy.values()) task.reject(failed);
    const workers = [...this.idle.splice(0), ...this.busy.keys()];
    this.busy.clear();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private pump(): void {
    while (this.waiting.length > 0 && (this.idle.length > 0 || this.busy.size < this.size)) {
      const task = this.waiting.shift()!;
      const worker = this.idle.pop() ?? this.start();
      clearTimeout(this.timers.get(worker));
      this.timers.delete(worker);
      this.busy.set(worker, task);
      worker.ref();
      worker.postMessage(task.request);
    }
  }

  private start(): Worker {
    const { resourceLimits } = this.options;
    const worker = withOwnYoungGeneration(
      resourceLimits,
      () => new Worker(this.file, { workerData: { nice: this.options.nice ?? 0 }, resourceLimits }),
    );
    worker.on('message', (reply: ThreadReply<O>) => {
      const task = this.busy.get(worker);
      if (!task || task.request.id !== reply.id) return;
      this.busy.delete(worker);
      if ('output' in reply) task.resolve(reply.output);
      else task.reject(Object.assign(new Error(reply.error.message), { stack: reply.error.stack }));
      this.rest(worker);
      this.pump();
    });
    const gone = (error: Error) => {
      const task = this.busy.get(worker);
      this.busy.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
      clearTimeout(this.timers.get(worker));
      this.timers.delete(worker);
      task?.reject(error);
      if (!this.closed) this.pump();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`A ${this.name} thread stopped (exit code ${code}).`)));
    return worker;
  }

  /** An idle thread waits for work without keeping the process alive, and ends after idleMs. */
  private rest(worker: Worker): void {
    worker.unref();
    this.idle.push(worker);
    const timer = setTimeout(() => {
      const at = this.idle.indexOf(worker);
      if (at < 0) return;
      this.idle.splice(at, 1);
      this.timers.delete(worker);
      void worker.terminate();
    }, this.idleMs);
    timer.unref();
    this.timers.set(worker, timer);
  }
}

interface Task<I, O> {
  request: ThreadRequest<I>;
  resolve: (output: O) => void;
  reject: (error: Error) => void;
}

/**
 * The compiled file `name` beside the module at `moduleUrl` (its import.meta.url). When that module
 * runs from its TypeScript source (jest compiles it in memory), a thread cannot load a .ts file: it
 * takes the same file from the build in dist/ (the test script builds first).
 */
export function threadFile(moduleUrl: string, name: string): string {
  const here = fileURLToPath(moduleUrl);
  const beside = join(dirname(here), name);
  if (!here.endsWith('.ts')) return beside;
  let root = dirname(here);
  while (!existsSync(join(root, 'package.json'))) {
    const parent = dirname(root);
    if (parent === root) return beside;
    root = parent;
  }
  return join(root, 'dist', relative(root, dirname(here)), name);
}
