import { getDocumentProxy, getMeta } from 'unpdf';
import type { BuyerQuote } from './buyer-quote.view.js';
import { en } from './labels/buyer.labels.js';
import { xmlText } from '../../common/pdf/pdf-document.setup.js';
import { renderQuotePdf } from './quote-pdf.layout.js';

const MARKUP = 'Evil</rdf:li></rdf:Alt></dc:title><dc:rights>owned & "kept"</dc:rights><dc:title><rdf:Alt><rdf:li>';

const quote = (name: string, seller: string): BuyerQuote => ({
  storeName: seller,
  locale: 'en-US',
  seller: { name: seller, email: null, address: [], phone: null },
  labels: en,
  id: 1,
  number: 'Q1001',
  name,
  cartLinkId: 'abcdefghijklmnop',
  cartLinkVersion: 1,
  state: 'open',
  expiresAt: null,
  expiresOn: null,
  acceptedAt: null,
  declinedAt: null,
  acceptedOn: null,
  declinedOn: null,
  declineReason: null,
  revision: 1,
  items: [],
  subtotal: '$0.00',
  discount: '$0.00',
  tax: '$0.00',
  total: '$0.00',
  updatedAt: new Date('2025-03-01T14:05:00Z'),
});

/** The XMP packet as the file carries it (PDFKit writes it uncompressed). */
const xmp = (pdf: Buffer) => {
  const text = pdf.toString('latin1');
  return text.slice(text.indexOf('<x:xmpmeta'), text.indexOf('</x:xmpmeta>') + '</x:xmpmeta>'.length);
};

describe('the quote PDF’s metadata', () => {
  it('carries a name with markup as text in XMP and in Info: nothing a client writes becomes an element', async () => {
    const pdf = await renderQuotePdf(quote(MARKUP, 'Shop <b>&</b>'));
    const packet = xmp(pdf);
    expect(packet).not.toContain('<dc:rights>');
    expect(packet).toContain(`<rdf:li xml:lang="x-default">Quote Q1001: ${xmlText(MARKUP)}</rdf:li>`);
    expect(packet).toContain('<rdf:li>Shop &lt;b&gt;&amp;&lt;/b&gt;</rdf:li>');
    // A reader (pdf.js) reads both back as written.
    const meta = await getMeta(await getDocumentProxy(new Uint8Array(pdf)));
    expect((meta.info as { Title: string }).Title).toBe(`Quote Q1001: ${MARKUP}`);
    expect((meta.info as { Author: string }).Author).toBe('Shop <b>&</b>');
    expect(meta.metadata?.get('dc:title')).toBe(`Quote Q1001: ${MARKUP}`);
    expect(meta.metadata?.get('dc:rights')).toBeNull();
  });

  it('gives a plain name the bytes it always had', async () => {
    expect(xmp(await renderQuotePdf(quote('Office chairs', 'Shop')))).toContain(
      '<rdf:li xml:lang="x-default">Quote Q1001: Office chairs</rdf:li>',
    );
  });
});

describe('xmlText', () => {
  it('escapes markup and replaces what XML 1.0 cannot carry', () => {
    expect(xmlText(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
    expect(xmlText('x\u0000y\u0008z\tok\u{1F642}\uD800')).toBe('x\uFFFDy\uFFFDz\tok\u{1F642}\uFFFD');
  });
});
