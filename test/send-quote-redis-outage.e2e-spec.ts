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
import { waitFor } from './support/processes.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { type CutMode, type TcpProxy, startTcpProxy } from './support/tcp-proxy.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

/**
 * send-quote while Redis is away: the api and the worker reach Redis through a TCP proxy that a
 * test cuts. The outbox commit is the promise: the request answers 202 while Redis is still cut,
 * its deliveries wait `queued` in the database, and once Redis is back the worker's sweep enqueues
 * them and every recipient gets exactly one message. Rate limits fail open meanwhile.
 */
describeE2E('send-quote: a Redis outage', () => {
  const prefix = uniquePrefix('redis-outage');
  let sink: SmtpSink;
  let redisProxy: TcpProxy;
  let t: TestApp;
  let token: string;
  let worker: Worker;

  beforeAll(async () => {
    sink = await startSmtpSink();
    const redis = new URL(TEST_REDIS_URL);
    redisProxy = await startTcpProxy({ target: { host: redis.hostname, port: Number(redis.port || 6379) } });
    const redisUrl = redisProxy.url(TEST_REDIS_URL);
    t = await bootTestApp('send_quote_redis_outage', { REDIS_URL: redisUrl, QUEUE_PREFIX: prefix, SMTP_URL: sink.url, STORE_URL });
    token = await t.token();
    worker = await startWorker({
      DATABASE_URL: t.dbUrl,
      REDIS_URL: redisUrl,
      SMTP_URL: sink.url,
      QUEUE_PREFIX: prefix,
      DELIVERY_SWEEP_SECONDS: '1',
    });
  }, 60_000);

  afterAll(async () => {
    // A test that failed mid-outage leaves Redis cut: closing the app and the queues needs it back.
    await redisProxy?.restore();
    await worker?.stop('SIGKILL');
    await t?.close();
    await redisProxy?.close();
    await sink?.close();
    await dropQueueKeys(prefix);
  });

  it.each<CutMode>(['close', 'reset'])(
    'answers 202 while Redis is cut (connections ended with %s) and the sweep delivers once it is back',
    async (mode) => {
      const a = `${mode}-a@example.test`;
      const b = `${mode}-b@example.test`;
      const quote = await createQuote(t, token, `Outage ${mode}`, [a, b]);
      // The rate limiter counts in Redis: its headers show that Redis is reachable before the cut.
      await waitFor(
        async () => (await t.http.get('/countries').set({ Authorization: `Bearer ${token}` })).headers['ratelimit-limit'],
        'the rate limiter to count in Redis',
      );

      const logFrom = worker.output().length;
      await redisProxy.cut({ mode, newConnections: 'refuse' });
      const res = await t.http
        .post(`/quote/${quote.id}/send-quote`)
        .set({ Authorization: `Bearer ${token}` })
        .send({});
      // Answered while Redis is still away: nothing in the request waited for it to come back.
      expect(redisProxy.isCut).toBe(true);
      expect(res.status).toBe(202);
      const deliveries = (res.body as { data: { deliveries: { id: number; recipient: string; status: string }[] } }).data.deliveries;
      expect(deliveries).toEqual([
        { id: expect.any(Number), recipient: a, status: 'queued' },
        { id: expect.any(Number), recipient: b, status: 'queued' },
      ]);
      // Rate limits fail open: counted nowhere, so no RateLimit headers.
      expect(res.headers['ratelimit-limit']).toBeUndefined();
      // The outbox holds them; with Redis cut no worker can have taken them.
      expect(await t.sql('SELECT recipient, status, attempts FROM quote_deliveries WHERE quote_id = $1 ORDER BY id', [quote.id])).toEqual([
        { recipient: a, status: 'queued', attempts: 0 },
        { recipient: b, status: 'queued', attempts: 0 },
      ]);
      expect(sink.received.filter((m) => [a, b].includes(m.headers.to))).toEqual([]);

      await redisProxy.restore();
      const rows = await settled(t, token, quote.id, ['sent'], 40_000);
      expect(rows.map((d) => [d.recipient, d.status, d.attempts])).toEqual([
        [a, 'sent', 1],
        [b, 'sent', 1],
      ]);
      expect(countByTo(sink.received.filter((m) => [a, b].includes(m.headers.to)))).toEqual({ [a]: 1, [b]: 1 });
      // The api could not enqueue them: the worker's sweep did.
      expect(worker.output().slice(logFrom)).toMatch(/re-enqueued 2 deliveries/);
    },
    60_000,
  );

  it('after the outages a send is delivered once, as before', async () => {
    const quote = await createQuote(t, token, 'After the outages', ['after@example.test']);
    await api(t, token, 'post', `/quote/${quote.id}/send-quote`, {}, 202);
    const [row] = await settled(t, token, quote.id, ['sent'], 40_000);
    expect([row.recipient, row.status, row.attempts]).toEqual(['after@example.test', 'sent', 1]);
    expect(countByTo(sink.received.filter((m) => m.headers.to === 'after@example.test'))).toEqual({ 'after@example.test': 1 });
  }, 60_000);
});
