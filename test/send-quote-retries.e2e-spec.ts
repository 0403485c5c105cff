import { DELIVERY_MAX_ATTEMPTS } from '../src/modules/quotes/send-quote.queue.js';
import {
  type DeliveryJson,
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
import { waitFor } from './support/processes.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { type TcpProxy, startTcpProxy } from './support/tcp-proxy.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

/**
 * A temporary failure (4xx reply, refused connection) is retried with backoff; a permanent refusal
 * of the message or its recipient (5xx to RCPT TO or DATA) fails the delivery at once, with the
 * server's reply as its reason. The worker reaches the SMTP server through a TCP proxy, so a test
 * can take the server away.
 */
describeE2E('send-quote: SMTP refusals', () => {
  const prefix = uniquePrefix('retries');
  let sink: SmtpSink;
  let smtpProxy: TcpProxy;
  let t: TestApp;
  let token: string;
  let worker: Worker;

  beforeAll(async () => {
    sink = await startSmtpSink();
    smtpProxy = await startTcpProxy({ target: { host: '127.0.0.1', port: sink.port } });
    t = await bootTestApp('send_quote_retries', { REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix, SMTP_URL: sink.url, STORE_URL });
    token = await t.token();
    worker = await startWorker({
      DATABASE_URL: t.dbUrl,
      REDIS_URL: TEST_REDIS_URL,
      SMTP_URL: smtpProxy.url(sink.url),
      QUEUE_PREFIX: prefix,
      // 250, 500, 1000, 2000 ms between the five attempts.
      DELIVERY_BACKOFF_MS: '250',
      DELIVERY_SWEEP_SECONDS: '30',
    });
  }, 60_000);

  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await t?.close();
    await smtpProxy?.close();
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

  it('a permanent refusal (550 to DATA) fails the delivery at once with the server reply: one attempt', async () => {
    sink.reply = (mail) => (mail.headers.to === 'gone@example.test' ? { code: 550, message: 'No such mailbox' } : 'accept');
    const quote = await createQuote(t, token, 'Dead mailbox', ['gone@example.test', 'fine@example.test']);
    await api(t, token, 'post', `/quote/${quote.id}/send-quote`, {}, 202);

    const list = await settled(t, token, quote.id, ['sent', 'failed']);
    expect(list.map(brief)).toEqual([
      {
        recipient: 'gone@example.test',
        status: 'failed',
        attempts: 1,
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
    expect(sink.received.filter((m) => m.headers.to === 'gone@example.test').map((m) => m.outcome)).toEqual(['refused']);
    expect(countByTo(sink.accepted())).toEqual({ 'flaky@example.test': 1, 'fine@example.test': 1 });
    await expectNoLaterAttempt(quote.id, 'gone@example.test');
  });

  it('a permanent refusal of the recipient (550 to RCPT TO) fails the delivery at once with the reply', async () => {
    sink.recipientReply = (address) =>
      address === 'nobody@example.test' ? { code: 550, message: '5.1.1 <nobody@example.test>: Recipient address rejected' } : 'accept';
    const quote = await createQuote(t, token, 'Unknown recipient', ['nobody@example.test']);
    await api(t, token, 'post', `/quote/${quote.id}/send-quote`, {}, 202);

    const [row] = await settled(t, token, quote.id, ['failed']);
    expect(brief(row)).toEqual({
      recipient: 'nobody@example.test',
      status: 'failed',
      attempts: 1,
      last_error: "Can't send mail - all recipients were rejected: 550 5.1.1 <nobody@example.test>: Recipient address rejected",
      message_id: null,
      sent_at: null,
    });
    expect(sink.refusedRecipients.filter((a) => a === 'nobody@example.test')).toHaveLength(1);
    expect(sink.received.filter((m) => m.headers.to === 'nobody@example.test')).toEqual([]);
    await expectNoLaterAttempt(quote.id, 'nobody@example.test');
  });

  it('a refused recipient whose blind copy was accepted still fails (the copy is not the delivery)', async () => {
    sink.recipientReply = (address) =>
      address === 'moved@example.test' ? { code: 551, message: '5.1.6 User has moved; please try <new@example.test>' } : 'accept';
    const quote = await createQuote(t, token, 'Moved recipient', ['moved@example.test', 'stays@example.test']);
    await api(t, token, 'post', `/quote/${quote.id}/send-quote`, { bcc: ['boss@example.test'] }, 202);

    const list = await settled(t, token, quote.id, ['sent', 'failed']);
    expect(list.map(({ recipient, status, attempts, last_error }) => ({ recipient, status, attempts, last_error }))).toEqual([
      {
        recipient: 'moved@example.test',
        status: 'failed',
        attempts: 1,
        last_error: 'Recipient command failed: 551 5.1.6 User has moved; please try <new@example.test>',
      },
      { recipient: 'stays@example.test', status: 'sent', attempts: 1, last_error: null },
    ]);
    // The blind copy rode with the first message, once; the refused recipient got nothing.
    const copies = sink.accepted().filter((m) => m.rcptTo.includes('boss@example.test'));
    expect(copies.map((m) => [m.headers.to, m.rcptTo])).toEqual([['moved@example.test', ['boss@example.test']]]);
    await expectNoLaterAttempt(quote.id, 'moved@example.test');
  });

  it('a refused connection is retried until the server is back: one message, attempts > 1', async () => {
    await smtpProxy.cut({ mode: 'reset', newConnections: 'refuse' });
    const quote = await createQuote(t, token, 'Server down', ['patient@example.test']);
    await api(t, token, 'post', `/quote/${quote.id}/send-quote`, {}, 202);

    // The first attempt met the closed port and the row waits for its retry.
    const failedOnce = await waitFor(
      async () =>
        (
          await t.sql<{ status: string; attempts: number; last_error: string }>(
            'SELECT status, attempts, last_error FROM quote_deliveries WHERE quote_id = $1 AND last_error IS NOT NULL',
            [quote.id],
          )
        )[0],
      'the first attempt to fail',
    );
    await smtpProxy.restore();
    expect(failedOnce).toEqual({ status: 'queued', attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED/) });

    const [row] = await settled(t, token, quote.id);
    expect(brief(row)).toEqual({
      recipient: 'patient@example.test',
      status: 'sent',
      attempts: expect.any(Number),
      last_error: null,
      message_id: `<quote-${quote.id}-delivery-${row.id}@shop.example.test>`,
      sent_at: expect.stringMatching(/^\d{4}-/),
    });
    expect(row.attempts).toBeGreaterThan(1);
    expect(row.attempts).toBeLessThanOrEqual(DELIVERY_MAX_ATTEMPTS);
    expect(sink.received.filter((m) => m.headers.to === 'patient@example.test').map((m) => m.outcome)).toEqual(['accepted']);
  });

  const brief = ({ recipient, status, attempts, last_error, message_id, sent_at }: DeliveryJson) => ({
    recipient,
    status,
    attempts,
    last_error,
    message_id,
    sent_at,
  });

  /**
   * Failed is final: the row has no further attempt and the sink no further message. A retry of it
   * would have been due one backoff (DELIVERY_BACKOFF_MS, 250 ms) after its attempt. A probe sent
   * after that attempt and refused once for now (451) is retried after the same backoff, so once the
   * probe's second attempt is in, a retry of the failed delivery would have been made already.
   */
  async function expectNoLaterAttempt(quoteId: number, recipient: string) {
    const received = () => sink.received.filter((m) => m.rcptTo.includes(recipient)).length;
    const refused = () => sink.refusedRecipients.filter((a) => a === recipient).length;
    const before = [received(), refused()];
    const query = 'SELECT status, attempts FROM quote_deliveries WHERE quote_id = $1 AND recipient = $2';
    const [row] = await t.sql(query, [quoteId, recipient]);

    const probe = `probe-${quoteId}@example.test`;
    const reply = sink.reply;
    let probeRefused = false;
    sink.reply = (mail) => {
      if (mail.headers.to !== probe) return reply(mail);
      if (probeRefused) return 'accept';
      probeRefused = true;
      return { code: 451, message: 'Try again later' };
    };
    try {
      const probeQuote = await createQuote(t, token, 'Probe', [probe]);
      await api(t, token, 'post', `/quote/${probeQuote.id}/send-quote`, {}, 202);
      const [sent] = await settled(t, token, probeQuote.id);
      expect([sent.recipient, sent.attempts]).toEqual([probe, 2]);
    } finally {
      sink.reply = reply;
    }

    expect(await t.sql(query, [quoteId, recipient])).toEqual([row]);
    expect([received(), refused()]).toEqual(before);
  }
});
