import { eventually } from './support/eventually.js';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const STORE = 'https://shop.example.test';

/** A timestamp of the API (UTC) spelled out as the page and the e-mail do in `locale`. */
const spelled = (ts: string, locale: string) =>
  `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(`${ts.replace(' ', 'T')}Z`))} UTC`;

/** The figures of the cart page: its totals by name, its lines' unit prices and totals. */
function pageFigures(html: string) {
  const totals = Object.fromEntries([...html.matchAll(/<dd data-total="(\w+)">([^<]*)<\/dd>/g)].map((m) => [m[1], m[2]]));
  const lines = [
    ...html.matchAll(
      /<td class="num unit-price" data-label="[^"]*">([^<]*)<\/td>\n<td class="num discount" data-label="[^"]*">−([^<]*)<\/td>\n<td class="num line-total" data-label="[^"]*">([^<]*)<\/td>/g,
    ),
  ].map((m) => [m[1], m[2], m[3]]);
  return { totals, lines };
}

interface World {
  t: TestApp;
  sink: SmtpSink;
  auth: Record<string, string>;
}

async function boot(label: string, env: Record<string, string>): Promise<World> {
  const sink = await startSmtpSink();
  const t = await bootTestApp(label, { STORE_URL: STORE, SMTP_URL: sink.url, ...env });
  return { t, sink, auth: { Authorization: `Bearer ${await t.token()}` } };
}

async function post(w: World, path: string, body: object): Promise<Json> {
  const res = await w.t.http.post(path).set(w.auth).send(body);
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as Json;
}

/** Sends the quote (to its customer_emails) and answers the one message the SMTP server accepted for it. */
async function sendAndReceive(w: World, quote: Json, to: string, message?: string): Promise<ReceivedMail> {
  await post(w, `/quote/${quote.id}/send-quote`, message === undefined ? {} : { message });
  return eventually(() => {
    const got = w.sink.accepted().filter((m) => m.rcptTo.includes(to));
    expect(got).toHaveLength(1);
    return got[0];
  });
}

describeE2E('the e-mail shows what the cart page shows, with the seller’s identity', () => {
  let w: World;
  let quote: Json;
  let page: string;
  let mail: ReceivedMail;
  const longName = `Ergonomic ${'very '.repeat(38)}long chair`;

  beforeAll(async () => {
    w = await boot('buyer_view_en', {
      STORE_NAME: 'Acme Supplies',
      MAIL_FROM: 'quotes@acme.example',
      STORE_EMAIL: 'sales@acme.example',
      STORE_ADDRESS: '1 Main St | Springfield, IL 62701',
      STORE_PHONE: '+1 (555) 010-2030',
    });
    await post(w, '/product', { name: 'Shirt', sku: 'SHIRT', base_price: '18.00' });
    await post(w, '/product/SHIRT/option', { name: 'Size', values: ['S', 'M'] });
    await post(w, '/product/SHIRT/variant', { sku: 'SHIRT-M', base_price: '20.00', options: { Size: 'M' } });
    await post(w, '/product/SHIRT/extra', { sku: 'GIFT-WRAP', name: 'Gift wrap', price: '2.00' });
    await post(w, '/product', { name: longName, sku: 'LONG', base_price: '1234.50' });
    await post(w, '/coupon', { code: 'SAVE10', discount_type: 'percentage', discount_value: 10 });
    const shirt = (await w.t.http.get('/product/SHIRT').set(w.auth)).body.data.id as number;
    const long = (await w.t.http.get('/product/LONG').set(w.auth)).body.data.id as number;
    quote = await post(w, '/quote', {
      name: 'Spring order',
      customer_emails: ['bea@example.test'],
      coupon_code: 'SAVE10',
      expires_x_days: 30,
      items: [
        { product_id: shirt, quantity: 2, options: { Size: 'M' }, extras: ['GIFT-WRAP'] },
        { product_id: long, quantity: 1 },
      ],
    });
    page = (await w.t.http.get(`/cart/${quote.cart_link_id}`)).text;
    mail = await sendAndReceive(w, quote, 'bea@example.test', 'Hello Bea,\nprices <held> for two weeks.\n\nAcme');
  });
  afterAll(async () => {
    await w?.t.close();
    await w?.sink.close();
  });

  it('has the page’s figures, options, extras and expiry words in the text part', () => {
    const { totals, lines } = pageFigures(page);
    expect(totals).toEqual({ subtotal: '$1,278.50', discount: '$127.85', tax: '$0.00', total: '$1,150.65' });
    expect(lines).toEqual([
      ['$22.00', '$4.40', '$39.60'],
      ['$1,234.50', '$123.45', '$1,111.05'],
    ]);
    const validUntil = `This quote is valid until ${spelled(quote.expires_at, 'en-US')}.`;
    expect(page).toContain(
      `<p class="state state-open">This quote is valid until <strong>${spelled(quote.expires_at, 'en-US')}</strong>.</p>`,
    );
    expect(mail.text).toBe(
      [
        'Spring order',
        `Quote ${quote.number}`,
        '',
        'Hello Bea,',
        'prices <held> for two weeks.',
        '',
        'Acme',
        '',
        `- Shirt (SHIRT): 2 x ${lines[0][0]} = $44.00, less ${lines[0][1]} = ${lines[0][2]}`,
        '  Size: M',
        '  + Gift wrap ($2.00)',
        `- ${longName} (LONG): 1 x ${lines[1][0]} = $1,234.50, less ${lines[1][1]} = ${lines[1][2]}`,
        '',
        `Subtotal: ${totals.subtotal}`,
        `Discount: ${totals.discount}`,
        `Tax: ${totals.tax}`,
        `Total: ${totals.total}`,
        validUntil,
        '',
        `Open your cart: ${STORE}/cart/${quote.cart_link_id}`,
        '',
        '--',
        'Acme Supplies',
        '1 Main St',
        'Springfield, IL 62701',
        'E-mail: sales@acme.example',
        'Phone: +1 (555) 010-2030',
        '',
      ].join('\n'),
    );
  });

  it('has the same in its HTML part, with lang, title, the message’s line breaks and a table that wraps long names', () => {
    expect(mail.headers.from).toBe('Acme Supplies <quotes@acme.example>');
    expect(mail.headers.subject).toBe(`Your quote ${quote.number}: Spring order`);
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en-US">\n<head>\n/);
    expect(mail.html).toContain(`<title>Your quote ${quote.number}: Spring order</title>`);
    expect(mail.html).toContain('<p dir="auto">Hello Bea,<br>\nprices &lt;held&gt; for two weeks.<br>\n<br>\nAcme</p>');
    expect(mail.html).toContain(
      '<table cellpadding="6" width="100%" style="width:100%;max-width:600px;table-layout:fixed;border-collapse:collapse">',
    );
    expect(mail.html).toContain('<div style="max-width:600px;margin:0 auto;overflow-wrap:anywhere;word-break:break-word">');
    expect(mail.html).toContain(
      '<tr><td style="overflow-wrap:anywhere;word-break:break-word"><span dir="auto">Shirt</span> (SHIRT)<br><small><span dir="auto">Size</span>: <span dir="auto">M</span></small><br><small>+ <span dir="auto">Gift wrap</span> ($2.00)</small></td><td align="right">2</td><td align="right">$22.00</td><td align="right">$44.00 − $4.40 = $39.60</td></tr>',
    );
    expect(mail.html).toContain(`<span dir="auto">${longName}</span> (LONG)</td>`);
    expect(mail.html).toContain('<tr><td><strong>Total</strong></td><td align="right"><strong>$1,150.65</strong></td></tr>');
    expect(mail.html).toContain(`<p>This quote is valid until ${spelled(quote.expires_at, 'en-US')}.</p>`);
    expect(mail.html).toContain(
      '<p style="color:#4a5568;font-size:14px"><span dir="auto">Acme Supplies</span><br><span dir="auto">1 Main St</span><br><span dir="auto">Springfield, IL 62701</span><br>E-mail: <a href="mailto:sales@acme.example">sales@acme.example</a><br>Phone: <a href="tel:+15550102030">+1 (555) 010-2030</a></p>',
    );
  });

  it('shows the seller on the page: name, address, mailto and tel links; an expired quote links "ask us for a new one" to the store', async () => {
    expect(page).toContain('<p class="store" dir="auto">Acme Supplies</p>');
    expect(page).toContain(
      `<footer class="seller">
<address><span class="seller-name" dir="auto">Acme Supplies</span><br>
<span class="seller-address" dir="auto">1 Main St</span><br>
<span class="seller-address" dir="auto">Springfield, IL 62701</span><br>
E-mail: <a class="seller-email" href="mailto:sales@acme.example">sales@acme.example</a><br>
Phone: <a class="seller-phone" href="tel:+15550102030">+1 (555) 010-2030</a></address>
</footer>`,
    );
    await w.t.sql(`UPDATE quotes SET expires_at = now() - interval '1 day' WHERE id = $1`, [quote.id]);
    const expiresAt = (await w.t.http.get(`/quote/${quote.id}`).set(w.auth)).body.data.expires_at as string;
    const expired = (await w.t.http.get(`/cart/${quote.cart_link_id}`)).text;
    expect(expired).toContain(
      `<p class="state state-expired" role="status"><strong>This quote expired on ${spelled(expiresAt, 'en-US')}.</strong> It can no longer be accepted; please <a class="ask-new" href="mailto:sales@acme.example?subject=Quote%20${quote.number}">ask us for a new one</a>.</p>`,
    );
  });
});

describeE2E('LOCALE=ru-RU CURRENCY=RUB: Russian words, roubles, and names in any script', () => {
  let w: World;
  let quote: Json;
  let page: string;
  let mail: ReceivedMail;
  const names = ['Стул «Венский»', '椅子', 'Καρέκλα', 'כיסא עץ', 'كرسي خشبي', 'Chair 🪑'];

  beforeAll(async () => {
    w = await boot('buyer_view_ru', { LOCALE: 'ru-RU', CURRENCY: 'RUB', STORE_NAME: 'Кофейня «Бодрость»' });
    const items = [];
    for (const [i, name] of names.entries()) {
      const p = await post(w, '/product', { name, sku: `P${i}`, base_price: `${1000 + i}.50` });
      items.push({ product_id: p.id, quantity: 1 });
    }
    await post(w, '/product/P0/option', { name: 'Цвет', values: ['Орех', 'שחור'] });
    await post(w, '/product/P0/variant', { sku: 'P0-N', options: { Цвет: 'שחור' } });
    items[0] = { ...items[0], options: { Цвет: 'שחור' } } as never;
    quote = await post(w, '/quote', { name: 'Заказ 🛒 زبون', customer_emails: ['ivan@example.test'], expires_x_days: 14, items });
    page = (await w.t.http.get(`/cart/${quote.cart_link_id}`)).text;
    mail = await sendAndReceive(w, quote, 'ivan@example.test');
  });
  afterAll(async () => {
    await w?.t.close();
    await w?.sink.close();
  });

  it('the page is Russian: lang, labels, dates, roubles', () => {
    const until = spelled(quote.expires_at, 'ru-RU');
    expect(page).toContain('<html lang="ru-RU">');
    expect(page).toContain(`<title>Предложение ${quote.number}: Заказ 🛒 زبون · Кофейня «Бодрость»</title>`);
    expect(page).toContain(`<p class="number">Предложение <span class="quote-number">${quote.number}</span></p>`);
    expect(page).toContain(`<p class="state state-open">Предложение действительно до <strong>${until}</strong>.</p>`);
    expect(page).toContain('<button type="submit">Принять предложение</button>');
    expect(page).toContain('<button type="submit" class="secondary">Отклонить предложение</button>');
    expect(pageFigures(page).totals).toEqual({
      subtotal: '6\u00a0018,00\u00a0₽',
      discount: '0,00\u00a0₽',
      tax: '0,00\u00a0₽',
      total: '6\u00a0018,00\u00a0₽',
    });
    expect(page).toContain('<div class="grand"><dt>Итого</dt><dd data-total="total">6\u00a0018,00\u00a0₽</dd></div>');
  });

  it('answers other pages in Russian too, the JSON error envelope in English', async () => {
    const res = await w.t.http.get('/cart/NoSuchQuote123');
    expect(res.status).toBe(404);
    expect(res.text).toContain('<html lang="ru-RU">');
    expect(res.text).toContain('<title>Предложение не найдено · Кофейня «Бодрость»</title>');
    expect(res.text).toContain(
      '<p class="message">Эта ссылка не ведёт к предложению. Проверьте, что она скопирована целиком, или попросите у магазина новую.</p>',
    );
    const json = await w.t.http.get('/cart/NoSuchQuote123').set('Accept', 'application/json');
    expect(json.status).toBe(404);
    expect(json.body).toEqual({
      meta: { status: 404, success: false },
      error: { message: 'This link does not lead to a quote. Check that it was copied whole, or ask the store for a new link.' },
    });
    const refused = await w.t.http.post(`/cart/${quote.cart_link_id}/accept`).type('form').send({ csrf_token: 'forged', revision: '1' });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('<h1>Форма не принята</h1>');
    expect(refused.text).toContain(
      '<p class="message">Эту форму не удалось проверить. Откройте предложение снова по его ссылке и нажмите там «Принять предложение».</p>',
    );
  });

  it('every name is intact and isolated on the page', () => {
    expect(page).toContain('<h1 dir="auto">Заказ 🛒 زبون</h1>');
    expect(page).toContain('<p class="store" dir="auto">Кофейня «Бодрость»</p>');
    for (const name of names) expect(page).toContain(`<span class="name" dir="auto">${name}</span>`);
    expect(page).toContain('<li class="option"><bdi>Цвет</bdi>: <bdi>שחור</bdi></li>');
  });

  it('the e-mail is Russian too, from the store’s name, with every name intact in both parts', () => {
    const until = spelled(quote.expires_at, 'ru-RU');
    expect(mail.headers.from).toBe('Кофейня «Бодрость» <no-reply@localhost>');
    expect(mail.headers.subject).toBe(`Ваше предложение ${quote.number}: Заказ 🛒 زبون`);
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="ru-RU">\n/);
    expect(mail.html).toContain(`<title>Ваше предложение ${quote.number}: Заказ 🛒 زبون</title>`);
    expect(mail.html).toContain('<tr><td><strong>Итого</strong></td><td align="right"><strong>6\u00a0018,00\u00a0₽</strong></td></tr>');
    expect(mail.html).toContain(`<p>Предложение действительно до ${until}.</p>`);
    expect(mail.html).toContain('<a href="' + `${STORE}/cart/${quote.cart_link_id}` + '">Открыть корзину</a>');
    for (const name of names) expect(mail.html).toContain(`<span dir="auto">${name}</span>`);
    expect(mail.html).toContain('<small><span dir="auto">Цвет</span>: <span dir="auto">שחור</span></small>');
    const lines = mail.text.split('\n');
    expect(lines.slice(0, 3)).toEqual(['Заказ 🛒 زبون', `Предложение ${quote.number}`, '']);
    expect(lines.filter((l) => l.startsWith('- '))).toEqual(
      names.map((name, i) => `- ${name} (P${i}): 1 x 1\u00a000${i},50\u00a0₽ = 1\u00a000${i},50\u00a0₽`),
    );
    expect(mail.text).toContain('  Цвет: שחור\n');
    expect(mail.text).toContain(`Итого: 6\u00a0018,00\u00a0₽\nПредложение действительно до ${until}.\n`);
    expect(mail.text).toContain(`Открыть корзину: ${STORE}/cart/${quote.cart_link_id}\n\n--\nКофейня «Бодрость»\n`);
  });

  it('accepting on the Russian page confirms it in Russian, with the page’s total and date', async () => {
    const page = (await w.t.http.get(`/cart/${quote.cart_link_id}`)).text;
    const token = /<input type="hidden" name="csrf_token" value="([^"]+)">/.exec(page)![1];
    const res = await w.t.http.post(`/cart/${quote.cart_link_id}/accept`).type('form').send({ csrf_token: token, revision: '1' });
    expect(res.status).toBe(303);
    const notice = await eventually(() => {
      const got = w.sink.accepted().filter((m) => m.rcptTo.includes('ivan@example.test') && m.seq !== mail.seq);
      expect(got).toHaveLength(1);
      return got[0];
    });
    const acceptedAt = (await w.t.http.get(`/quote/${quote.id}`).set(w.auth)).body.data.accepted_at as string;
    const on = spelled(acceptedAt, 'ru-RU');
    expect(notice.headers.subject).toBe(`Вы приняли предложение ${quote.number}: Заказ 🛒 زبون`);
    expect(notice.html).toContain(`<title>Вы приняли предложение ${quote.number}: Заказ 🛒 زبون</title>`);
    const sentence = `Вы приняли предложение ${quote.number} ${on} на общую сумму 6\u00a0018,00\u00a0₽. Спасибо: мы свяжемся с вами, чтобы оформить заказ.`;
    expect(notice.html).toContain(`<p>${sentence}</p>`);
    expect(notice.text).toContain(`${sentence}\n`);
    expect(notice.text).toContain(`Открыть предложение: ${STORE}/cart/${quote.cart_link_id}\n`);
    const after = (await w.t.http.get(`/cart/${quote.cart_link_id}`)).text;
    expect(after).toContain(`<strong>Вы приняли это предложение ${on}.</strong> Спасибо: мы свяжемся с вами, чтобы оформить заказ.`);
  });
});
