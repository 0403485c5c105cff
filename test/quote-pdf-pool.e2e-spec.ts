import type { Response } from 'supertest';
import { BuyerQuotesService } from '../src/modules/quotes/buyer-quotes.service.js';
import type { BuyerQuote } from '../src/modules/quote-documents/buyer-quote.view.js';
import { renderQuotePdf } from '../src/modules/quote-documents/quote-pdf.layout.js';
import { PdfRenderPool } from '../src/common/pdf/pdf-render.pool.js';
import { QUOTE_PDF_LAYOUT, QuotePdfs } from '../src/modules/quote-documents/quote-pdf.renderer.js';
import { apiSteps, type Json } from './support/api-client.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

/** supertest reads a PDF into a Buffer. */
const binary = (res: Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

// Names in several scripts: each line of the PDF is shaped, and set in bidirectional order.
const NAMES = ['Кофемашина «Утро»', '办公椅 人体工学', 'כיסא משרדי שחור', 'كرسي مكتب مريح', '사무용 의자', 'Ελληνικός καφές'];

describeE2E('quote PDFs off the event loop', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let long: Json;
  let small: Json;
  const steps = apiSteps(
    () => t,
    () => auth,
  );
  const pdfOf = async (key: string | number) => {
    const res = await t.http.get(`/quote/${key}/pdf`).set(auth).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    return res.body as Buffer;
  };
  const buyerQuote = async (id: number) => (await t.app.get(BuyerQuotesService).byId(id)) as BuyerQuote;

  beforeAll(async () => {
    t = await bootTestApp('quote_pdf_pool');
    auth = { Authorization: `Bearer ${await t.token()}` };
    const ids: number[] = [];
    for (const [i, name] of NAMES.entries())
      ids.push((await steps.create('/product', { name, sku: `S-${i}`, base_price: `${i + 1}.50` })).id);
    const items = Array.from({ length: 500 }, (_, i) => ({ product_id: ids[i % ids.length], quantity: 1 + (i % 7) }));
    long = await steps.create('/quote', { name: `${NAMES[0]} — ${NAMES[2]}`, items });
    small = await steps.create('/quote', { name: 'Small', items: items.slice(0, 3) });
  });
  afterAll(() => t?.close());

  it('answers /health again and again while a 500-line quote in many scripts renders', async () => {
    let rendered = false;
    const pdf = pdfOf(long.id).then((body) => {
      rendered = true;
      return body;
    });
    // Health checks one after another for as long as the PDF takes: on the event loop, the render
    // would hold every one of them until it ended.
    let answered = 0;
    while (!rendered) {
      const res = await t.http.get('/health');
      expect(res.status).toBe(200);
      if (!rendered) answered++;
    }
    expect((await pdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect(answered).toBeGreaterThanOrEqual(5);
  });

  it('gives the same bytes as rendering on the event loop would', async () => {
    expect((await pdfOf(small.id)).equals(await renderQuotePdf(await buyerQuote(small.id)))).toBe(true);
  });

  it('reuses a quote’s PDF while the quote reads the same, and renders again once anything on it changes', async () => {
    const pdfs = t.app.get(QuotePdfs);
    const first = await pdfs.render(await buyerQuote(small.id));
    // The same quote read again: the kept copy itself, not a new render.
    expect(await pdfs.render(await buyerQuote(small.id))).toBe(first);
    // Requests for a PDF while it renders share the one render.
    const changed = { ...(await buyerQuote(small.id)), name: 'Shared' };
    const [a, b] = await Promise.all([pdfs.render(changed), pdfs.render({ ...changed })]);
    expect(a).toBe(b);
    // A new revision of the quote: a new PDF, and the HTTP answer is it.
    await steps.send('patch', `/quote/${small.id}`, { name: 'Small, renamed' });
    const renamed = await pdfs.render(await buyerQuote(small.id));
    expect(renamed).not.toBe(first);
    expect(renamed.equals(first)).toBe(false);
    expect((await pdfOf(small.id)).equals(renamed)).toBe(true);
    // The quote's state as of now (an expiry passing) and the store's words are part of what is kept.
    const now = await buyerQuote(small.id);
    expect(await pdfs.render({ ...now, state: 'expired', expiresOn: 'January 1, 2020' })).not.toBe(renamed);
    expect(await pdfs.render({ ...now, seller: { ...now.seller, name: 'Another store' } })).not.toBe(renamed);
  });

  it('runs at most `size` renders at a time, the others in order, and a failed render fails only its caller', async () => {
    const pool = new PdfRenderPool<BuyerQuote>(QUOTE_PDF_LAYOUT, 1, 1000);
    try {
      const quote = await buyerQuote(small.id);
      const broken = { ...quote, items: null } as unknown as BuyerQuote;
      const results = await Promise.allSettled([pool.render(quote), pool.render(broken), pool.render({ ...quote, name: 'After' })]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/^Error: .*items/);
    } finally {
      await pool.close();
    }
  });
});
