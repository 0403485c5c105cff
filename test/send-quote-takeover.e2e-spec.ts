import {
  STORE_URL,
  type Worker,
  api,
  countByTo,
  createQuote,
  dropQueueKeys,
  heldByPid,
  pauseWorker,
  resumeWorker,
  startWorker,
  uniquePrefix,
} from './send-quote.fixtures.js';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { jsonLines, waitFor } from './support/processes.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

/** SMTP connections per worker (the default): at most this many messages wait on the server's answer at once. */
const SMTP_POOL_SIZE = 5;

/** The delivery id of a message, from the Message-ID the worker gives it (`<quote-Q-delivery-D@host>`). */
const deliveryOf = (m: { headers: Record<string, string> }) => Number(/-delivery-(\d+)@/.exec(m.headers['message-id'])![1]);

/**
 * The leased claim of send-quote deliveries, on the real worker processes: a worker SIGKILLed
 * mid-send has its claims taken over by a live worker within 30 s of its death with the default
 * lease (DELIVERY_LEASE_SECONDS 15, renewed every 5 s, looked for every 5 s), and a worker paused
 * past its lease (SIGSTOP) whose deliveries were taken over and sent by another cannot record them
 * when it comes back (SIGCONT): the fence refuses its writes, each delivery is recorded once.
 */
describeE2E('send-quote: dead holders, fast and fenced', () => {
  const prefix = uniquePrefix('takeover');
  let t: TestApp;
  let token: string;
  let sink: SmtpSink;
  const workers: Worker[] = [];
  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: t.dbUrl,
    REDIS_URL: TEST_REDIS_URL,
    SMTP_URL: sink.url,
    QUEUE_PREFIX: prefix,
    ...extra,
  });
  const start = async (extra: Record<string, string> = {}) => {
    const w = await startWorker(env(extra));
    workers.push(w);
    return w;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await bootTestApp('send_quote_takeover', { REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix, SMTP_URL: sink.url, STORE_URL });
    token = await t.token();
  }, 60_000);
  afterEach(async () => {
    // SIGKILL ends a stopped process too.
    for (const w of workers.splice(0)) await w.stop('SIGKILL');
    sink.reply = () => 'accept';
    sink.received.splice(0);
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await dropQueueKeys(prefix);
  });

  it('a worker killed mid-send: its claims are taken over within 30 s, every recipient served, duplicates only of its messages in flight', async () => {
    const recipients = Array.from({ length: 200 }, (_, i) => `takeover-${String(i).padStart(3, '0')}@example.test`);
    // Two quotes of 100 (a quote's customer_emails hold at most 100).
    const quotes = [
      await createQuote(t, token, 'Takeover 1', recipients.slice(0, 100)),
      await createQuote(t, token, 'Takeover 2', recipients.slice(100)),
    ];
    // A slow server: each message is answered 300 ms after its data, so a send takes a while.
    sink.reply = () => new Promise((resolve) => setTimeout(() => resolve('accept'), 300));

    // Default lease and sweep: the time bound below is the one of the defaults.
    const first = await start();
    for (const q of quotes) await api(t, token, 'post', `/quote/${q.id}/send-quote`, {}, 202);
    // Four jobs of 50, WORKER_CONCURRENCY 4: the first worker claims all 200 deliveries.
    await waitFor(
      async () => (await t.sql(`SELECT id FROM quote_deliveries WHERE ${heldByPid(first.pid)}`)).length === 200,
      'the first worker to claim all 200 deliveries',
    );
    const second = await start();
    await waitFor(() => sink.accepted().length >= 40, '40 accepted messages', 30_000);

    const killedAt = Date.now();
    expect(await first.stop('SIGKILL')).toBeNull();
    const orphaned = (
      await t.sql<{ id: number }>(`SELECT id FROM quote_deliveries WHERE status = 'sending' AND ${heldByPid(first.pid)} ORDER BY id`)
    ).map((r) => r.id);
    expect(orphaned.length).toBeGreaterThan(100);

    await waitFor(
      async () => (await t.sql("SELECT id FROM quote_deliveries WHERE status = 'sent'")).length === 200,
      'all 200 deliveries to be sent',
      90_000,
    );
    // Taken over by the second worker, at a time the database recorded (claimed_at of the new claim).
    const taken = await t.sql<{ holder_pid: string; first_ms: string; last_ms: string; attempts: number[] }>(
      `SELECT split_part(lease_holder, ':', 2) AS holder_pid,
              (extract(epoch FROM min(claimed_at)) * 1000)::bigint::text AS first_ms,
              (extract(epoch FROM max(claimed_at)) * 1000)::bigint::text AS last_ms,
              array_agg(DISTINCT attempts) AS attempts
         FROM quote_deliveries WHERE id = ANY($1::int[]) GROUP BY 1`,
      [orphaned],
    );
    expect(taken).toEqual([{ holder_pid: String(second.pid), first_ms: expect.any(String), last_ms: expect.any(String), attempts: [2] }]);
    const takeoverMs = Number(taken[0].last_ms) - killedAt;
    expect(takeoverMs).toBeLessThanOrEqual(30_000);

    // Duplicates: a message of the dead worker that reached the server before the takeover but was
    // never recorded goes again. Those are exactly its deliveries still claimed at its death that
    // the server had received (at most one per SMTP connection awaiting its answer, plus any
    // answered in the instant before the kill, not yet recorded).
    const takenAt = Number(taken[0].first_ms);
    const orphans = new Set(orphaned);
    const unrecorded = sink.received.filter((m) => m.at < takenAt && orphans.has(deliveryOf(m)));
    expect(unrecorded.length).toBeLessThanOrEqual(2 * SMTP_POOL_SIZE);
    expect(sink.accepted().length).toBe(200 + unrecorded.length);
    const expected = Object.fromEntries(recipients.map((r) => [r, 1]));
    for (const m of unrecorded) expected[m.headers.to] = 2;
    expect(countByTo(sink.accepted())).toEqual(expected);
    // One `quote.delivery.sent` per delivery.
    const [{ events, deliveries }] = await t.sql<{ events: number; deliveries: number }>(
      `SELECT count(*)::int AS events, count(DISTINCT resource_id)::int AS deliveries FROM events WHERE type = 'quote.delivery.sent'`,
    );
    expect({ events, deliveries }).toEqual({ events: 200, deliveries: 200 });
    process.stdout.write(
      `send-quote takeover: ${orphaned.length} claims of the killed worker taken over ${(Number(taken[0].first_ms) - killedAt) / 1000}–${takeoverMs / 1000} s after the kill; ${unrecorded.length} messages sent twice\n`,
    );
  }, 150_000);

  it('a worker paused past its lease cannot record the deliveries another took over and sent', async () => {
    const recipients = Array.from({ length: 10 }, (_, i) => `fence-${i}@example.test`);
    const quote = await createQuote(t, token, 'Fence', recipients);
    // The first worker's messages wait at the server until the test answers them.
    let answerFirst!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    let firstPhase = true;
    sink.reply = () => (firstPhase ? firstAnswered.then(() => 'accept' as const) : 'accept');

    const lease = { DELIVERY_LEASE_SECONDS: '2', DELIVERY_SWEEP_SECONDS: '1' };
    const first = await start(lease);
    await api(t, token, 'post', `/quote/${quote.id}/send-quote`, {}, 202);
    // One message per SMTP connection waits for its answer; the other five wait in the pool.
    await waitFor(() => sink.received.length === SMTP_POOL_SIZE, `${SMTP_POOL_SIZE} messages at the server`);
    pauseWorker(first);
    firstPhase = false;

    const second = await start(lease);
    await waitFor(
      async () =>
        (await t.sql(`SELECT id FROM quote_deliveries WHERE quote_id = $1 AND status = 'sent' AND ${heldByPid(second.pid)}`, [quote.id]))
          .length === 10,
      'the second worker to take over and send all 10',
      30_000,
    );
    const before = await t.sql('SELECT id, status, message_id, sent_at, lease_holder, attempts FROM quote_deliveries ORDER BY id');

    // The first worker comes back: the server accepts what it held, and it sends what it had left.
    answerFirst();
    resumeWorker(first);
    const refusals = () =>
      jsonLines(first.output()).filter((l) => String(l.msg).includes('accepted message not recorded, its claim')).length;
    // It sends its ten (SMTP has no fence: the server takes them), and each one's record meets the fence.
    await waitFor(() => sink.accepted().length === 20 && refusals() === 10, "the first worker's ten writes to be refused", 30_000);
    expect(await t.sql('SELECT id, status, message_id, sent_at, lease_holder, attempts FROM quote_deliveries ORDER BY id')).toEqual(before);
    const perDelivery = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE type = 'quote.delivery.sent' AND resource_id = ANY($1::int[]) GROUP BY resource_id`,
      [(await t.sql<{ id: number }>('SELECT id FROM quote_deliveries WHERE quote_id = $1', [quote.id])).map((r) => r.id)],
    );
    expect(perDelivery).toEqual(Array.from({ length: 10 }, () => ({ n: 1 })));
    // Its renewal told it too: the claims were taken over.
    expect(first.output()).toMatch(/delivery claim\(s\) of [^ ]+ were taken over by another holder/);
    // Each recipient got the second worker's message and the paused worker's late one.
    expect(countByTo(sink.accepted())).toEqual(Object.fromEntries(recipients.map((r) => [r, 2])));
  }, 90_000);
});
