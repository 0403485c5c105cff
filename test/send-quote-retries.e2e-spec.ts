import { DELIVERY_MAX_ATTEMPTS } from '../src/modules/quotes/send-quote.queue.js';
import {
  STORE_URL,
  type Worker,
  api,
  countByTo,
  createQuote,
  dropQueueKeys,
  settled,
  startWorker,
  uniquePrefix,
} from './send-quote.fixtures.js';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

/** Retries with backoff when the SMTP server refuses; `failed` with the reason once attempts run out. */
describeE2E('send-quote: SMTP refusals', () => {
  const prefix = uniquePrefix('retries');
  let sink: SmtpSink;
  let t: TestApp;
  let token: string;
  let worker: Worker;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await bootTestApp('send_quote_retries', { REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix, SMTP_URL: sink.url, STORE_URL });
    token = await t.token();
    worker = await startWorker({
      DATABASE_URL: t.dbUrl,
      REDIS_URL: TEST_REDIS_URL,
      SMTP_URL: sink.url,
      QUEUE_PREFIX: prefix,
      // 100, 200, 400, 800 ms between the five attempts.
      DELIVERY_BACKOFF_MS: '100',
      DELIVERY_SWEEP_SECONDS: '30',
    });
  }, 60_000);

  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await t?.close();
    await sink?.close();
    await dropQueueKeys(prefix);
  });

  it('a temporary refusal (451) is retried until the server accepts: one message, attempts > 1', async () => {
    let refused = 0;
    sink.reply = (mail) =>
      mail.headers.to === 'flaky@example.test' && refused++ < 2 ? { code: 451, message: 'Try again later' } : 'accept';
    const quote = await createQuote(t, token, 'Flaky server', ['flaky@example.test']);
    await api(t, token, 'post', `/quote/${quote.id}/send-quote`, {}, 202);

    const [row] = await settled(t, token, quote.id);
    expect(row).toEqual({
      id: expect.any(Number),
      recipient: 'flaky@example.test',
      status: 'sent',
      attempts: 3,
      last_error: null,
      message_id: `<quote-${quote.id}-delivery-${row.id}@shop.example.test>`,
      sent_at: expect.stringMatching(/^\d{4}-/),
      created_at: expect.stringMatching(/^\d{4}-/),
    });
    const mine = sink.received.filter((m) => m.headers.to === 'flaky@example.test');
    expect(mine.map((m) => m.outcome)).toEqual(['refused', 'refused', 'accepted']);
    // The retry is the same message: same Message-ID every time.
    expect(new Set(mine.map((m) => m.headers['message-id']))).toEqual(new Set([row.message_id]));
  });

  it('a permanent refusal (550) ends `failed` with the reason after the last attempt', async () => {
    sink.reply = (mail) => (mail.headers.to === 'gone@example.test' ? { code: 550, message: 'No such mailbox' } : 'accept');
    const quote = await createQuote(t, token, 'Dead mailbox', ['gone@example.test', 'fine@example.test']);
    await api(t, token, 'post', `/quote/${quote.id}/send-quote`, {}, 202);

    const list = await settled(t, token, quote.id, ['sent', 'failed']);
    expect(
      list.map(({ recipient, status, attempts, last_error, message_id, sent_at }) => ({
        recipient,
        status,
        attempts,
        last_error,
        message_id,
        sent_at,
      })),
    ).toEqual([
      {
        recipient: 'gone@example.test',
        status: 'failed',
        attempts: DELIVERY_MAX_ATTEMPTS,
        last_error: 'Message failed: 550 No such mailbox',
        message_id: null,
        sent_at: null,
      },
      {
        recipient: 'fine@example.test',
        status: 'sent',
        attempts: 1,
        last_error: null,
        message_id: expect.stringMatching(/^<quote-\d+-delivery-\d+@shop\.example\.test>$/),
        sent_at: expect.stringMatching(/^\d{4}-/),
      },
    ]);
    const tries = sink.received.filter((m) => m.headers.to === 'gone@example.test');
    expect(tries.map((m) => m.outcome)).toEqual(Array(DELIVERY_MAX_ATTEMPTS).fill('refused'));
    // Exponential backoff from DELIVERY_BACKOFF_MS: each wait at least 100 ms · 2^n.
    const gaps = tries.slice(1).map((m, i) => m.at - tries[i].at);
    gaps.forEach((gap, n) => expect(gap).toBeGreaterThanOrEqual(100 * 2 ** n));
    expect(countByTo(sink.accepted())).toEqual({ 'flaky@example.test': 1, 'fine@example.test': 1 });

    // Failed is final: no later attempt comes.
    const [{ attempts_total }] = await t.sql<{ attempts_total: number }>(
      'SELECT sum(attempts)::int AS attempts_total FROM quote_deliveries',
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(await t.sql('SELECT sum(attempts)::int AS attempts_total FROM quote_deliveries')).toEqual([{ attempts_total }]);
    expect(sink.received.filter((m) => m.headers.to === 'gone@example.test')).toHaveLength(DELIVERY_MAX_ATTEMPTS);
  }, 30_000);
});
