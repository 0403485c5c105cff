import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { describeBrowser, launchChromium, warnIfNoChromium } from './support/chromium.js';
import { pdfText } from './support/pdf-text.js';
import { type ApiProcess, startApi, waitFor } from './support/processes.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { describeE2E } from './support/test-app.js';
import { processSteps, type Json } from './support/api-client.js';

// These callbacks run in the page (page.evaluate), where the DOM's globals exist.
declare const getComputedStyle: (element: unknown) => { backgroundColor: string; display: string };
declare const document: {
  documentElement: { scrollWidth: number };
  body: { append(node: unknown): void };
  createElement(tag: 'canvas'): {
    id: string;
    width: number;
    height: number;
    style: Record<string, string>;
    getContext(kind: '2d'): unknown;
  };
};

/** pdf.js as unpdf ships it (one ES module, no worker file), for rendering the PDF's pages in the page. */
const PDFJS = join(import.meta.dirname, '..', 'node_modules', 'unpdf', 'dist', 'pdfjs.mjs');

warnIfNoChromium();

/** Screenshots of the page, kept for a person to look at (git-ignored). */
const SHOTS = join(import.meta.dirname, '..', 'test-results', 'cart');
const usd = (amount: string | number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(amount));

/**
 * The journey the specification describes, as a buyer makes it: the quote is sent, the e-mail
 * arrives at a real SMTP server, and its "Open your cart" link is opened in Chromium, checked
 * against the API's JSON, accepted; the PDF behind the page's link is read back.
 */
describeE2E('the cart link of a quote e-mail, opened in a browser', () => {
  describeBrowser('in chromium', () => {
    let sink: SmtpSink;
    let api: ApiProcess;
    let context: BrowserContext;
    let profile: string | undefined;

    const call = processSteps(() => api);

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      sink = await startSmtpSink();
      // No STORE_URL: the cart link points at this api's own page (http://localhost:PORT/cart/…).
      api = await startApi('cart_browser', { SMTP_URL: sink.url, STORE_NAME: 'Acme Supplies' });
      ({ context, profile } = await launchChromium());
    }, 90_000);
    afterAll(async () => {
      await context?.close();
      await api?.close();
      await sink?.close();
      if (profile) rmSync(profile, { recursive: true, force: true });
    });

    it('opens the e-mailed link, shows the API’s totals at phone and desktop widths, accepts the quote; the PDF holds it', async () => {
      await call('POST', '/country', { name: 'United States', code: 'US' });
      const standard = await call('POST', '/taxclass', { name: 'Standard', is_default: 1 });
      await call('POST', `/taxclass/${standard.id}/rate`, { country: 'US', rate: '8.25', priority: 1, tax_name: 'Sales tax' });
      const buyer = await call('POST', '/customer', { email: 'buyer@example.test', first_name: 'Bea' });
      await call('POST', `/customer/${buyer.id}/addresses`, { kind: 'shipping', country_code: 'US', city: 'Austin', postal_code: '73301' });
      await call('POST', '/coupon', { code: 'SPRING', discount_type: 'fixed_amount', discount_value: '5.00' });
      const chair = await call('POST', '/product', { name: 'Ergonomic office chair', sku: 'CHAIR', base_price: '189.00' });
      await call('POST', '/product/CHAIR/option', { name: 'Color', values: ['Graphite', 'Sand'] });
      await call('POST', '/product/CHAIR/variant', { sku: 'CHAIR-G', options: { Color: 'Graphite' } });
      await call('POST', '/product/CHAIR/variant', { sku: 'CHAIR-S', options: { Color: 'Sand' } });
      await call('POST', '/product/CHAIR/extra', { sku: 'ARMS', name: 'Adjustable arms', price: '24.50' });
      const lamp = await call('POST', '/product', { name: 'Desk lamp <LED>', sku: 'LAMP', base_price: '39.90' });
      const created = await call('POST', '/quote', {
        name: 'Office refit',
        customer_id: buyer.id,
        coupon_code: 'SPRING',
        expires_x_days: 14,
        items: [
          { product_id: chair.id, quantity: 4, options: { Color: 'Sand' }, extras: ['ARMS'] },
          { product_id: lamp.id, quantity: 3 },
        ],
      });

      await call('POST', `/quote/${created.number}/send-quote`, {});
      const mail = await waitFor(() => sink.accepted().find((m) => m.rcptTo.includes('buyer@example.test')), 'the quote e-mail');
      const link = /Open your cart: (\S+)/.exec(mail.text)?.[1];
      expect(link).toBe(`http://localhost:${api.port}/cart/${created.cart_link_id}`);
      expect(mail.html).toContain(`<a href="${link}">Open your cart</a>`);

      const quote = await call('GET', `/quote/${created.id}`);
      const page = await context.newPage();
      try {
        await page.setViewportSize({ width: 1280, height: 900 });
        const response = await page.goto(link!);
        expect(response?.status()).toBe(200);
        expect(await page.title()).toBe(`Quote ${quote.number}: Office refit · Acme Supplies`);
        expect(await page.locator('h1').textContent()).toBe('Office refit');
        expect(await page.locator('.quote-number').textContent()).toBe(quote.number);

        // What the buyer reads is what the API says.
        const rows = page.locator('tr.item');
        expect(await rows.count()).toBe(quote.items.length);
        for (const [i, item] of (quote.items as Json[]).entries()) {
          const row = rows.nth(i);
          expect(await row.locator('.name').textContent()).toBe(item.product.name);
          expect(await row.locator('.quantity').textContent()).toBe(String(item.quantity));
          expect(await row.locator('.unit-price').textContent()).toBe(usd(item.price));
          expect(await row.locator('.discount').textContent()).toBe(Number(item.discount) ? `−${usd(item.discount)}` : '—');
          expect(await row.locator('.line-total').textContent()).toBe(usd(item.total));
        }
        expect(await rows.nth(0).locator('.choices li').allTextContents()).toEqual(['Color: Sand', '+ Adjustable arms ($24.50)']);
        const totals = {
          subtotal: await page.locator('[data-total="subtotal"]').textContent(),
          discount: await page.locator('[data-total="discount"]').textContent(),
          tax: await page.locator('[data-total="tax"]').textContent(),
          total: await page.locator('[data-total="total"]').textContent(),
        };
        expect(totals).toEqual({
          subtotal: usd(quote.subtotal),
          discount: usd(quote.total_discount),
          tax: usd(quote.total_tax),
          total: usd(quote.total),
        });
        expect(Number(quote.total_tax)).toBeGreaterThan(0);
        expect(Number(quote.total_discount)).toBe(5);

        // The stylesheet loads under the page's Content-Security-Policy: the button is styled.
        const button = page.getByRole('button', { name: 'Accept quote' });
        expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(31, 111, 235)');
        expect(await page.locator('table.items thead').evaluate((h) => getComputedStyle(h).display)).toBe('table-header-group');
        await page.screenshot({ path: join(SHOTS, 'quote-desktop.png'), fullPage: true });

        // At a phone's width the table becomes a list of cards, nothing runs off the side.
        await page.setViewportSize({ width: 390, height: 844 });
        expect(await page.locator('table.items thead').evaluate((h) => getComputedStyle(h).display)).toBe('none');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await page.screenshot({ path: join(SHOTS, 'quote-phone.png'), fullPage: true });

        // The PDF behind the page's link.
        const pdfHref = await page.locator('a.pdf').getAttribute('href');
        const pdf = await page.request.get(new URL(pdfHref!, link).toString());
        expect(pdf.status()).toBe(200);
        expect(pdf.headers()['content-type']).toBe('application/pdf');
        const { text } = await pdfText(await pdf.body());
        for (const expected of [
          `Quote ${quote.number}`,
          'Office refit',
          'Ergonomic office chair',
          'Color: Sand',
          '+ Adjustable arms ($24.50)',
          'Desk lamp <LED>',
          usd(quote.total),
        ]) {
          expect({ expected, found: text.includes(expected) }).toEqual({ expected, found: true });
        }

        // Accept: a plain form POST, then the confirmation.
        await Promise.all([page.waitForURL(link!), button.click()]);
        const note = page.locator('.state-accepted');
        await note.waitFor({ timeout: 10_000 });
        const accepted = await call('GET', `/quote/${created.id}`);
        expect(accepted).toMatchObject({ status: 'accepted', accepted_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
        expect(await note.textContent()).toContain('You accepted this quote on');
        expect(await page.getByRole('button', { name: 'Accept quote' }).count()).toBe(0);
        await page.screenshot({ path: join(SHOTS, 'quote-accepted-phone.png'), fullPage: true });
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.screenshot({ path: join(SHOTS, 'quote-accepted-desktop.png'), fullPage: true });
        for (const shot of ['quote-desktop.png', 'quote-phone.png', 'quote-accepted-phone.png', 'quote-accepted-desktop.png']) {
          expect(statSync(join(SHOTS, shot)).size).toBeGreaterThan(5000);
        }
      } finally {
        await page.close();
      }
    }, 90_000);

    it('renders each page of a quote PDF in any script with pdf.js in the browser (screenshots beside the page’s)', async () => {
      const names = [
        'Кофемашина «Утро»',
        '办公椅 人体工学',
        'Ελληνικός καφές',
        'כיסא משרדי שחור',
        'كرسي مكتب مريح',
        'Mug ☕ 🙂',
        '사무용 의자',
      ];
      const items: { product_id: number; quantity: number }[] = [];
      for (const [i, name] of names.entries()) {
        const product = await call('POST', '/product', { name, sku: `SCRIPT-${i}`, base_price: i === 0 ? '9999999999.99' : '19.99' });
        items.push({ product_id: product.id, quantity: i === 0 ? 1 : 2 });
      }
      const many = Array.from({ length: 24 }, (_, i) => items[1 + (i % 5)]);
      const q = await call('POST', '/quote', { name: 'Офис — 办公室 — מטבח — مطبخ', items: [...items, ...many] });
      const res = await fetch(`${api.url}/quote/${q.id}/pdf`, { headers: { Authorization: `Bearer ${api.token}` } });
      expect(res.status).toBe(200);
      const pdf = Buffer.from(await res.arrayBuffer());

      const page = await context.newPage();
      try {
        // The page, pdf.js and the PDF come from one made-up origin, answered here: no network.
        await page.route('http://pdf.test/**', (route) => {
          const path = new URL(route.request().url()).pathname;
          if (path === '/pdf.mjs') return route.fulfill({ contentType: 'text/javascript', body: readFileSync(PDFJS) });
          if (path === '/quote.pdf') return route.fulfill({ contentType: 'application/pdf', body: pdf });
          return route.fulfill({
            contentType: 'text/html',
            body: '<!doctype html><html><body style="margin:0;background:#8a8f98"></body></html>',
          });
        });
        await page.goto('http://pdf.test/');
        const sizes = await page.evaluate(async () => {
          const pdfjs = await import('http://pdf.test/pdf.mjs' as string);
          const data = new Uint8Array(await (await fetch('http://pdf.test/quote.pdf')).arrayBuffer());
          const doc = await pdfjs.getDocument({ data }).promise;
          const out: number[][] = [];
          for (let n = 1; n <= doc.numPages; n++) {
            const p = await doc.getPage(n);
            const viewport = p.getViewport({ scale: 1.5 });
            const canvas = document.createElement('canvas');
            canvas.id = `page-${n}`;
            canvas.width = viewport.width;
            canvas.height = viewport.height;
            canvas.style.display = 'block';
            canvas.style.marginBottom = '8px';
            document.body.append(canvas);
            await p.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
            out.push([Math.round(viewport.width / 1.5), Math.round(viewport.height / 1.5)]);
          }
          return out;
        });
        // Acme Supplies has no LOCALE: en-US, so Letter; a quote this long runs onto a second page.
        expect(sizes.length).toBeGreaterThan(1);
        for (const size of sizes) expect(size).toEqual([612, 792]);
        for (const n of sizes.keys()) {
          const shot = join(SHOTS, `quote-pdf-page-${n + 1}.png`);
          await page.locator(`#page-${n + 1}`).screenshot({ path: shot });
          expect(statSync(shot).size).toBeGreaterThan(10_000); // a blank page is about 5 kB
        }
      } finally {
        await page.close();
      }
    }, 60_000);

    it('declines with a reason from the page; the store and the buyer are told', async () => {
      const q = await call('POST', '/quote', {
        name: 'Spare chairs',
        customer_emails: ['decider@example.com'],
        items: [
          { product_id: (await call('POST', '/product', { name: 'Spare chair', sku: 'SPARE', base_price: '10.00' })).id, quantity: 1 },
        ],
      });
      const page = await context.newPage();
      try {
        await page.goto(q.cart_link);
        await page.getByLabel('Not for you? Tell us why (optional)').fill('We found them cheaper');
        await Promise.all([page.waitForURL(q.cart_link), page.getByRole('button', { name: 'Decline quote' }).click()]);
        const note = page.locator('.state-declined');
        await note.waitFor({ timeout: 10_000 });
        expect(await note.textContent()).toContain('You declined this quote on');
        expect(await note.textContent()).toContain('We found them cheaper');
        expect(await page.getByRole('button', { name: 'Accept quote' }).count()).toBe(0);
        expect(await call('GET', `/quote/${q.id}`)).toMatchObject({ status: 'declined', decline_reason: 'We found them cheaper' });
        await page.screenshot({ path: join(SHOTS, 'quote-declined.png'), fullPage: true });
        const mail = await waitFor(
          () => sink.accepted().find((m) => m.rcptTo.includes('decider@example.com') && m.headers.subject.startsWith('You declined')),
          'the decline confirmation',
        );
        expect(mail.headers.subject).toBe(`You declined quote ${q.number}: Spare chairs`);
      } finally {
        await page.close();
      }
    }, 60_000);

    it('a stale accept: the quote changed after the page was opened, so the buyer is sent back to reload it', async () => {
      const product = await call('POST', '/product', { name: 'Desk', sku: 'DESK', base_price: '120.00' });
      const q = await call('POST', '/quote', { name: 'Desks', items: [{ product_id: product.id, quantity: 1 }] });
      const page = await context.newPage();
      try {
        await page.goto(q.cart_link);
        // The seller changes the quote while the buyer reads it.
        await call('PATCH', `/quote/${q.id}`, { items: [{ product_id: product.id, quantity: 4 }] });
        const [response] = await Promise.all([
          page.waitForResponse((r) => r.url().endsWith('/accept')),
          page.getByRole('button', { name: 'Accept quote' }).click(),
        ]);
        expect(response.status()).toBe(409);
        await page.getByRole('heading', { name: 'This quote has changed' }).waitFor({ timeout: 10_000 });
        expect((await call('GET', `/quote/${q.id}`)).status).toBe('active');
        await Promise.all([page.waitForURL(q.cart_link), page.getByRole('link', { name: 'Reload the quote' }).click()]);
        expect(await page.locator('.line-total').first().textContent()).toBe(usd(Number(product.base_price) * 4));
        await Promise.all([page.waitForURL(q.cart_link), page.getByRole('button', { name: 'Accept quote' }).click()]);
        await page.locator('.state-accepted').waitFor({ timeout: 10_000 });
        expect(await call('GET', `/quote/${q.id}`)).toMatchObject({ status: 'accepted', revision: 2 });
      } finally {
        await page.close();
      }
    }, 60_000);
  });
});
