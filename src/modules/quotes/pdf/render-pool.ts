import { availableParallelism } from 'node:os';
import { ThreadPool, threadFile } from '../../../common/threads/thread-pool.js';
import type { BuyerQuote } from '../domain/buyer-view.js';

/**
 * Renders quote PDFs on worker threads (pdf-worker.ts), so a long one (hundreds of lines in many
 * scripts, seconds of CPU) never holds the event loop that answers requests. An idle thread ends
 * after `idleMs` (its fonts cost memory).
 */
export class RenderPool {
  private readonly pool: ThreadPool<BuyerQuote, Uint8Array>;

  constructor(size = defaultSize(), idleMs = 60_000) {
    this.pool = new ThreadPool('PDF render', threadFile(import.meta.url, 'pdf-worker.js'), size, idleMs);
  }

  async render(quote: BuyerQuote): Promise<Buffer> {
    const pdf = await this.pool.run(quote);
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  }

  /** Ends every thread; renders in progress or waiting fail. */
  close(): Promise<void> {
    return this.pool.close();
  }
}

/** One thread fewer than the machine has cores (one stays with the event loop), 1 to 4. */
function defaultSize(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}
