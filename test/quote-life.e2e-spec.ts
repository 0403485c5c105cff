import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { eventually } from './support/eventually.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';
import { apiSteps, type Json } from './support/api-client.js';

const tokenOf = (html: string) => /<input type="hidden" name="csrf_token" value="([^"]+)">/.exec(html)?.[1];
const revisionOf = (html: string) => /<input type="hidden" name="revision" value="(\d+)">/.exec(html)?.[1];

/**
 * A quote's life (docs/api.md#a-quotes-life): revision, a PATCH that changes nothing, final once decided,
 * reopen, decline from the cart page, and a stale accept.
 */
describeE2E('a quote’s life: revision, no-op PATCHes, final once decided, reopen, decline', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let auth: Record<string, string>;
  let productId: number;

  const { send, get, events } = apiSteps(
    () => t,
    () => auth,
  );
  const page = async (q: Json) => {
    const html = (await t.http.get(`/cart/${q.cart_link_id}`)).text;
    return { html, token: tokenOf(html)!, revision: revisionOf(html)! };
  };
  const newQuote = () =>
    send('post', '/quote', { name: 'Chairs', customer_emails: ['buyer@example.test'], items: [{ product_id: productId, quantity: 2 }] });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await bootTestApp('quote_life', {
      STORE_URL: 'https://shop.example.test',
      SMTP_URL: sink.url,
      STORE_EMAIL: 'sales@shop.example.test',
    });
    auth = { Authorization: `Bearer ${await t.token()}` };
    productId = (await send('post', '/product', { name: 'Chair', sku: 'CHAIR', base_price: '40.00' })).id;
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });
  const mailsTo = (address: string, number: string) =>
    sink.accepted().filter((m) => m.rcptTo.includes(address) && m.headers.subject.includes(number));

  describe('revision and a PATCH that changes nothing', () => {
    it('counts revisions from 1; the same values again move neither updated_at nor the ETag, and record no event', async () => {
      const q = await newQuote();
      expect(q).toMatchObject({
        revision: 1,
        status: 'active',
        accepted_at: null,
        declined_at: null,
        decline_reason: null,
        order_id: null,
      });
      const changed = await t.http.patch(`/quote/${q.id}`).set(auth).send({ name: 'Chairs for the office' });
      expect(changed.body.data).toMatchObject({ revision: 2, name: 'Chairs for the office' });
      const etag = changed.headers.etag;
      // Three identical PATCHes: the same values, items, e-mails and expiry again.
      for (let i = 0; i < 3; i++) {
        const same = await t.http
          .patch(`/quote/${q.number}`)
          .set(auth)
          .send({
            name: 'Chairs for the office',
            customer_emails: ['buyer@example.test'],
            items: [{ product_id: productId, quantity: 2 }],
          });
        expect(same.status).toBe(200);
        expect(same.body).toEqual(ok(200, changed.body.data));
        expect(same.headers.etag).toBe(etag);
      }
      expect((await events('quote.updated', q.id)).map((e) => e.data.revision)).toEqual([2]);
      const items = await t.http
        .patch(`/quote/${q.id}`)
        .set(auth)
        .send({ items: [{ product_id: productId, quantity: 3 }] });
      expect(items.body.data).toMatchObject({ revision: 3, total: '120.00' });
    });

    it('products: the same values again change nothing and record no event', async () => {
      const p = await send('post', '/product', { name: 'Stool', sku: 'STOOL', base_price: '10.00' });
      const first = await t.http.patch(`/product/${p.id}`).set(auth).send({ name: 'Stool', base_price: '10', sku: 'STOOL' });
      expect(first.body).toEqual(ok(200, p));
      const changed = await t.http.patch(`/product/${p.id}`).set(auth).send({ base_price: '11.50' });
      expect(changed.body.data.base_price).toBe('11.50');
      const again = await t.http.patch(`/product/${p.id}`).set(auth).send({ base_price: 11.5 });
      expect(again.headers.etag).toBe(changed.headers.etag);
      expect((await events('product.updated', p.id)).length).toBe(1);
    });

    it('another resource (a customer): the same values again change nothing', async () => {
      const c = await send('post', '/customer', { email: 'same@example.test', first_name: 'Sam' });
      const same = await t.http.patch(`/customer/${c.id}`).set(auth).send({ email: 'same@example.test', first_name: 'Sam' });
      expect(same.body).toEqual(ok(200, c));
      expect((await events('customer.updated', c.id)).length).toBe(0);
    });

    it('GET /quotes?status= takes each status', async () => {
      const res = await t.http.get('/quotes?status=bogus').set(auth);
      expect(res.body).toEqual(fail(422, { status: ['must be one of: active, accepted, declined, expired, ordered'] }));
      for (const status of ['active', 'accepted', 'declined', 'expired', 'ordered']) {
        const list = await t.http.get(`/quotes?status=${status}`).set(auth);
        expect(list.status).toBe(200);
        for (const q of list.body.data as Json[]) expect(q.status).toBe(status);
      }
    });
  });

  describe('final once decided; reopen', () => {
    it('accepted: PATCH, DELETE and send-quote are 409 naming the status; reopen brings it back to active', async () => {
      const q = await newQuote();
      const p = await page(q);
      expect(p.revision).toBe('1');
      const accepted = await t.http.post(`/cart/${q.cart_link_id}/accept`).type('form').send({ csrf_token: p.token, revision: p.revision });
      expect(accepted.status).toBe(303);
      const read = await get(`/quote/${q.id}`);
      expect(read).toEqual({ ...q, status: 'accepted', accepted_at: TS, updated_at: TS });
      expect((await events('quote.accepted', q.id))[0].data).toEqual(read);
      expect((await get(`/quotes?status=accepted`)).map((x: Json) => x.id)).toContain(q.id);

      const msg = (verb: string) => `Quote ${q.number} is accepted and cannot be ${verb}: reopen it first (POST /quote/{id}/reopen).`;
      expect((await t.http.patch(`/quote/${q.id}`).set(auth).send({ name: 'x' })).body).toEqual(fail(409, msg('changed')));
      expect((await t.http.delete(`/quote/${q.id}`).set(auth)).body).toEqual(fail(409, msg('deleted')));
      expect((await t.http.post(`/quote/${q.id}/send-quote`).set(auth).send({})).body).toEqual(fail(409, msg('sent')));

      // The buyer's page shows what was accepted, and no form.
      const after = (await t.http.get(`/cart/${q.cart_link_id}`)).text;
      expect(after).toContain('You accepted this quote on');
      expect(after).toContain('<strong class="accepted-total">$80.00</strong>');
      expect(after).not.toContain('<form');

      const reopened = await t.http.post(`/quote/${q.number}/reopen`).set(auth);
      expect(reopened.status).toBe(200);
      expect(reopened.body).toEqual(ok(200, { ...read, status: 'active', accepted_at: null, updated_at: TS }));
      expect((await events('quote.reopened', q.id))[0].data).toEqual(reopened.body.data);
      const again = await t.http.post(`/quote/${q.id}/reopen`).set(auth);
      expect(again.body).toEqual(fail(409, `Quote ${q.number} is active: only an accepted or declined quote can be reopened.`));
      expect((await t.http.patch(`/quote/${q.id}`).set(auth).send({ name: 'Changed' })).body.data).toMatchObject({ revision: 2 });
    });

    it('a stale accept (the quote changed since the page was shown) is a 409 page with a link to reload', async () => {
      const q = await newQuote();
      const p = await page(q);
      await send('patch', `/quote/${q.id}`, { items: [{ product_id: productId, quantity: 5 }] });
      const res = await t.http.post(`/cart/${q.cart_link_id}/accept`).type('form').send({ csrf_token: p.token, revision: p.revision });
      expect(res.status).toBe(409);
      expect(res.text).toContain('<h1>This quote has changed</h1>');
      expect(res.text).toContain(`<a class="back" href="/cart/${q.cart_link_id}">Reload the quote</a>`);
      expect(await get(`/quote/${q.id}`)).toMatchObject({ status: 'active', accepted_at: null, revision: 2 });
      const fresh = await page(q);
      expect(fresh.revision).toBe('2');
      const accepted = await t.http
        .post(`/cart/${q.cart_link_id}/accept`)
        .type('form')
        .send({ csrf_token: fresh.token, revision: fresh.revision });
      expect(accepted.status).toBe(303);
      expect(await get(`/quote/${q.id}`)).toMatchObject({ status: 'accepted', total: '200.00' });
    });

    it('decline: with a reason, declined_at, quote.declined; final; over-long reasons are refused', async () => {
      const q = await newQuote();
      const p = await page(q);
      expect(p.html).toContain(`<form class="decline" method="post" action="/cart/${q.cart_link_id}/decline">`);
      const long = await t.http
        .post(`/cart/${q.cart_link_id}/decline`)
        .type('form')
        .send({ csrf_token: p.token, revision: p.revision, reason: 'x'.repeat(501) });
      expect(long.status).toBe(422);
      const bad = await t.http.post(`/cart/${q.cart_link_id}/decline`).type('form').send({ csrf_token: 'nope', reason: 'x' });
      expect(bad.status).toBe(403);
      const res = await t.http
        .post(`/cart/${q.cart_link_id}/decline`)
        .type('form')
        .send({ csrf_token: p.token, revision: p.revision, reason: '  Too dear  ' });
      expect(res.status).toBe(303);
      const read = await get(`/quote/${q.id}`);
      expect(read).toEqual({ ...q, status: 'declined', declined_at: TS, decline_reason: 'Too dear', updated_at: TS });
      expect((await events('quote.declined', q.id)).map((e) => e.data)).toEqual([read]);
      // Deciding again changes nothing.
      const accept = await t.http.post(`/cart/${q.cart_link_id}/accept`).type('form').send({ csrf_token: p.token, revision: p.revision });
      expect(accept.status).toBe(303);
      expect(await get(`/quote/${q.id}`)).toEqual(read);
      expect((await t.http.get(`/cart/${q.cart_link_id}`)).text).toContain('You declined this quote on');
      expect((await t.http.patch(`/quote/${q.id}`).set(auth).send({ name: 'x' })).status).toBe(409);
      const reopened = await send('post', `/quote/${q.id}/reopen`);
      expect(reopened).toMatchObject({ status: 'active', declined_at: null, decline_reason: null });
    });
  });

  describe('notices of the buyer’s decision, through the outbox', () => {
    it('accepting e-mails the store and confirms the accepted totals to the recipients', async () => {
      const q = await newQuote();
      const p = await page(q);
      await t.http.post(`/cart/${q.cart_link_id}/accept`).type('form').send({ csrf_token: p.token, revision: p.revision });
      const [buyer] = await eventually(() => {
        const got = mailsTo('buyer@example.test', q.number);
        expect(got).toHaveLength(1);
        return got;
      });
      expect(buyer.headers.subject).toBe(`You accepted quote ${q.number}: Chairs`);
      // The amounts and dates the cart page shows: CURRENCY in LOCALE (USD, en-US by default).
      const accepted = (await get(`/quote/${q.id}`)).accepted_at as string;
      const on = `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(`${accepted.replace(' ', 'T')}Z`))} UTC`;
      expect(buyer.text).toContain(`You accepted quote ${q.number} on ${on}, for a total of $80.00.`);
      expect(buyer.text).toContain('Chair (CHAIR): 2 x $40.00 = $80.00');
      expect(buyer.html).toContain(`<title>You accepted quote ${q.number}: Chairs</title>`);
      const [store] = await eventually(() => {
        const got = mailsTo('sales@shop.example.test', q.number);
        expect(got).toHaveLength(1);
        return got;
      });
      expect(store.headers.subject).toBe(`Quote ${q.number} accepted: Chairs ($80.00)`);
      expect(store.text).toContain(`The buyer accepted quote ${q.number} (Chairs) on its cart page`);
      const deliveries = await get(`/quote/${q.id}/deliveries`);
      await eventually(async () => expect((await get(`/quote/${q.id}/deliveries`)).map((d: Json) => d.status)).toEqual(['sent', 'sent']));
      expect(deliveries.map((d: Json) => d.recipient)).toEqual(['buyer@example.test', 'sales@shop.example.test']);
    });

    it('declining e-mails the store with the reason and confirms it to the recipients, without the reason', async () => {
      const q = await newQuote();
      const p = await page(q);
      const reason = 'Too dear. URGENT: your account is suspended, verify at http://evil.example/';
      await t.http.post(`/cart/${q.cart_link_id}/decline`).type('form').send({ csrf_token: p.token, revision: p.revision, reason });
      const [store] = await eventually(() => {
        const got = mailsTo('sales@shop.example.test', q.number);
        expect(got).toHaveLength(1);
        return got;
      });
      expect(store.headers.subject).toBe(`Quote ${q.number} declined: Chairs`);
      expect(store.text).toContain(`Reason given: ${reason}`);
      const [buyer] = await eventually(() => {
        const got = mailsTo('buyer@example.test', q.number);
        expect(got).toHaveLength(1);
        return got;
      });
      expect(buyer.headers.subject).toBe(`You declined quote ${q.number}: Chairs`);
      // The buyer's free text goes to the store only, never in the confirmations to the recipients.
      expect(buyer.text).toContain(`You declined quote ${q.number}`);
      for (const body of [buyer.text, buyer.html]) {
        expect(body).not.toContain('evil.example');
        expect(body).not.toContain('Too dear');
      }
    });
  });
});
