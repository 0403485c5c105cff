import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { waitFor } from './support/processes.js';
import { pdfText } from './support/pdf-text.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS } from './support/envelope.js';
import { apiSteps, type Json } from './support/api-client.js';

const STORE = 'https://shop.example';
const XSS = '<script>alert(1)</script>';
const CSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** A timestamp of the API (UTC) as the page spells it in en-US. */
const spelled = (ts: string) =>
  `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(`${ts.replace(' ', 'T')}Z`))} UTC`;

/** supertest reads text/html into `text`; a PDF into a Buffer. */
const binary = (res: Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

const tokenOf = (html: string) => /<input type="hidden" name="csrf_token" value="([^"]+)">/.exec(html)?.[1];

describeE2E('the buyer’s cart page, its PDF and acceptance', () => {
  let t: TestApp;
  let dataDir: string;
  let auth: Record<string, string>;
  let quote: Json;

  const post = apiSteps(
    () => t,
    () => auth,
  ).create;
  /** A priced quote: a product named like a script with an extra, a shirt with an option, a 10% coupon and 10% tax. */
  const makeQuote = async (name: string, extra: object = {}) =>
    post('/quote', {
      name,
      customer_id: (await t.http.get('/customers').set(auth)).body.data[0].id,
      coupon_code: 'SAVE10',
      expires_x_days: 30,
      items: [
        { product_id: (await t.http.get('/product/XSS').set(auth)).body.data.id, quantity: 2, extras: ['GIFT-WRAP'] },
        { product_id: (await t.http.get('/product/SHIRT').set(auth)).body.data.id, quantity: 1, options: { Size: 'M' } },
      ],
      ...extra,
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cart-e2e-'));
    t = await bootTestApp('cart', { DATA_DIR: dataDir, STORE_URL: STORE, STORE_NAME: 'Acme & <Sons>' });
    auth = { Authorization: `Bearer ${await t.token()}` };
    await post('/country', { name: 'United States', code: 'US' });
    const standard = await post('/taxclass', { name: 'Standard', is_default: 1 });
    await post(`/taxclass/${standard.id}/rate`, { country: 'US', rate: '10', priority: 1, tax_name: 'Sales tax' });
    const buyer = await post('/customer', { email: 'buyer@example.test', first_name: 'Bea' });
    await post(`/customer/${buyer.id}/addresses`, { kind: 'shipping', country_code: 'US', city: 'Austin', postal_code: '73301' });
    await post('/coupon', { code: 'SAVE10', discount_type: 'percentage', discount_value: 10 });
    await post('/product', { name: XSS, sku: 'XSS', base_price: '12.50' });
    await post('/product/XSS/extra', { sku: 'GIFT-WRAP', name: 'Gift wrap', price: '2.00' });
    await post('/product', { name: 'Shirt', sku: 'SHIRT', base_price: '18.00' });
    await post('/product/SHIRT/option', { name: 'Size', values: ['S', 'M'] });
    await post('/product/SHIRT/variant', { sku: 'SHIRT-S', options: { Size: 'S' } });
    await post('/product/SHIRT/variant', { sku: 'SHIRT-M', base_price: '20.00', options: { Size: 'M' } });
    quote = await makeQuote('Spring order for "Bea"');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('GET /cart/{cart_link_id}', () => {
    it('is priced as the API prices it (the fixture itself)', () => {
      expect(quote).toMatchObject({ subtotal: '49.00', total_discount: '4.90', total_tax: '4.41', total: '48.51', accepted_at: null });
      expect(quote.cart_link).toBe(`${STORE}/cart/${quote.cart_link_id}`);
    });

    it('serves the quote as an HTML page without a token, every value escaped, with the safety headers', async () => {
      const res = await t.http.get(`/cart/${quote.cart_link_id}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toBe(CSP);
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const html = res.text;
      // The product named like a script is text; the page has no script element at all.
      expect(html).not.toMatch(/<script/i);
      expect(html).toContain('<title>Quote ' + quote.number + ': Spring order for &quot;Bea&quot; · Acme &amp; &lt;Sons&gt;</title>');
      expect(html).toContain('<html lang="en-US">');
      expect(html).toContain('<p class="store" dir="auto">Acme &amp; &lt;Sons&gt;</p>');
      expect(html).toContain('<h1 dir="auto">Spring order for &quot;Bea&quot;</h1>');
      expect(html).toContain(
        '<footer class="seller">\n<address><span class="seller-name" dir="auto">Acme &amp; &lt;Sons&gt;</span></address>\n</footer>',
      );
      expect(html).toContain(`<p class="number">Quote <span class="quote-number">${quote.number}</span></p>`);
      expect(html).toContain(`<p class="state state-open">This quote is valid until <strong>${spelled(quote.expires_at)}</strong>.</p>`);
      const rows = [...html.matchAll(/<tr class="item">[\s\S]*?<\/tr>/g)].map((m) => m[0]);
      expect(rows).toEqual([
        `<tr class="item">
<td class="product" data-label="Item"><span class="name" dir="auto">&lt;script&gt;alert(1)&lt;/script&gt;</span> <span class="sku">XSS</span><ul class="choices"><li class="extra">+ <bdi>Gift wrap</bdi> ($2.00)</li></ul></td>
<td class="num quantity" data-label="Quantity">2</td>
<td class="num unit-price" data-label="Unit price">$14.50</td>
<td class="num discount" data-label="Discount">−$2.90</td>
<td class="num line-total" data-label="Total">$26.10</td>
</tr>`,
        `<tr class="item">
<td class="product" data-label="Item"><span class="name" dir="auto">Shirt</span> <span class="sku">SHIRT</span><ul class="choices"><li class="option"><bdi>Size</bdi>: <bdi>M</bdi></li></ul></td>
<td class="num quantity" data-label="Quantity">1</td>
<td class="num unit-price" data-label="Unit price">$20.00</td>
<td class="num discount" data-label="Discount">−$2.00</td>
<td class="num line-total" data-label="Total">$18.00</td>
</tr>`,
      ]);
      expect(html).toContain(`<dl class="totals">
<div><dt>Subtotal</dt><dd data-total="subtotal">$49.00</dd></div>
<div><dt>Discount</dt><dd data-total="discount">$4.90</dd></div>
<div><dt>Tax</dt><dd data-total="tax">$4.41</dd></div>
<div class="grand"><dt>Total</dt><dd data-total="total">$48.51</dd></div>
</dl>`);
      expect(html).toMatch(
        new RegExp(
          `<form class="accept" method="post" action="/cart/${quote.cart_link_id}/accept">\\n<input type="hidden" name="csrf_token" value="[A-Za-z0-9_-]{43}">\\n<input type="hidden" name="revision" value="1">\\n<button type="submit">Accept quote</button>\\n</form>`,
        ),
      );
      expect(html).toContain(`<a class="pdf" href="/cart/${quote.cart_link_id}/pdf">Download PDF</a>`);
      expect(html).toContain('<link rel="stylesheet" href="/cart/style.css">');
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    });

    it('answers HEAD with the headers alone, and serves its one stylesheet', async () => {
      const head = await t.http.head(`/cart/${quote.cart_link_id}`);
      expect(head.status).toBe(200);
      expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(head.text ?? '').toBe('');
      const css = await t.http.get('/cart/style.css');
      expect(css.status).toBe(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(css.text).toContain('@media (max-width:600px)');
      expect(css.text).toContain('@media print');
    });

    it('answers the same 404 page for an unknown identifier, a malformed one and a deleted quote', async () => {
      const doomed = await makeQuote('Withdrawn');
      expect((await t.http.delete(`/quote/${doomed.id}`).set(auth)).status).toBe(200);
      const pages = await Promise.all(
        [
          `/cart/${doomed.cart_link_id}`,
          '/cart/NoSuchCartLink123',
          '/cart/not-a-link!',
          `/cart/${doomed.cart_link_id}/pdf`,
          // A path that cannot be decoded (NUL, a byte that is not UTF-8, dots): the page, not the API's JSON 400.
          '/cart/%00%ff%2e%2e',
          '/cart/%ff/pdf',
        ].map((p) => t.http.get(p)),
      );
      for (const res of pages) {
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
        expect(res.text).toBe(pages[0].text);
      }
      expect(pages[0].text).toContain('<h1>Quote not found</h1>');
      // The identifier is not compared case-insensitively: it is the capability.
      expect(
        (await t.http.get(`/cart/${quote.cart_link_id.toLowerCase() === quote.cart_link_id ? 'X' : ''}${quote.cart_link_id.toLowerCase()}`))
          .status,
      ).toBe(404);
      // A client asking for JSON gets the API's envelope.
      const json = await t.http.get('/cart/NoSuchCartLink123').set('Accept', 'application/json');
      expect(json.status).toBe(404);
      expect(json.body).toEqual({
        meta: { status: 404, success: false },
        error: { message: 'This link does not lead to a quote. Check that it was copied whole, or ask the store for a new link.' },
      });
    });

    it('allows GET and HEAD on the page: OPTIONS lists them, other methods are 405 with Allow', async () => {
      const options = await t.http.options(`/cart/${quote.cart_link_id}`);
      expect(options.status).toBe(200);
      expect(options.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(options.body).toEqual({ meta: { status: 200, success: true }, data: { methods: ['GET', 'HEAD', 'OPTIONS'] } });
      const del = await t.http.delete(`/cart/${quote.cart_link_id}`).set('Accept', 'application/json');
      expect(del.status).toBe(405);
      expect(del.headers.allow).toBe('GET, HEAD, OPTIONS');
      expect(del.body).toEqual({
        meta: { status: 405, success: false },
        error: { message: `Method DELETE is not allowed on /cart/${quote.cart_link_id}; allowed: GET, HEAD, OPTIONS.` },
      });
      const get = await t.http.get(`/cart/${quote.cart_link_id}/accept`);
      expect(get.status).toBe(405);
      expect(get.headers.allow).toBe('POST, OPTIONS');
    });
  });

  describe('the PDF', () => {
    it('GET /cart/{cart_link_id}/pdf holds the page’s content', async () => {
      const res = await t.http.get(`/cart/${quote.cart_link_id}/pdf`).buffer(true).parse(binary);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`inline; filename="quote-${quote.number}.pdf"`);
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      const body = res.body as Buffer;
      expect(body.subarray(0, 5).toString()).toBe('%PDF-');
      const { pages, text } = await pdfText(body);
      expect(pages).toBe(1);
      for (const expected of [
        'Acme & <Sons>',
        'Spring order for "Bea"',
        `Quote ${quote.number}`,
        `Valid until ${spelled(quote.expires_at)}.`,
        XSS,
        'SKU XSS',
        '+ Gift wrap ($2.00)',
        'Shirt',
        'Size: M',
        '$14.50',
        '-$2.90',
        '$26.10',
        '$20.00',
        '$18.00',
        '$49.00',
        '$4.90',
        '$4.41',
        '$48.51',
        'Page 1 of 1',
      ]) {
        expect({ expected, found: text.includes(expected) }).toEqual({ expected, found: true });
      }
    });

    it('GET /quote/{id|number}/pdf (quotes:read) answers the same bytes with an ETag; 304, 403 and 404 as every API read', async () => {
      const page = (await t.http.get(`/cart/${quote.cart_link_id}/pdf`).buffer(true).parse(binary)).body as Buffer;
      for (const key of [String(quote.id), quote.number.toLowerCase()]) {
        const res = await t.http.get(`/quote/${key}/pdf`).set(auth).buffer(true).parse(binary);
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toBe(`inline; filename="quote-${quote.number}.pdf"`);
        expect(res.headers['cache-control']).toBe('private, max-age=60');
        expect(Number(res.headers['content-length'])).toBe(page.length);
        expect((res.body as Buffer).equals(page)).toBe(true);
        const again = await t.http.get(`/quotes/${key}/pdf`).set(auth).set('If-None-Match', res.headers.etag);
        expect(again.status).toBe(304);
      }
      expect((await t.http.get(`/quote/${quote.id}/pdf`)).status).toBe(401);
      const narrow = { Authorization: `Bearer ${await t.token(['catalog:read'])}` };
      const refused = await t.http.get(`/quote/${quote.id}/pdf`).set(narrow);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        meta: { status: 403, success: false },
        error: { message: 'The access token lacks the scope "quotes:read".' },
      });
      const reader = { Authorization: `Bearer ${await t.token(['quotes:read'])}` };
      expect((await t.http.get(`/quote/${quote.number}/pdf`).set(reader)).status).toBe(200);
      const missing = await t.http.get('/quote/Q999999/pdf').set(auth);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ meta: { status: 404, success: false }, error: { message: 'Quote Q999999 was not found.' } });
    });

    it('is attached to the send-quote e-mail when asked with "attach_pdf": true, and only then', async () => {
      const sent = await t.http.post(`/quote/${quote.id}/send-quote`).set(auth).send({ attach_pdf: true });
      expect(sent.status).toBe(202);
      const plain = await t.http.post(`/quote/${quote.id}/send-quote`).set(auth).send({ attach_pdf: 0 });
      expect(plain.status).toBe(202);
      const bad = await t.http.post(`/quote/${quote.id}/send-quote`).set(auth).send({ attach_pdf: 'yes' });
      expect(bad.status).toBe(422);
      expect(bad.body.error.message).toEqual({ attach_pdf: ['must be a boolean or 0/1'] });
      const outbox = join(dataDir, 'outbox');
      const files = (id: number) => readdirSync(outbox).filter((f) => f.includes(`-delivery-${id}`));
      const [withPdf, without] = [sent.body.data.deliveries[0].id as number, plain.body.data.deliveries[0].id as number];
      await waitFor(() => files(withPdf).length === 1 && files(without).length === 1, 'the two messages in the outbox');
      const raw = readFileSync(join(outbox, files(withPdf)[0]), 'utf8').replace(/\r\n/g, '\n');
      const part = new RegExp(
        `Content-Type: application/pdf; name=quote-${quote.number}\\.pdf\\nContent-Transfer-Encoding: base64\\nContent-Disposition: attachment;\\s+filename=quote-${quote.number}\\.pdf\\n\\n([A-Za-z0-9+/=\\n]+)`,
      ).exec(raw);
      expect(part).not.toBeNull();
      const { text } = await pdfText(Buffer.from(part![1].replace(/\n/g, ''), 'base64'));
      expect(text).toContain(`Quote ${quote.number}`);
      expect(text).toContain('$48.51');
      expect(readFileSync(join(outbox, files(without)[0]), 'utf8')).not.toContain('application/pdf');
    });
  });

  describe('POST /cart/{cart_link_id}/accept', () => {
    it('refuses a form without its token, or with another quote’s, and changes nothing', async () => {
      const other = await makeQuote('Other');
      const otherToken = tokenOf((await t.http.get(`/cart/${other.cart_link_id}`)).text)!;
      for (const body of ['', 'csrf_token=', `csrf_token=${otherToken}`, 'csrf_token=%00%01']) {
        const res = await t.http.post(`/cart/${quote.cart_link_id}/accept`).type('form').send(body);
        expect({ body, status: res.status }).toEqual({ body, status: 403 });
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.text).toContain('<h1>Form not accepted</h1>');
      }
      // A JSON body is no form: the token is missing (403), it is never a 415 from the API's body reader.
      const json = await t.http.post(`/cart/${quote.cart_link_id}/accept`).send({ csrf_token: otherToken });
      expect(json.status).toBe(403);
      const [row] = await t.sql<{ accepted_at: Date | null; status: string }>('SELECT accepted_at, status FROM quotes WHERE id = $1', [
        quote.id,
      ]);
      expect(row).toEqual({ accepted_at: null, status: 'active' });
    });

    it('records accepted_at once and shows the confirmation; status reads accepted; a second accept is a no-op', async () => {
      const token = tokenOf((await t.http.get(`/cart/${quote.cart_link_id}`)).text)!;
      const res = await t.http.post(`/cart/${quote.cart_link_id}/accept`).type('form').send({ csrf_token: token });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`/cart/${quote.cart_link_id}`);

      const api = (await t.http.get(`/quote/${quote.id}`).set(auth)).body.data as Json;
      expect(api).toMatchObject({ status: 'accepted', accepted_at: TS });
      expect(api.updated_at >= quote.updated_at).toBe(true);
      const [first] = await t.sql<{ accepted_at: Date }>('SELECT accepted_at FROM quotes WHERE id = $1', [quote.id]);

      const page = (await t.http.get(`/cart/${quote.cart_link_id}`)).text;
      expect(page).toContain(
        `<p class="state state-accepted" role="status"><strong>You accepted this quote on ${spelled(api.accepted_at)}.</strong> Thank you: we will be in touch to complete your order.</p>`,
      );
      expect(page).not.toContain('<form');

      const again = await t.http.post(`/cart/${quote.cart_link_id}/accept`).type('form').send({ csrf_token: token });
      expect(again.status).toBe(303);
      const [second] = await t.sql<{ accepted_at: Date }>('SELECT accepted_at FROM quotes WHERE id = $1', [quote.id]);
      expect(second.accepted_at.getTime()).toBe(first.accepted_at.getTime());
      expect((await t.http.get(`/quote/${quote.id}`).set(auth)).body.data.accepted_at).toBe(api.accepted_at);

      const ids = async (q: string) => ((await t.http.get(`/quotes?${q}`).set(auth)).body.data as Json[]).map((x) => x.id);
      expect(await ids('status=accepted')).toEqual([quote.id]);
      expect(await ids('status=active')).not.toContain(quote.id);
      const { text } = await pdfText((await t.http.get(`/cart/${quote.cart_link_id}/pdf`).buffer(true).parse(binary)).body as Buffer);
      expect(text).toContain(`Accepted on ${spelled(api.accepted_at)}.`);
    });

    it('cannot accept an expired quote: the page says when it expired, the form is gone, POST is 409', async () => {
      const late = await makeQuote('Too late');
      const token = tokenOf((await t.http.get(`/cart/${late.cart_link_id}`)).text)!;
      await t.sql(`UPDATE quotes SET expires_at = now() - interval '1 day' WHERE id = $1`, [late.id]);
      const expiresAt = (await t.http.get(`/quote/${late.id}`).set(auth)).body.data.expires_at as string;
      const page = (await t.http.get(`/cart/${late.cart_link_id}`)).text;
      const note = `<p class="state state-expired" role="status"><strong>This quote expired on ${spelled(expiresAt)}.</strong> It can no longer be accepted; please ask us for a new one.</p>`;
      expect(page).toContain(note);
      expect(page).not.toContain('<form');
      const res = await t.http.post(`/cart/${late.cart_link_id}/accept`).type('form').send({ csrf_token: token });
      expect(res.status).toBe(409);
      expect(res.text).toContain(note);
      const api = (await t.http.get(`/quote/${late.id}`).set(auth)).body.data as Json;
      expect(api).toMatchObject({ status: 'expired', accepted_at: null });
    });

    it('a form token is void once its link changes, even when the link is set back (or given to another quote)', async () => {
      const q = await makeQuote('Rotated', { cart_link_id: 'RotatedLinkAbcdef01' });
      const first = tokenOf((await t.http.get(`/cart/${q.cart_link_id}`)).text)!;
      const refused = async (link: string, token: string) => {
        const res = await t.http.post(`/cart/${link}/accept`).type('form').send({ csrf_token: token });
        expect({ status: res.status, refused: res.text.includes('<h1>Form not accepted</h1>') }).toEqual({ status: 403, refused: true });
      };
      await t.http.patch(`/quote/${q.id}`).set(auth).send({ cart_link_id: 'RotatedLinkAbcdef02' });
      await t.http.patch(`/quote/${q.id}`).set(auth).send({ cart_link_id: 'RotatedLinkAbcdef01' });
      await refused(q.cart_link_id, first);
      // Another quote given the old link: the old page's token is not its token either.
      await t.http.patch(`/quote/${q.id}`).set(auth).send({ cart_link_id: '' });
      const other = await makeQuote('Took the link', { cart_link_id: 'RotatedLinkAbcdef01' });
      await refused(other.cart_link_id, first);
      expect(
        (await t.sql('SELECT status FROM quotes WHERE id = ANY($1::int[]) ORDER BY id', [[q.id, other.id]])).map((r) => r.status),
      ).toEqual(['active', 'active']);
      // The page as it is now gives a token that works; a PATCH of anything else keeps it.
      const now = tokenOf((await t.http.get(`/cart/${other.cart_link_id}`)).text)!;
      expect(now).not.toBe(first);
      await t.http.patch(`/quote/${other.id}`).set(auth).send({ name: 'Took the link, renamed' });
      const res = await t.http.post(`/cart/${other.cart_link_id}/accept`).type('form').send({ csrf_token: now });
      expect(res.status).toBe(303);
      expect((await t.http.get(`/quote/${other.id}`).set(auth)).body.data.status).toBe('accepted');
    });

    it('answers 404 for a quote deleted after its page was opened', async () => {
      const gone = await makeQuote('Gone');
      const token = tokenOf((await t.http.get(`/cart/${gone.cart_link_id}`)).text)!;
      await t.http.delete(`/quote/${gone.id}`).set(auth);
      const res = await t.http.post(`/cart/${gone.cart_link_id}/accept`).type('form').send({ csrf_token: token });
      expect(res.status).toBe(404);
      expect(res.text).toContain('<h1>Quote not found</h1>');
    });
  });
});

describeE2E('the cart pages are rate-limited per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp('cart_limit', { CART_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_PER_MINUTE: '0' });
  });
  afterAll(() => t?.close());

  it('counts pages, PDFs and forms of any cart link together; past the limit 429 with Retry-After', async () => {
    const statuses: number[] = [];
    for (const path of ['/cart/Abc1', '/cart/Abc2/pdf', '/cart/Abc3']) {
      const res = await t.http.get(path);
      statuses.push(res.status);
      expect(res.headers['ratelimit-limit']).toBe('3');
    }
    expect(statuses).toEqual([404, 404, 404]);
    const over = await t.http.get('/cart/Abc4');
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toMatch(/^\d+$/);
    expect(over.headers['ratelimit-remaining']).toBe('0');
    expect(over.text).toContain('<h1>Too many requests</h1>');
    const json = await t.http.post('/cart/Abc4/accept').set('Accept', 'application/json').type('form').send('csrf_token=x');
    expect(json.status).toBe(429);
    expect(json.body).toEqual({
      meta: { status: 429, success: false },
      error: { message: `Too many requests from your address; try again in ${json.headers['retry-after']} s.` },
    });
    // The stylesheet is not counted.
    expect((await t.http.get('/cart/style.css')).status).toBe(200);
  });
});
