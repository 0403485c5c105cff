import { availableParallelism } from 'node:os';
import { ThreadPool, threadFile } from '../threads/thread-pool.js';
import type { PdfRenderTask } from './pdf-render.worker.js';

/** The render threads' young generation (new space and its large objects), whatever the process's own. */
const RENDER_YOUNG_GENERATION_MB = 6;

/**
 * Renders PDFs on worker threads (pdf-render.worker.ts), so a long one (hundreds of lines in many
 * scripts, seconds of CPU) never holds the event loop that answers requests. What is drawn is a
 * layout's: the compiled module at `layout` (a file path, as `threadFile` finds it) whose default
 * export turns an input into the PDF's bytes; the thread loads it once. An idle thread ends after
 * `idleMs` (its fonts cost memory).
 */
export class PdfRenderPool<I> {
  private readonly pool: ThreadPool<PdfRenderTask<I>, Uint8Array>;

  constructor(
    private readonly layout: string,
    size = defaultSize(),
    idleMs = 60_000,
  ) {
    // A small nursery: a render's garbage is short-lived, and with the process's 16 MiB semi-spaces the
    // thread's heap grew to 70–85 MiB for four 500-line quotes (bench/README.md, "PDF render threads").
    this.pool = new ThreadPool('PDF render', threadFile(import.meta.url, 'pdf-render.worker.js'), size, idleMs, {
      resourceLimits: { maxYoungGenerationSizeMb: RENDER_YOUNG_GENERATION_MB },
    });
  }

  async render(input: I): Promise<Buffer> {
    const pdf = await this.pool.run({ layout: this.layout, input });
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
