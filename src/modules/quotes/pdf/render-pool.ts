import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BuyerQuote } from '../domain/buyer-view.js';
import type { RenderReply, RenderRequest } from './pdf-worker.js';

/**
 * Renders quote PDFs on worker threads, so a long one (hundreds of lines in many scripts, seconds of
 * CPU) never holds the event loop that answers requests. At most `size` renders run at a time; the
 * others wait in order. A thread is started on first use, kept while work comes, and ended after
 * `idleMs` without any (its fonts cost memory); an idle thread never keeps the process alive. A
 * thread that dies fails the render it held and is replaced by the next one.
 *
 * node:worker_threads directly rather than a pool library: the pool is one message type, one queue
 * and a thread count, and the one thing a library would not do for us is the same here — finding the
 * compiled worker file when the caller runs from TypeScript sources (jest), see workerFile.
 */
export class RenderPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Task>();
  private readonly waiting: Task[] = [];
  private readonly timers = new Map<Worker, NodeJS.Timeout>();
  private nextId = 1;
  private closed = false;

  constructor(
    readonly size = defaultSize(),
    private readonly idleMs = 60_000,
    private readonly file = workerFile(),
  ) {}

  render(quote: BuyerQuote): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('The PDF render pool is closed.'));
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.push({ request: { id: this.nextId++, quote }, resolve, reject });
      this.pump();
    });
  }

  /** Ends every thread; renders in progress or waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    const failed = new Error('The PDF render pool is closed.');
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
    const worker = new Worker(this.file);
    worker.on('message', (reply: RenderReply) => {
      const task = this.busy.get(worker);
      if (!task || task.request.id !== reply.id) return;
      this.busy.delete(worker);
      if ('pdf' in reply) task.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
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
    worker.on('exit', (code) => gone(new Error(`A PDF render thread stopped (exit code ${code}).`)));
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

interface Task {
  request: RenderRequest;
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

/** One thread fewer than the machine has cores (one stays with the event loop), 1 to 4. */
function defaultSize(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/**
 * The compiled worker beside this module (dist/…/pdf-worker.js). When this module runs from its
 * TypeScript source (jest compiles it in memory), a thread cannot load a .ts file: it takes the
 * same file from the build in dist/ (the test script builds first).
 */
function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  const beside = join(dirname(here), 'pdf-worker.js');
  if (!here.endsWith('.ts')) return beside;
  let root = dirname(here);
  while (!existsSync(join(root, 'package.json'))) {
    const parent = dirname(root);
    if (parent === root) return beside;
    root = parent;
  }
  return join(root, 'dist', relative(root, dirname(here)), 'pdf-worker.js');
}
