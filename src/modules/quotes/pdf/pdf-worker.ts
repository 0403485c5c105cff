import { serveTasks } from '../../../common/threads/thread-task.js';
import type { BuyerQuote } from '../domain/buyer-view.js';
import { renderQuotePdf } from './quote-pdf.js';

/**
 * A thread of the PDF pool (render-pool.ts): renders one quote at a time and answers with its
 * bytes. It holds no state besides the fonts it has loaded.
 */
serveTasks<BuyerQuote, Uint8Array>(renderQuotePdf);
