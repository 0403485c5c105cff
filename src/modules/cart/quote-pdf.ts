import PDFDocument from 'pdfkit';
import type { BuyerItem, BuyerQuote } from '../quotes/domain/buyer-view.js';

/**
 * The quote as a PDF, drawn with PDFKit from the same BuyerQuote the cart page shows. It uses the
 * PDF standard fonts (no font files to ship), which cover the Windows-1252 characters: anything
 * outside them is written as "?". The file's dates are the quote's `updated_at`, so the same quote
 * gives the same bytes (and the same ETag).
 */

const PAGE = { size: 'A4' as const, margin: 50 };
const WIDTH = 595.28 - 2 * PAGE.margin;
const BOTTOM = 841.89 - PAGE.margin;
// Item, quantity, unit price, discount, total: x offset and width of each column.
const COLUMNS = [
  { x: 0, width: 215, align: 'left' as const },
  { x: 215, width: 45, align: 'right' as const },
  { x: 260, width: 75, align: 'right' as const },
  { x: 335, width: 75, align: 'right' as const },
  { x: 410, width: WIDTH - 410, align: 'right' as const },
];
const HEADINGS = ['Item', 'Qty', 'Unit price', 'Discount', 'Total'];

// Windows-1252's printable characters beyond Latin-1: what the standard fonts can draw there.
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can draw: thin and narrow spaces (some locales' currency formats) as spaces, the minus sign as a hyphen. */
export function pdfText(value: string): string {
  let out = '';
  for (const ch of value.replace(/[\u2009\u202f\u00a0]/g, ' ').replace(/\u2212/g, '-')) {
    const code = ch.codePointAt(0)!;
    out += (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch) ? ch : '?';
  }
  return out;
}

export function renderQuotePdf(q: BuyerQuote): Promise<Buffer> {
  const doc = new PDFDocument({
    ...PAGE,
    info: {
      Title: pdfText(`Quote ${q.number}: ${q.name}`),
      Author: pdfText(q.storeName),
      CreationDate: q.updatedAt,
      ModDate: q.updatedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = PAGE.margin;

  doc.font('Helvetica-Bold').fontSize(10).fillColor('#4a5568').text(pdfText(q.storeName.toUpperCase()), left, PAGE.margin);
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(20).fillColor('#1d2330').text(pdfText(q.name), { width: WIDTH });
  doc
    .moveDown(0.2)
    .font('Helvetica')
    .fontSize(11)
    .fillColor('#4a5568')
    .text(`Quote ${pdfText(q.number)}`);
  doc
    .moveDown(0.8)
    .fontSize(10)
    .fillColor('#1d2330')
    .text(pdfText(stateLine(q)), { width: WIDTH });
  doc.moveDown(1);

  const header = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#4a5568');
    HEADINGS.forEach((h, i) => doc.text(h, left + COLUMNS[i].x, y, { width: COLUMNS[i].width, align: COLUMNS[i].align }));
    doc
      .moveTo(left, y + 14)
      .lineTo(left + WIDTH, y + 14)
      .strokeColor('#c7ccd4')
      .lineWidth(0.5)
      .stroke();
    doc.x = left;
    doc.y = y + 20;
  };
  header();
  for (const item of q.items) {
    const lines = detailLines(item);
    doc.font('Helvetica-Bold').fontSize(10);
    const nameHeight = doc.heightOfString(pdfText(item.name), { width: COLUMNS[0].width });
    doc.font('Helvetica').fontSize(8.5);
    const detailHeight = lines.length ? doc.heightOfString(lines.map(pdfText).join('\n'), { width: COLUMNS[0].width }) + 2 : 0;
    const height = nameHeight + detailHeight + 10;
    if (doc.y + height > BOTTOM) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#1d2330').text(pdfText(item.name), left, y, { width: COLUMNS[0].width });
    if (lines.length) {
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .fillColor('#4a5568')
        .text(lines.map(pdfText).join('\n'), left, y + nameHeight + 2, { width: COLUMNS[0].width });
    }
    doc.font('Helvetica').fontSize(10).fillColor('#1d2330');
    const cells = [String(item.quantity), item.unitPrice, item.discount ? `-${item.discount}` : '-', item.total];
    cells.forEach((cell, i) =>
      doc.text(pdfText(cell), left + COLUMNS[i + 1].x, y, { width: COLUMNS[i + 1].width, align: COLUMNS[i + 1].align }),
    );
    doc
      .moveTo(left, y + height - 4)
      .lineTo(left + WIDTH, y + height - 4)
      .strokeColor('#e2e6ec')
      .lineWidth(0.5)
      .stroke();
    doc.x = left;
    doc.y = y + height;
  }
  if (q.items.length === 0) doc.font('Helvetica').fontSize(10).text('This quote has no items.', left, doc.y);

  const totals: [string, string, boolean][] = [
    ['Subtotal', q.subtotal, false],
    ['Discount', q.discount, false],
    ['Tax', q.tax, false],
    ['Total', q.total, true],
  ];
  if (doc.y + totals.length * 18 + 20 > BOTTOM) doc.addPage();
  doc.y += 10;
  for (const [label, amount, grand] of totals) {
    const y = doc.y;
    doc
      .font(grand ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(grand ? 12 : 10)
      .fillColor('#1d2330');
    doc.text(label, left + 260, y, { width: 150, align: 'left' });
    doc.text(pdfText(amount), left + 335, y, { width: WIDTH - 335, align: 'right' });
    doc.x = left;
    doc.y = y + (grand ? 20 : 16);
  }
  doc.end();
  return done;
}

function stateLine(q: BuyerQuote): string {
  if (q.state === 'accepted') return `Accepted on ${q.acceptedOn}.`;
  if (q.state === 'ordered') return q.acceptedOn ? `Accepted on ${q.acceptedOn}; ordered.` : 'Ordered.';
  if (q.state === 'declined') return `Declined on ${q.declinedOn}.`;
  if (q.state === 'expired') return `This quote expired on ${q.expiresOn}.`;
  return q.expiresOn ? `Valid until ${q.expiresOn}.` : 'This quote does not expire.';
}

/** What is under an item's name: its SKU, chosen options, and extras with their prices. */
function detailLines(item: BuyerItem): string[] {
  return [
    ...(item.sku ? [`SKU ${item.sku}`] : []),
    ...item.options.map(([name, value]) => `${name}: ${value}`),
    ...item.extras.map((x) => `+ ${x.name} (${x.price})`),
  ];
}
