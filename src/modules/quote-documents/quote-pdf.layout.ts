import PDFDocument from 'pdfkit';
import { PAPER, escapedXmp, paperFor } from '../../common/pdf/pdf-document.setup.js';
import { type Cursor, type TextStyle, drawLine, finishFonts, widthOf, wrap } from '../../common/pdf/text-runs.typesetter.js';
import type { BuyerItem, BuyerQuote } from './buyer-quote.view.js';
import { type Labels, fill } from './labels/buyer.labels.js';

/**
 * The quote as a PDF, drawn with PDFKit from the same BuyerQuote the cart page shows. Text in any
 * script: Noto fonts, embedded as subsets, chosen character by character (common/pdf/fonts.registry.ts),
 * shaped by fontkit, laid out in bidirectional order (common/pdf/bidi.algorithm.ts). The PDF is tagged (structure, language,
 * title), on Letter paper for the US and Canada and A4 elsewhere, and every page carries the quote
 * number and "Page N of M". The file's dates are the quote's `updated_at` and nothing else varies,
 * so the same quote gives the same bytes (and the same ETag).
 */

/** Every fixed word of the PDF. */
/** The PDF's fixed words, in the language of the quote's labels (LOCALE's). */
function pdfLabels(l: Labels) {
  return {
    quoteNumber: (number: string) => fill(l.quoteNumber, { number }),
    item: l.item,
    quantity: l.qty,
    unitPrice: l.unitPrice,
    discount: l.discount,
    total: l.total,
    subtotal: l.subtotal,
    tax: l.tax,
    sku: l.sku,
    noItems: l.noItems,
    noDiscount: '-',
    page: (n: number, of: number) => fill(l.pageOf, { n, of }),
    acceptedOn: (date: string) => fill(l.pdfAcceptedOn, { date }),
    acceptedOrdered: (date: string) => fill(l.pdfAcceptedOrdered, { date }),
    ordered: l.pdfOrdered,
    declinedOn: (date: string) => fill(l.pdfDeclinedOn, { date }),
    expiredOn: (date: string) => fill(l.expiredOn, { date }),
    validUntil: (date: string) => fill(l.pdfValidUntil, { date }),
    noExpiry: l.noExpiry,
  };
}
type PdfLabels = ReturnType<typeof pdfLabels>;

const MARGIN = 50;
const FOOTER = 28; // room kept under the content for the footer line
const INK = '#1d2330';
const MUTED = '#4a5568';
const LINE_HEIGHT = 1.35;
const ASCENT = 1.07; // Noto Sans's ascender, in ems: where the first baseline sits below a line's top
const GAP = 8;
// Quantity, unit price, discount, total: wide enough at 10 pt for most amounts; a wider one is set
// smaller until it fits (the largest the API stores, -999,999,999,999.99 in any currency, fits at 6 pt).
const NUMBER_COLUMNS = [50, 84, 84, 98];
const TOTALS_WIDTH = 170;

type Align = 'left' | 'right';
const REGULAR = (size: number): TextStyle => ({ weight: 400, size });
const BOLD = (size: number): TextStyle => ({ weight: 700, size });

/** The layout the PDF render threads load (common/pdf/pdf-render.worker.ts). */
export default renderQuotePdf;

export function renderQuotePdf(q: BuyerQuote): Promise<Buffer> {
  const words = pdfLabels(q.labels);
  const paper = paperFor(q.locale);
  const [pageWidth, pageHeight] = PAPER[paper];
  const doc = new PDFDocument({
    size: paper,
    margin: MARGIN,
    bufferPages: true,
    pdfVersion: '1.7',
    tagged: true,
    lang: q.locale,
    displayTitle: true,
    info: {
      Title: `${words.quoteNumber(q.number)}: ${q.name}`,
      Author: q.seller.name,
      CreationDate: q.updatedAt,
      ModDate: q.updatedAt,
    },
  });
  escapedXmp(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const cursor = doc as unknown as Cursor;
  const left = MARGIN;
  const width = pageWidth - 2 * MARGIN;
  const bottom = pageHeight - MARGIN - FOOTER;
  let y = MARGIN;

  /** Wrapped text from the top `top`; returns its height. */
  const paragraph = (text: string, style: TextStyle, x: number, top: number, w: number, color: string, align: Align = 'left') => {
    const lines = wrap(text, style, w);
    doc.fillColor(color);
    lines.forEach((line, i) => {
      const baseline = top + i * style.size * LINE_HEIGHT + style.size * ASCENT;
      drawLine(cursor, line, style, align === 'right' ? x + w : x, baseline, align);
    });
    return lines.length * style.size * LINE_HEIGHT;
  };
  const heightOf = (text: string, style: TextStyle, w: number) => wrap(text, style, w).length * style.size * LINE_HEIGHT;
  /** One line, set smaller than `style` when it would not fit the width: amounts never run into each other. */
  const fitted = (text: string, style: TextStyle, x: number, top: number, w: number, align: Align) => {
    const natural = widthOf(text, style);
    const size = natural > w ? (style.size * w) / natural : style.size;
    doc.fillColor(INK);
    drawLine(cursor, text, { ...style, size }, align === 'right' ? x + w : x, top + style.size * ASCENT, align);
  };
  const rule = (at: number, color: string) => {
    doc.markContent('Artifact', { type: 'Layout' });
    doc
      .moveTo(left, at)
      .lineTo(left + width, at)
      .strokeColor(color)
      .lineWidth(0.5)
      .stroke();
    doc.endMarkedContent();
  };

  const root = doc.struct('Document');
  doc.addStructure(root);
  /** A structure element whose content is what `draw` puts on the page. */
  const tag = (type: string, draw: () => unknown, options: object = {}) =>
    doc.struct(type, options as PDFKit.Mixins.StructureElementOptions, () => void draw());

  // The seller, the quote's name and number, where it stands.
  const seller = [...q.seller.address, ...(q.seller.email ? [q.seller.email] : []), ...(q.seller.phone ? [q.seller.phone] : [])];
  root.add(
    tag('P', () => {
      y += paragraph(q.seller.name, BOLD(12), left, y, width, INK);
      for (const line of seller) y += paragraph(line, REGULAR(9), left, y, width, MUTED);
    }),
  );
  y += 14;
  root.add(tag('H1', () => (y += paragraph(q.name, BOLD(20), left, y, width, INK))));
  y += 2;
  root.add(tag('P', () => (y += paragraph(words.quoteNumber(q.number), REGULAR(11), left, y, width, MUTED))));
  y += 8;
  root.add(tag('P', () => (y += paragraph(stateLine(q, words), REGULAR(10), left, y, width, INK))));
  y += 14;

  // The items: a table whose heading row is repeated on every page it runs onto.
  const itemWidth = width - NUMBER_COLUMNS.reduce((a, b) => a + b + GAP, 0);
  const columns: { x: number; width: number; align: Align }[] = [{ x: left, width: itemWidth, align: 'left' }];
  let x = left + itemWidth;
  for (const w of NUMBER_COLUMNS) {
    x += GAP;
    columns.push({ x, width: w, align: 'right' });
    x += w;
  }
  const table = doc.struct('Table');
  root.add(table);
  const headings = () => {
    const row = doc.struct('TR');
    table.add(row);
    [words.item, words.quantity, words.unitPrice, words.discount, words.total].forEach((h, i) => {
      const c = columns[i];
      row.add(tag('TH', () => fitted(h, BOLD(9), c.x, y, c.width, c.align), { scope: 'Column' }));
    });
    row.end();
    rule(y + 14, '#c7ccd4');
    y += 20;
  };
  headings();
  for (const item of q.items) {
    const details = detailLines(item, words).join('\n');
    const nameHeight = heightOf(item.name, BOLD(10), itemWidth);
    const detailHeight = details ? heightOf(details, REGULAR(8.5), itemWidth) + 2 : 0;
    const height = Math.max(nameHeight + detailHeight, 10 * LINE_HEIGHT) + 10;
    if (y + height > bottom && y > MARGIN + 40) {
      doc.addPage();
      y = MARGIN;
      headings();
    }
    const top = y;
    const row = doc.struct('TR');
    table.add(row);
    row.add(
      tag('TD', () => {
        paragraph(item.name, BOLD(10), left, top, itemWidth, INK);
        if (details) paragraph(details, REGULAR(8.5), left, top + nameHeight + 2, itemWidth, MUTED);
      }),
    );
    const cells = [String(item.quantity), item.unitPrice, item.discount ? `-${item.discount}` : words.noDiscount, item.total];
    cells.forEach((cell, i) => {
      const c = columns[i + 1];
      row.add(tag('TD', () => fitted(cell, REGULAR(10), c.x, top, c.width, c.align)));
    });
    row.end();
    rule(top + height - 4, '#e2e6ec');
    y = top + height;
  }
  table.end();
  if (q.items.length === 0) root.add(tag('P', () => (y += paragraph(words.noItems, REGULAR(10), left, y, width, INK))));

  // The totals, right-aligned under the amount columns.
  const totals: [string, string, boolean][] = [
    [words.subtotal, q.subtotal, false],
    [words.discount, q.discount, false],
    [words.tax, q.tax, false],
    [words.total, q.total, true],
  ];
  if (y + totals.length * 18 + 20 > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  y += 10;
  const labelX = left + width - TOTALS_WIDTH - GAP - 110;
  for (const [label, amount, grand] of totals) {
    const style = grand ? BOLD(12) : REGULAR(10);
    const top = y;
    root.add(
      tag('P', () => {
        fitted(label, style, labelX, top, 110, 'left');
        fitted(amount, style, left + width - TOTALS_WIDTH, top, TOTALS_WIDTH, 'right');
      }),
    );
    y = top + (grand ? 20 : 16);
  }
  root.end();

  // Every page: the quote's number and "Page N of M", outside the document's structure.
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    doc.markContent('Artifact', { type: 'Pagination' });
    const baseline = pageHeight - MARGIN + 8;
    doc.fillColor(MUTED);
    drawLine(cursor, words.quoteNumber(q.number), REGULAR(8), left, baseline, 'left');
    drawLine(cursor, words.page(i - start + 1, count), REGULAR(8), left + width, baseline, 'right');
    doc.endMarkedContent();
  }
  finishFonts(cursor);
  doc.end();
  return done;
}

function stateLine(q: BuyerQuote, words: PdfLabels): string {
  if (q.state === 'accepted') return words.acceptedOn(q.acceptedOn!);
  if (q.state === 'ordered') return q.acceptedOn ? words.acceptedOrdered(q.acceptedOn) : words.ordered;
  if (q.state === 'declined') return words.declinedOn(q.declinedOn!);
  if (q.state === 'expired') return words.expiredOn(q.expiresOn!);
  return q.expiresOn ? words.validUntil(q.expiresOn) : words.noExpiry;
}

/** What is under an item's name: its SKU, chosen options, and extras with their prices. */
function detailLines(item: BuyerItem, words: PdfLabels): string[] {
  return [
    ...(item.sku ? [`${words.sku} ${item.sku}`] : []),
    ...item.options.map(([name, value]) => `${name}: ${value}`),
    ...item.extras.map((x) => `+ ${x.name} (${x.price})`),
  ];
}
