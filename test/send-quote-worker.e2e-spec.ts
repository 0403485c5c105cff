import Bull from 'bull';
import { DeliveriesService } from '../src/modules/quotes/deliveries.service.js';
import {
  type DeliveryJson,
  STORE_URL,
  type Worker,
  api,
  countByTo,
  createQuote,
  deliveries,
  dropQueueKeys,
  settled,
  startWorker,
  uniquePrefix,
} from './send-quote.fixtures.js';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { waitFor } from './support/processes.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { DEFAULT_STORE_ID, type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS } from './support/envelope.js';

/** A timestamp of the API (UTC) as the page and the e-mail spell it in en-US. */
const spelled = (ts: string) =>
  `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(`${ts.replace(' ', 'T')}Z`))} UTC`;

/**
 * docs/api.md#sending-a-quote with every part real: the api enqueues on Redis, the built worker process consumes
 * the queue and sends through an SMTP server, the database records the outcome.
 */
describeE2E('send-quote: api → Bull → worker → SMTP', () => {
  const prefix = uniquePrefix('worker');
  let sink: SmtpSink;
  let t: TestApp;
  let token: string;
  let worker: Worker | null = null;
  let queue: Bull.Queue;
  const workerEnv = () => ({
    DATABASE_URL: t.dbUrl,
    REDIS_URL: TEST_REDIS_URL,
    SMTP_URL: sink.url,
    QUEUE_PREFIX: prefix,
    DELIVERY_SWEEP_SECONDS: '1',
    DELIVERY_LEASE_SECONDS: '5',
  });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await bootTestApp('send_quote_worker', { REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix, SMTP_URL: sink.url, STORE_URL });
    token = await t.token();
    queue = new Bull('send-quote', TEST_REDIS_URL, { prefix });
    worker = await startWorker(workerEnv());
  }, 60_000);

  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await queue?.close();
    await t?.close();
    await sink?.close();
    await dropQueueKeys(prefix);
  });

  let sentDelivery: DeliveryJson;

  it('sends one message per de-duplicated recipient, with the quote, the cart link and blind copies', async () => {
    const group = await api<{ id: number }>(t, token, 'post', '/customergroup', { name: 'Trade', api_code: 'trade' }, 201);
    const ann = await api<{ id: number }>(t, token, 'post', '/customer', { email: 'Ann@example.test', first_name: 'Ann' }, 201);
    await api(t, token, 'post', '/customer', { email: 'carol@example.test', customer_group_id: group.id }, 201);
    await api(t, token, 'post', '/customer', { email: 'BOB@example.test', customer_group_id: group.id }, 201);
    const quote = await createQuote(t, token, 'Café & Co spring order', ['ann@example.test', 'bob@example.test'], {
      customer_id: ann.id,
      customer_groups: ['trade'],
    });

    const res = await t.http
      .post(`/quote/${quote.number}/send-quote`)
      .set({ Authorization: `Bearer ${token}` })
      .send({ message: 'Prices held for two weeks.', bcc: ['sales@shop.example.test'] });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      meta: { status: 202, success: true },
      data: {
        quote_id: quote.id,
        deliveries: [
          { id: expect.any(Number), recipient: 'Ann@example.test', status: 'queued' },
          { id: expect.any(Number), recipient: 'bob@example.test', status: 'queued' },
          { id: expect.any(Number), recipient: 'carol@example.test', status: 'queued' },
        ],
      },
    });

    const list = await settled(t, token, quote.id);
    expect(list).toEqual(
      res.body.data.deliveries.map((d: { id: number; recipient: string }) => ({
        id: d.id,
        recipient: d.recipient,
        status: 'sent',
        attempts: 1,
        last_error: null,
        message_id: `<quote-${quote.id}-delivery-${d.id}@shop.example.test>`,
        sent_at: TS,
        created_at: TS,
      })),
    );

    const mails = sink.accepted();
    expect(countByTo(mails)).toEqual({ 'Ann@example.test': 1, 'bob@example.test': 1, 'carol@example.test': 1 });
    expect(sink.received).toHaveLength(3);
    for (const d of list) {
      const mail = mails.find((m) => m.headers.to === d.recipient)!;
      expect(mail.mailFrom).toBe('no-reply@localhost');
      // The blind copy rides with the first message of the send only.
      expect(mail.rcptTo).toEqual(d.id === list[0].id ? [d.recipient, 'sales@shop.example.test'] : [d.recipient]);
      expect(mail.headers['message-id']).toBe(d.message_id);
      expect(mail.headers.from).toBe('Store <no-reply@localhost>');
      expect(mail.headers.subject).toBe(`Your quote ${quote.number}: Café & Co spring order`);
      expect(mail.headers.bcc).toBeUndefined();
      expect(mail.raw).not.toContain('sales@shop.example.test');

      const cartLink = `${STORE_URL}/cart/${quote.cart_link_id}`;
      // The amounts, dates and words the cart page shows (CURRENCY USD, LOCALE en-US by default).
      const validUntil = `This quote is valid until ${spelled(quote.expires_at!)}.`;
      expect(mail.text).toBe(
        [
          'Café & Co spring order',
          `Quote ${quote.number}`,
          '',
          'Prices held for two weeks.',
          '',
          '- Widget (W-' + /W-(\w+)/.exec(mail.text)![1] + '): 3 x $12.50 = $37.50',
          '- Gadget (G-' + /G-(\w+)/.exec(mail.text)![1] + '): 2 x $3.25 = $6.50',
          '',
          'Subtotal: $44.00',
          'Discount: $0.00',
          'Tax: $0.00',
          'Total: $44.00',
          validUntil,
          '',
          `Open your cart: ${cartLink}`,
          '',
          '--',
          'Store',
          '',
        ].join('\n'),
      );
      expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en-US">\n/);
      expect(mail.html).toContain(`<title>Your quote ${quote.number}: Café &amp; Co spring order</title>`);
      expect(mail.html).toContain('<h1 dir="auto" style="font-size:24px">Café &amp; Co spring order</h1>');
      expect(mail.html).toContain(`<p>Quote ${quote.number}</p>`);
      expect(mail.html).toContain('<p dir="auto">Prices held for two weeks.</p>');
      expect(mail.html).toMatch(
        /<tr><td style="overflow-wrap:anywhere;word-break:break-word"><span dir="auto">Widget<\/span> \(W-\w+\)<\/td><td align="right">3<\/td><td align="right">\$12\.50<\/td><td align="right">\$37\.50<\/td><\/tr>/,
      );
      expect(mail.html).toMatch(
        /<tr><td style="overflow-wrap:anywhere;word-break:break-word"><span dir="auto">Gadget<\/span> \(G-\w+\)<\/td><td align="right">2<\/td><td align="right">\$3\.25<\/td><td align="right">\$6\.50<\/td><\/tr>/,
      );
      expect(mail.html).toContain(`<tr><td><strong>Total</strong></td><td align="right"><strong>$44.00</strong></td></tr>`);
      expect(mail.html).toContain(`<p>${validUntil}</p>`);
      expect(mail.html).toContain(`<a href="${cartLink}">Open your cart</a>`);
    }

    const after = await api<{ last_sent_at: string | null }>(t, token, 'get', `/quote/${quote.id}`, undefined, 200);
    expect(after.last_sent_at).toEqual(TS);
    const [row] = await t.sql<{ last_sent_at: Date; newest: Date }>(
      'SELECT q.last_sent_at, max(d.sent_at) AS newest FROM quotes q JOIN quote_deliveries d ON d.quote_id = q.id WHERE q.id = $1 GROUP BY q.id',
      [quote.id],
    );
    expect(row.last_sent_at.getTime()).toBeGreaterThanOrEqual(row.newest.getTime());
    sentDelivery = list[0];
  });

  it('never sends a delivery twice: a job added again by hand, or a direct call, is skipped', async () => {
    const before = sink.received.length;
    const job = await queue.add({ deliveryIds: [sentDelivery.id] }, { jobId: `delivery-${sentDelivery.id}` });
    expect(await job.finished()).toBe('skipped');
    expect(await t.app.get(DeliveriesService).deliver(sentDelivery.id)).toBe('skipped');

    expect(sink.received).toHaveLength(before);
    const [row] = await t.sql('SELECT status, attempts, message_id FROM quote_deliveries WHERE id = $1', [sentDelivery.id]);
    expect(row).toEqual({ status: 'sent', attempts: 1, message_id: sentDelivery.message_id });
  });

  it('stops with exit code 0 on SIGTERM while idle', async () => {
    expect(await worker!.stop('SIGTERM')).toBe(0);
    worker = null;
  });

  it('delivers what Redis lost: the sweep enqueues deliveries stuck in queued', async () => {
    const quote = await createQuote(t, token, 'Lost jobs', ['dora@example.test', 'eve@example.test']);
    const sent = await api<{ deliveries: { id: number }[] }>(t, token, 'post', `/quote/${quote.id}/send-quote`, {}, 202);
    const ids = sent.deliveries.map((d) => d.id);
    // The api enqueued them, both in one job (right after its answer: the 202 does not wait for
    // Redis); Redis now loses it before any worker ran.
    const waiting = await waitFor(async () => {
      const jobs = await queue.getWaiting();
      return jobs.length ? jobs : null;
    }, 'the api to enqueue the deliveries');
    // A job names the cluster of its rows and their store (docs/api.md#clusters): here the home, the
    // only one, and the store default.
    expect(waiting.map((j) => j.data)).toEqual([{ deliveryIds: ids, cluster: 'home', store: DEFAULT_STORE_ID }]);
    for (const job of waiting) await job.remove();
    expect(await queue.count()).toBe(0);

    const before = sink.received.length;
    worker = await startWorker(workerEnv());
    const rows = await settled(t, token, quote.id);
    expect(rows.map((d) => [d.recipient, d.attempts])).toEqual([
      ['dora@example.test', 1],
      ['eve@example.test', 1],
    ]);
    expect(countByTo(sink.received.slice(before))).toEqual({ 'dora@example.test': 1, 'eve@example.test': 1 });
    expect(worker.output()).toMatch(/re-enqueued 2 deliveries/);
  });

  it('on SIGTERM finishes the message in hand, records it, then exits 0', async () => {
    let release!: () => void;
    sink.reply = () => new Promise((resolve) => (release = () => resolve('accept')));
    const quote = await createQuote(t, token, 'Graceful', ['fay@example.test']);
    await api(t, token, 'post', `/quote/${quote.id}/send-quote`, {}, 202);
    await waitFor(() => sink.received.some((m) => m.headers.to === 'fay@example.test'), 'the message to reach the sink');

    const exited = worker!.stop('SIGTERM');
    await waitFor(() => /SIGTERM: finishing the job in hand/.test(worker!.output()), 'the worker to start stopping');
    release();
    expect(await exited).toBe(0);
    worker = null;

    const [row] = await deliveries(t, token, quote.id);
    expect(row).toMatchObject({ recipient: 'fay@example.test', status: 'sent', attempts: 1, last_error: null });
    expect(countByTo(sink.accepted().filter((m) => m.headers.to === 'fay@example.test'))).toEqual({ 'fay@example.test': 1 });
  });
});
