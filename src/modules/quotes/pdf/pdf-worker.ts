import { parentPort } from 'node:worker_threads';
import type { BuyerQuote } from '../domain/buyer-view.js';
import { renderQuotePdf } from './quote-pdf.js';

/**
 * A thread of the PDF pool (render-pool.ts): renders one quote at a time and answers with its
 * bytes, or with the error's message and stack. It holds no state besides the fonts it has loaded.
 */
export interface RenderRequest {
  id: number;
  quote: BuyerQuote;
}
export type RenderReply = { id: number; pdf: Uint8Array } | { id: number; error: { message: string; stack?: string } };

parentPort?.on('message', (request: RenderRequest) => {
  // A render that throws at once fails its request too, not the thread.
  Promise.resolve(request.quote)
    .then(renderQuotePdf)
    .then(
      (pdf) => parentPort!.postMessage({ id: request.id, pdf } satisfies RenderReply),
      (e: unknown) => {
        const error = e instanceof Error ? { message: e.message, stack: e.stack } : { message: String(e) };
        parentPort!.postMessage({ id: request.id, error } satisfies RenderReply);
      },
    );
});
