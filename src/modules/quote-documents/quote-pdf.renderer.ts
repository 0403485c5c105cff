import { createHash } from 'node:crypto';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PdfRenderPool } from '../../common/pdf/pdf-render.pool.js';
import { threadFile } from '../../common/threads/thread-pool.js';
import type { BuyerQuote } from './buyer-quote.view.js';

/** How many quotes' PDFs are kept, and how many bytes at most in all. */
const CACHE_ENTRIES = 64;
const CACHE_BYTES = 64 * 1024 * 1024;

/** The quote's layout (quote-pdf.layout.ts), as the render threads load it. */
export const QUOTE_PDF_LAYOUT = threadFile(import.meta.url, 'quote-pdf.layout.js');

/**
 * A quote's PDF, as every door asks for it (GET /quote/{id}/pdf, the cart page's link, the
 * send-quote attachment): rendered on the PDF render pool's threads (common/pdf), and reused while the quote reads
 * the same. The PDF is a function of the BuyerQuote alone (renderQuotePdf: same input, same bytes),
 * so the kept copy is keyed by a hash of all of it — the revision and updated_at, the state as of
 * now (an expiry passing changes it), the store's name, address, locale and currency — and any of
 * them changing makes a new render. One copy per quote, the least recently used dropped first;
 * requests for the same PDF while it renders share that one render.
 */
@Injectable()
export class QuotePdfs implements OnModuleDestroy {
  private readonly pool = new PdfRenderPool<BuyerQuote>(QUOTE_PDF_LAYOUT);
  /** By quote number, in order of use (the oldest first). */
  private readonly kept = new Map<string, { key: string; pdf: Buffer }>();
  private keptBytes = 0;
  private readonly rendering = new Map<string, Promise<Buffer>>();

  async render(quote: BuyerQuote): Promise<Buffer> {
    const key = createHash('sha256').update(JSON.stringify(quote)).digest('base64');
    const hit = this.kept.get(quote.number);
    if (hit?.key === key) {
      this.kept.delete(quote.number);
      this.kept.set(quote.number, hit);
      return hit.pdf;
    }
    const running = this.rendering.get(key);
    if (running) return running;
    const render = this.pool.render(quote).finally(() => this.rendering.delete(key));
    this.rendering.set(key, render);
    const pdf = await render;
    this.keep(quote.number, key, pdf);
    return pdf;
  }

  private keep(number: string, key: string, pdf: Buffer): void {
    const old = this.kept.get(number);
    if (old) {
      this.kept.delete(number);
      this.keptBytes -= old.pdf.length;
    }
    if (pdf.length > CACHE_BYTES) return;
    this.kept.set(number, { key, pdf });
    this.keptBytes += pdf.length;
    for (const [n, entry] of this.kept) {
      if (this.kept.size <= CACHE_ENTRIES && this.keptBytes <= CACHE_BYTES) break;
      this.kept.delete(n);
      this.keptBytes -= entry.pdf.length;
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool.close();
  }
}
