import { Module } from '@nestjs/common';
import { TemplateRenderer } from './mail-template.renderer.js';
import { QuotePdfs } from './quote-pdf.renderer.js';

/**
 * How a quote looks to its buyer, in every form it takes: the buyer's view (buyer-quote.view.ts)
 * with the labels of LOCALE's language, and the three renderings that read it and nothing else —
 * the cart page (cart.page.ts), the PDF (quote-pdf.layout.ts, rendered off the event loop and kept
 * by QuotePdfs) and the e-mails (quote-mail.context.ts over templates/, TemplateRenderer). It holds
 * no table and reads none: the quotes module builds the view, and the quotes, cart and send-quote
 * pipelines render it.
 */
@Module({
  providers: [QuotePdfs, TemplateRenderer],
  exports: [QuotePdfs, TemplateRenderer],
})
export class QuoteDocumentsModule {}
