import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { getDocumentProxy } from 'unpdf';
import { TransactionRunner } from '../src/database/transaction.js';
import { buyerView } from '../src/modules/quote-documents/buyer-quote.view.js';
import { fill } from '../src/modules/quote-documents/labels/buyer.labels.js';
import { ru } from '../src/modules/quote-documents/labels/ru.labels.js';
import { buyerState } from '../src/modules/quotes/domain/quote-status.js';
import { BuyerQuotesRepository } from '../src/modules/quotes/repositories/buyer-quotes.repository.js';
import { renderQuotePdf } from '../src/modules/quote-documents/quote-pdf.layout.js';
import { DIST, cleanEnv } from './support/processes.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { apiSteps, type Json } from './support/api-client.js';

/** supertest reads a PDF into a Buffer. */
const binary = (res: Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

const STORE = 'Кофейня «Бодрость»';
const ADDRESS = ['ул. Лесная, 5', '125047 Москва'];
const PHONE = '+7 495 123-45-67';
const SELLER = { name: STORE, email: 'zakaz@example.test', address: ADDRESS, phone: PHONE };
// Left-to-right strings: read back exactly as written.
const CYRILLIC = 'Кофемашина «Утро»';
const CHINESE = '办公椅 人体工学';
const GREEK = 'Ελληνικός καφές';
const KOREAN = '사무용 의자';
const EMOJI = 'Mug ☕ 🙂';
const OPTION = 'Цвет';
const OPTION_VALUE = '红色';
const EXTRA = 'Подарочная упаковка';
// Right-to-left strings: pdf.js reads each word back in logical order; the spaces between words
// are its guess from the glyphs' positions, so these are compared word by word.
const HEBREW = 'כיסא משרדי שחור';
const ARABIC = 'كرسي مكتب مريح';
const ARABIC_EXTRA = 'تغليف هدية';
const QUOTE_NAME = `Офис — 办公室 — ${HEBREW}`;

interface TextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}
interface Page {
  width: number;
  height: number;
  text: string;
  items: TextItem[];
}

/** Every page of a PDF: its size in points, its text (pdf.js, as a reader extracts it) and its text items. */
async function readPdf(bytes: Buffer): Promise<Page[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const pages: Page[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const [x0, y0, x1, y1] = page.view;
    const content = await page.getTextContent();
    const items = content.items.flatMap((i) =>
      'str' in i ? [{ str: i.str, transform: i.transform, width: i.width, height: i.height, hasEOL: i.hasEOL }] : [],
    );
    pages.push({
      width: Math.round(x1 - x0),
      height: Math.round(y1 - y0),
      text: spaced(items.map((i) => i.str + (i.hasEOL ? '\n' : '')).join('')),
      items: items.filter((i) => i.str.trim() !== ''),
    });
  }
  return pages;
}

/** pdf.js reads no-break and narrow spaces (some locales' amounts) as spaces. */
const spaced = (s: string) => s.replace(/[\u00a0\u202f\u2009]/g, ' ');

/** The words of a right-to-left string not found, in order, in the text (spaces aside). */
const missingWords = (text: string, phrase: string) => phrase.split(' ').filter((w) => !text.replace(/\s+/g, '').includes(w));

/** Pairs of text items of a page whose boxes overlap: two cells' text running into each other. */
function overlaps(page: Page): string[] {
  const box = (i: TextItem) => ({ x0: i.transform[4], x1: i.transform[4] + i.width, y0: i.transform[5], y1: i.transform[5] + i.height });
  const found: string[] = [];
  page.items.forEach((a, i) =>
    page.items.slice(i + 1).forEach((b) => {
      const [p, q] = [box(a), box(b)];
      const vertical = Math.min(p.y1, q.y1) - Math.max(p.y0, q.y0);
      const horizontal = Math.min(p.x1, q.x1) - Math.max(p.x0, q.x0);
      if (vertical > 1 && horizontal > 0.5) found.push(`${JSON.stringify(a.str)} × ${JSON.stringify(b.str)}`);
    }),
  );
  return found;
}

describeE2E('the quote PDF in any script', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let quote: Json;

  const post = apiSteps(
    () => t,
    () => auth,
  ).create;
  const pdfOf = async (key: string | number) => {
    const res = await t.http.get(`/quote/${key}/pdf`).set(auth).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    return { body: res.body as Buffer, etag: res.headers.etag as string };
  };

  beforeAll(async () => {
    t = await bootTestApp('quote_pdf_scripts', {
      LOCALE: 'ru-RU',
      CURRENCY: 'RUB',
      STORE_NAME: STORE,
      STORE_EMAIL: 'zakaz@example.test',
      STORE_ADDRESS: ADDRESS.join('|'),
      STORE_PHONE: PHONE,
    });
    auth = { Authorization: `Bearer ${await t.token()}` };
    await post('/product', { name: CYRILLIC, sku: 'CYR', base_price: '19.99' });
    await post('/product/CYR/option', { name: OPTION, values: [OPTION_VALUE, 'синий'] });
    await post('/product/CYR/variant', { sku: 'CYR-R', options: { [OPTION]: OPTION_VALUE } });
    await post('/product/CYR/variant', { sku: 'CYR-B', options: { [OPTION]: 'синий' } });
    await post('/product/CYR/extra', { sku: 'WRAP', name: EXTRA, price: '2.00' });
    await post('/product', { name: CHINESE, sku: 'ZH', base_price: '120.00' });
    await post('/product', { name: GREEK, sku: 'EL', base_price: '4.50' });
    await post('/product', { name: KOREAN, sku: 'KO', base_price: '6.00' });
    await post('/product/EL/extra', { sku: 'AR-WRAP', name: ARABIC_EXTRA, price: '1.00' });
    await post('/product', { name: HEBREW, sku: 'HE', base_price: '89.00' });
    await post('/product', { name: ARABIC, sku: 'AR', base_price: '75.00' });
    await post('/product', { name: EMOJI, sku: 'MUG', base_price: '9.90' });
    await post('/product', { name: 'Сервер', sku: 'MAX', base_price: '9999999999.99' });
    const id = async (sku: string) => (await t.http.get(`/product/${sku}`).set(auth)).body.data.id as number;
    quote = await post('/quote', {
      name: QUOTE_NAME,
      items: [
        { product_id: await id('CYR'), quantity: 2, options: { [OPTION]: OPTION_VALUE }, extras: ['WRAP'] },
        { product_id: await id('ZH'), quantity: 1 },
        { product_id: await id('EL'), quantity: 3, extras: ['AR-WRAP'] },
        { product_id: await id('KO'), quantity: 1 },
        { product_id: await id('HE'), quantity: 1 },
        { product_id: await id('AR'), quantity: 1 },
        { product_id: await id('MUG'), quantity: 4 },
      ],
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('draws every name, option, extra and the store’s name as written: no "?" for a character the font lacked', async () => {
    const { body } = await pdfOf(quote.id);
    const [page, ...more] = await readPdf(body);
    expect(more).toHaveLength(0);
    for (const expected of [
      STORE,
      ...ADDRESS,
      'zakaz@example.test',
      PHONE,
      CYRILLIC,
      CHINESE,
      GREEK,
      KOREAN,
      EMOJI,
      `${OPTION}: ${OPTION_VALUE}`,
      `+ ${EXTRA} (2,00\u00a0₽)`,
    ]) {
      expect({ expected, found: page.text.includes(spaced(expected)) }).toEqual({ expected, found: true });
    }
    for (const phrase of [HEBREW, ARABIC, ARABIC_EXTRA])
      expect({ phrase, missing: missingWords(page.text, phrase) }).toEqual({ phrase, missing: [] });
    expect(page.text).toContain('Офис — 办公室 —');
    // Amounts as the store's locale writes them, the rouble sign included.
    expect(page.text).toContain(spaced(new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' }).format(Number(quote.total))));
    expect(page.text).toContain('21,99 ₽'); // 19,99 and the 2,00 extra
    expect(page.text).not.toContain('?');
    // Nor a control character: what a reader gets for a glyph mapped to no text.
    expect([...page.text].filter((c) => c < ' ' && c !== '\n')).toEqual([]);
    // The store's language (ru-RU): its words for the quote number and the page.
    expect(page.text).toContain(fill(ru.quoteNumber, { number: quote.number }));
    expect(page.text).toContain(fill(ru.pageOf, { n: 1, of: 1 }));
    // ru-RU: A4.
    expect([page.width, page.height]).toEqual([595, 842]);
  });

  it('is a tagged PDF 1.7 with its language and title, and carries its own fonts (subsets), none of the standard 14', async () => {
    const { body } = await pdfOf(quote.number);
    const raw = body.toString('latin1');
    expect(raw.startsWith('%PDF-1.7')).toBe(true);
    expect(raw).toMatch(/\/MarkInfo (\d+) 0 R/);
    const markInfo = /\/MarkInfo (\d+) 0 R/.exec(raw)![1];
    expect(raw).toMatch(new RegExp(`\\n${markInfo} 0 obj\\n<<\\n/Marked true\\n>>`));
    expect(raw).toContain('/StructTreeRoot');
    expect(raw).toContain('/Lang (ru-RU)');
    expect(raw).toContain('/DisplayDocTitle true');
    for (const tag of ['/S /Document', '/S /H1', '/S /Table', '/S /TR', '/S /TH', '/S /TD', '/S /P'])
      expect({ tag, found: raw.includes(tag) }).toEqual({ tag, found: true });
    const descriptors = raw.match(/\/Type \/FontDescriptor/g) ?? [];
    expect(descriptors.length).toBeGreaterThan(3);
    expect((raw.match(/\/FontFile2 /g) ?? []).length).toBe(descriptors.length);
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier|Symbol|ZapfDingbats)/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
    // The title in any script: the document information dictionary holds it as UTF-16.
    const pdf = await getDocumentProxy(new Uint8Array(body));
    const { info } = (await pdf.getMetadata()) as { info: Json };
    expect(info).toMatchObject({ Title: `${fill(ru.quoteNumber, { number: quote.number })}: ${QUOTE_NAME}`, Author: STORE });
  });

  it('gives the same bytes for the same quote, again and again (ETag too)', async () => {
    const first = await pdfOf(quote.id);
    const second = await pdfOf(quote.number);
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.etag).toBe(first.etag);
  });

  it('gives the same bytes in a process that drew other quotes first (as another host would)', () => {
    // Arabic letters that share a glyph body, in another order first: what the fonts keep between
    // renders must not change what a later quote's file says.
    const script = `
      const { createHash } = await import('node:crypto');
      const { renderQuotePdf } = await import(${JSON.stringify(join(DIST, 'modules', 'quote-documents', 'quote-pdf.layout.js'))});
      const { en } = await import(${JSON.stringify(join(DIST, 'modules', 'quote-documents', 'labels', 'en.labels.js'))});
      const quote = (name, items) => ({ number: 'Q1', name, state: 'open', expiresOn: null, items: items.map((n) => ({ name: n, sku: null,
        options: [['لون', 'أحمر (داكن)']], extras: [], quantity: 1, unitPrice: '1,00 ₪', discount: null, total: '1,00 ₪' })),
        subtotal: '1,00 ₪', discount: '0,00 ₪', tax: '0,00 ₪', total: '1,00 ₪', updatedAt: new Date(0), locale: 'he-IL',
        seller: { name: 'חנות', email: null, address: [], phone: null }, labels: en });
      if (process.argv[1] === 'warm') await renderQuotePdf(quote('هدية يتيم', ['ي ت ب ن', 'بيت', '(א) [ב]']));
      const bytes = await renderQuotePdf(quote('كرسي مكتب مريح — תמר (חדש)', ['تغليف هدية', 'مكتب', 'بيت يتيم']));
      console.log(createHash('sha256').update(bytes).digest('hex'));`;
    const run = (...args: string[]) => {
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, ...args], {
        env: cleanEnv(),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.stderr).toBe('');
      return r.stdout.trim();
    };
    const cold = run('cold');
    expect(cold).toMatch(/^[0-9a-f]{64}$/);
    expect(run('warm')).toBe(cold);
  });

  it('fits the largest amounts the API stores in their columns: no two cells run into each other', async () => {
    const id = (await t.http.get('/product/MAX').set(auth)).body.data.id as number;
    // 100 × 9 999 999 999,99 = 999 999 999 999,00: the largest unit price, and as large a line total as a quote may have.
    const big = await post('/quote', { name: 'Максимум', items: [{ product_id: id, quantity: 100 }] });
    expect(big).toMatchObject({ subtotal: '999999999999.00', total: '999999999999.00' });
    const [page] = await readPdf((await pdfOf(big.id)).body);
    expect(page.text).toContain('9 999 999 999,99 ₽');
    expect(page.text).toContain('999 999 999 999,00 ₽');
    expect(overlaps(page)).toEqual([]);
    // The same in the widest of the locales: Indian grouping, and a sign before a minus.
    const row = (await t.app.get(BuyerQuotesRepository).byId(t.app.get(TransactionRunner).direct, big.id))!;
    const record = { ...row, state: buyerState(row) };
    for (const [locale, currency] of [
      ['hi-IN', 'INR'],
      ['de-CH', 'CHF'],
      ['en-US', 'USD'],
      ['vi-VN', 'VND'],
    ]) {
      const pages = await readPdf(await renderQuotePdf(buyerView(record, { currency, locale, seller: SELLER })));
      expect({ locale, overlaps: overlaps(pages[0]) }).toEqual({ locale, overlaps: [] });
    }
  });

  it('puts the quote number and "Page N of M" on every page of a long quote', async () => {
    const ids = await Promise.all(
      ['CYR', 'ZH', 'EL', 'HE', 'AR', 'MUG'].map(async (sku) => (await t.http.get(`/product/${sku}`).set(auth)).body.data.id as number),
    );
    const items = Array.from({ length: 60 }, (_, i) =>
      i % 6 === 0 ? { product_id: ids[0], quantity: 1, options: { [OPTION]: OPTION_VALUE } } : { product_id: ids[i % 6], quantity: 1 + i },
    );
    const long = await post('/quote', { name: 'Большой заказ', items });
    const pages = await readPdf((await pdfOf(long.id)).body);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect({
        page: i + 1,
        number: page.text.includes(fill(ru.quoteNumber, { number: long.number })),
        of: page.text.includes(fill(ru.pageOf, { n: i + 1, of: pages.length })),
      }).toEqual({
        page: i + 1,
        number: true,
        of: true,
      });
      expect({ page: i + 1, overlaps: overlaps(page) }).toEqual({ page: i + 1, overlaps: [] });
    });
    // Every item is there once, the heading row on every page.
    const all = pages.map((p) => p.text).join('\n');
    expect(all.split(CHINESE).length - 1).toBe(10);
    for (const page of pages) expect(page.text).toContain(ru.unitPrice);
  });

  it('in every locale and currency: the currency sign drawn, no "?", Letter for the US and Canada and A4 elsewhere', async () => {
    const row = (await t.app.get(BuyerQuotesRepository).byId(t.app.get(TransactionRunner).direct, quote.id))!;
    const record = { ...row, state: buyerState(row) };
    const cases: [string, string, 'A4' | 'Letter'][] = [
      ['ru-RU', 'RUB', 'A4'],
      ['en-US', 'USD', 'Letter'],
      ['en-CA', 'CAD', 'Letter'],
      ['fr-CA', 'CAD', 'Letter'],
      ['de-DE', 'EUR', 'A4'],
      ['en-GB', 'GBP', 'A4'],
      ['he-IL', 'ILS', 'A4'],
      ['ja-JP', 'JPY', 'A4'],
      ['zh-CN', 'CNY', 'A4'],
      ['pl-PL', 'PLN', 'A4'],
      ['hi-IN', 'INR', 'A4'],
      ['ko-KR', 'KRW', 'A4'],
      ['tr-TR', 'TRY', 'A4'],
      ['uk-UA', 'UAH', 'A4'],
      ['vi-VN', 'VND', 'A4'],
    ];
    for (const [locale, currency, paper] of cases) {
      const view = buyerView(record, { currency, locale, seller: SELLER });
      const [page] = await readPdf(await renderQuotePdf(view));
      const sign = new Intl.NumberFormat(locale, { style: 'currency', currency })
        .formatToParts(1)
        .find((p) => p.type === 'currency')!.value;
      // he-IL writes its amounts with right-to-left marks, which move the space before the sign to
      // the other end of the number in a left-to-right line (as a browser shows it): compared
      // without spaces and marks.
      const compact = (s: string) => s.replace(/[\s\u200e\u200f]/g, '');
      const total = compact(view.total);
      expect({
        locale,
        sign: page.text.includes(sign),
        total: compact(page.text).includes(total),
        question: page.text.includes('?'),
      }).toEqual({
        locale,
        sign: true,
        total: true,
        question: false,
      });
      expect({ locale, size: [page.width, page.height] }).toEqual({ locale, size: paper === 'Letter' ? [612, 792] : [595, 842] });
    }
  });
});
