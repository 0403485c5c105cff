import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { describeBrowser, launchChromium, warnIfNoChromium } from './support/chromium.js';
import { type ApiProcess, startApi } from './support/processes.js';
import { describeE2E } from './support/test-app.js';
import { processSteps, type Json } from './support/api-client.js';

// These callbacks run in the page (page.evaluate), where the DOM's globals and axe exist.
declare const document: { querySelector: (s: string) => { value: string } | null };
declare const axe: {
  run: (
    context: unknown,
    options: object,
  ) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: unknown[]; failureSummary: string }[] }[] }>;
};
declare const window: { axe?: unknown };
declare const localStorage: Record<string, string>;

warnIfNoChromium();

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.0 and 2.1, levels A and AA: what the pages promise. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const WIDTHS = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const;

const tokenOf = (html: string) => /<input type="hidden" name="csrf_token" value="([^"]+)">/.exec(html)?.[1];
const revisionOf = (html: string) => /<input type="hidden" name="revision" value="(\d+)">/.exec(html)?.[1];

/**
 * Runs axe-core in the page (evaluated through the browser's protocol, so the cart pages'
 * Content-Security-Policy, which allows no script, does not stop it) and returns its WCAG
 * violations, each with the elements it found.
 */
async function violations(page: Page, include?: string): Promise<Violation[]> {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(
    ([context, tags]) => axe.run(context ?? document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    [include ? { include: [include] } : null, WCAG_TAGS] as const,
  );
  return found.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
  }));
}

/** The failure message lists every violation, its elements and what axe says to fix. */
const report = (where: string, found: Violation[]) => ({ where, violations: found });

/**
 * axe-core on every page a buyer can see (each state of a quote, the pages that refuse) at a phone's
 * and a desktop's width: no WCAG 2.1 A/AA violation. And on /docs, where the markup is ours only
 * around Swagger UI.
 */
describeE2E('accessibility (axe-core, WCAG 2.1 AA)', () => {
  describeBrowser('in chromium', () => {
    let api: ApiProcess;
    let context: BrowserContext;
    let profile: string | undefined;
    let db: pg.Client;
    const pages: Record<string, { path: string; shows: string }> = {};

    const call = processSteps(() => api);
    /** Accepts or declines as the page's form does. */
    const decide = async (q: Json, decision: 'accept' | 'decline', extra: Record<string, string> = {}) => {
      const html = await (await fetch(`${api.url}/cart/${q.cart_link_id}`)).text();
      const res = await fetch(`${api.url}/cart/${q.cart_link_id}/${decision}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ csrf_token: tokenOf(html)!, revision: revisionOf(html)!, ...extra }).toString(),
      });
      if (res.status !== 303) throw new Error(`${decision}: ${res.status}`);
    };

    beforeAll(async () => {
      api = await startApi('a11y', { STORE_NAME: 'Acme Supplies' });
      db = new pg.Client({ connectionString: api.dbUrl });
      await db.connect();
      ({ context, profile } = await launchChromium());

      await call('POST', '/country', { name: 'United States', code: 'US' });
      const standard = await call('POST', '/taxclass', { name: 'Standard', is_default: 1 });
      await call('POST', `/taxclass/${standard.id}/rate`, { country: 'US', rate: '8.25', priority: 1, tax_name: 'Sales tax' });
      const buyer = await call('POST', '/customer', { email: 'buyer@example.test', first_name: 'Bea' });
      await call('POST', '/coupon', { code: 'SPRING', discount_type: 'fixed_amount', discount_value: '5.00' });
      const chair = await call('POST', '/product', { name: 'Ergonomic office chair', sku: 'CHAIR', base_price: '189.00' });
      await call('POST', '/product/CHAIR/option', { name: 'Color', values: ['Graphite', 'Sand'] });
      await call('POST', '/product/CHAIR/variant', { sku: 'CHAIR-S', options: { Color: 'Sand' } });
      await call('POST', '/product/CHAIR/extra', { sku: 'ARMS', name: 'Adjustable arms', price: '24.50' });
      const lamp = await call('POST', '/product', { name: 'Desk lamp', sku: 'LAMP', base_price: '39.90' });
      const quote = (name: string) =>
        call('POST', '/quote', {
          name,
          customer_id: buyer.id,
          coupon_code: 'SPRING',
          expires_x_days: 14,
          items: [
            { product_id: chair.id, quantity: 4, options: { Color: 'Sand' }, extras: ['ARMS'] },
            { product_id: lamp.id, quantity: 3 },
          ],
        });

      const open = await quote('Office refit');
      const accepted = await quote('Accepted refit');
      await decide(accepted, 'accept');
      const declined = await quote('Declined refit');
      await decide(declined, 'decline', { reason: 'We found them cheaper' });
      const expired = await quote('Expired refit');
      await db.query(`UPDATE quotes SET expires_at = now() - interval '1 day' WHERE id = $1`, [expired.id]);
      const ordered = await quote('Ordered refit');
      await decide(ordered, 'accept');
      await call('POST', `/quote/${ordered.id}/order`, {});
      Object.assign(pages, {
        open: { path: `/cart/${open.cart_link_id}`, shows: '.state-open' },
        accepted: { path: `/cart/${accepted.cart_link_id}`, shows: '.state-accepted' },
        declined: { path: `/cart/${declined.cart_link_id}`, shows: '.state-declined' },
        expired: { path: `/cart/${expired.cart_link_id}`, shows: '.state-expired' },
        ordered: { path: `/cart/${ordered.cart_link_id}`, shows: '.state-accepted:has-text("became an order")' },
        'not found (404)': { path: '/cart/NoSuchQuote0', shows: 'h1:has-text("Quote not found")' },
      });
    }, 120_000);
    afterAll(async () => {
      await context?.close();
      await db?.end();
      await api?.close();
      if (profile) rmSync(profile, { recursive: true, force: true });
    });

    for (const [width, viewport] of WIDTHS) {
      it(`finds no violation on the cart page in every state, and on its 404 page, at a ${width}'s width`, async () => {
        const page = await context.newPage();
        try {
          await page.setViewportSize(viewport);
          for (const [state, { path, shows }] of Object.entries(pages)) {
            const response = await page.goto(`${api.url}${path}`);
            expect({ state, status: response?.status() }).toEqual({ state, status: state === 'not found (404)' ? 404 : 200 });
            // The page is in the state it is checked for.
            expect({ state, shown: await page.locator(shows).count() }).toEqual({ state, shown: 1 });
            expect(report(`${state} at ${width}`, await violations(page))).toEqual(report(`${state} at ${width}`, []));
          }
        } finally {
          await page.close();
        }
      }, 60_000);

      it(`finds no violation on the "this quote has changed" page (409) at a ${width}'s width`, async () => {
        const page = await context.newPage();
        try {
          await page.setViewportSize(viewport);
          await page.goto(`${api.url}${pages.open.path}`);
          // The page was shown at a revision the quote has since left.
          await page.evaluate(() => {
            document.querySelector('form.accept input[name="revision"]')!.value = '999';
          });
          const [response] = await Promise.all([
            page.waitForResponse((r) => r.url().endsWith('/accept')),
            page.getByRole('button', { name: 'Accept quote' }).click(),
          ]);
          expect(response.status()).toBe(409);
          await page.getByRole('heading', { name: 'This quote has changed' }).waitFor();
          expect(report(`changed at ${width}`, await violations(page))).toEqual(report(`changed at ${width}`, []));
        } finally {
          await page.close();
        }
      }, 60_000);
    }

    describe('/docs', () => {
      let page: Page;
      beforeAll(async () => {
        page = await context.newPage();
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.goto(`${api.url}/docs`);
        await page.locator('.swagger-ui .info .title').getByText('Store API').waitFor({ timeout: 30_000 });
      }, 60_000);
      afterAll(() => page?.close());

      // Our markup is the page around Swagger UI and the stylesheet over its colours (src/openapi/openapi.setup.ts);
      // with those, axe finds no WCAG violation in what a reader sees first, nor in an opened operation.
      it('finds no violation on the page as it opens', async () => {
        expect(report('/docs', await violations(page))).toEqual(report('/docs', []));
      }, 60_000);

      it('keeps a key pasted into "Authorize" out of localStorage, and "Try it out" sends it as a Bearer token', async () => {
        await page.locator('.scheme-container .btn.authorize').click();
        await page.locator('.auth-container input').first().fill(api.token);
        await page.locator('.auth-btn-wrapper .btn.authorize').click();
        await page.locator('.auth-btn-wrapper .btn-done').click();
        await page.locator('.opblock-tag', { hasText: 'Geography' }).first().click();
        const operation = page.locator('.opblock-get').filter({ has: page.locator('.opblock-summary-path', { hasText: /^\/countries$/ }) });
        await operation.first().locator('.opblock-summary').click();
        await operation.first().locator('.try-out__btn').click();
        const [request] = await Promise.all([
          page.waitForRequest((r) => new URL(r.url()).pathname === '/countries'),
          operation.first().locator('.execute').click(),
        ]);
        expect(request.headers().authorization).toBe(`Bearer ${api.token}`);
        await operation.first().locator('.live-responses-table .response-col_status').getByText('200').waitFor();
        const stored = await page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
        expect(stored).not.toContain(api.token);
        expect(stored).not.toContain('authorized');
        // An opened operation, its parameters and its live response. What remains is Swagger UI's own
        // markup, which our stylesheet cannot name: its <select>s for an enum parameter's value and
        // the response's media type carry no label (select-name; GET /countries has four). Nothing else.
        const found = await violations(page);
        expect(
          report(
            '/docs, an operation open',
            found.filter((v) => v.id !== 'select-name'),
          ),
        ).toEqual(report('/docs, an operation open', []));
        const selects = found.find((v) => v.id === 'select-name')?.nodes ?? [];
        expect(selects.length).toBeLessThanOrEqual(4);
      }, 60_000);
    });
  });
});
