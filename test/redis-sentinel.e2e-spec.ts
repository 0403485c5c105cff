import pg from 'pg';
import { STORE_URL, type Worker, countByTo, startWorker, uniquePrefix } from './send-quote.fixtures.js';
import { type ApiProcess, freePort, jsonLines, runNode, startApi, startNode, stop, waitFor } from './support/processes.js';
import { type RedisSentinelSet, startRedisSentinelSet } from './support/redis-sentinel.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { describeE2E } from './support/describe-e2e.js';

const LIMIT = 30;
const RECIPIENTS_PER_QUOTE = 40;
/** Long enough that a delivery sent through the queue is never also taken by the sweep. */
const SWEEP_SECONDS = 5;

interface Json {
  data: { id: number; deliveries?: unknown[] };
}

interface Answer {
  api: string;
  status: number;
  /** The RateLimit-Remaining header: set when the request was counted in Redis, absent when the limiter failed open. */
  remaining: string | null;
  at: number;
  /** Why no answer came (status 0): the connection's error, as the client saw it. */
  error?: string;
}

/**
 * Two api processes and a worker configured only with REDIS_SENTINELS / REDIS_SENTINEL_NAME, on a
 * Redis master, its replica and three sentinels of their own (support/redis-sentinel.ts). While a
 * send to many recipients is under way (the SMTP sink holds every message until the failover is
 * over, so jobs are in flight in the worker), the master fails over: by SENTINEL FAILOVER, then by
 * dying. Every recipient gets exactly one message (what Redis lost, the sweep enqueues again), no
 * request is answered 5xx meanwhile, the rate limits are counted on the new master and shared by
 * both apis, and /ready reports Redis up, all without restarting anything.
 */
describeE2E('Redis Sentinel: the queue and the rate limits follow a failover', () => {
  const prefix = uniquePrefix('sentinel');
  let set: RedisSentinelSet;
  let sink: SmtpSink;
  let api: ApiProcess;
  let apiB: Awaited<ReturnType<typeof startNode>>;
  let worker: Worker;
  let db: pg.Client;
  const tokens: Record<'traffic' | 'limitA' | 'limitB', string> = { traffic: '', limitA: '', limitB: '' };
  let urls: string[];
  const answers: Answer[] = [];
  let products: number[];

  const keyId = async (name: string) => (await db.query<{ id: number }>('SELECT id FROM api_keys WHERE name = $1', [name])).rows[0].id;

  /** A request, recorded in `answers`. */
  async function call(url: string, token: string, method: string, path: string, body?: object) {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer: Answer = { api: url, status: res.status, remaining: res.headers.get('ratelimit-remaining'), at: Date.now() };
    answers.push(answer);
    return { ...answer, body: (await res.json()) as Json };
  }

  /** A quote to RECIPIENTS_PER_QUOTE addresses `<tag>-<n>@example.test`. */
  async function quoteTo(tag: string): Promise<{ id: number; emails: string[] }> {
    const emails = Array.from({ length: RECIPIENTS_PER_QUOTE }, (_, i) => `${tag}-${i}@example.test`);
    const res = await call(api.url, api.token, 'POST', '/quote', {
      name: `Sentinel ${tag}`,
      customer_emails: emails,
      items: products.map((product_id) => ({ product_id, quantity: 2 })),
    });
    expect(res.status).toBe(201);
    return { id: res.body.data.id, emails };
  }

  async function sendQuote(quoteId: number): Promise<void> {
    const res = await call(api.url, api.token, 'POST', `/quote/${quoteId}/send-quote`, {});
    expect([res.status, res.body.data?.deliveries?.length]).toEqual([202, RECIPIENTS_PER_QUOTE]);
  }

  /** Holds every message the sink receives until the returned function is called. */
  function holdMessages(): () => void {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    sink.reply = () => gate.then(() => 'accept' as const);
    return release;
  }

  /** GET /countries with `token`, alternately on each api, until stopped; every answer is recorded. */
  function traffic(token: string): { stop(): Promise<void> } {
    let running = true;
    const loop = (async () => {
      for (let i = 0; running; i++) {
        // A request with no answer is recorded (status 0) and the traffic goes on, so the test says
        // which api failed to answer instead of waiting out its time for answers that stopped.
        await call(urls[i % 2], token, 'GET', '/countries').catch((err: Error) =>
          answers.push({ api: urls[i % 2], status: 0, remaining: null, at: Date.now(), error: `${err.message}: ${String(err.cause)}` }),
        );
        await new Promise((r) => setTimeout(r, 20)); // pacing, so the two cores are not all spent on it
      }
    })();
    return {
      stop: async () => {
        running = false;
        await loop;
      },
    };
  }

  /**
   * Waits until a request to each api, made after `since`, was counted in Redis. Up to 30 s: the
   * apis' clients find the promoted master through the sentinels with backoff, which on a loaded
   * machine (the whole suite running) once took longer than the default 20 s.
   */
  async function limiterFollows(since: number): Promise<void> {
    await waitFor(
      () => urls.every((u) => answers.some((a) => a.api === u && a.at > since && a.remaining !== null)),
      'both apis to count requests in Redis again',
      30_000,
    ).catch((err: Error) => {
      // Which api did not follow, and what each said meanwhile.
      const counted = urls.map((u) => `${u}: ${answers.filter((a) => a.api === u && a.at > since && a.remaining !== null).length} counted`);
      throw new Error(
        `${err.message}\n${counted.join('\n')}\n--- api A ---\n${api.output().slice(-6000)}\n--- api B ---\n${apiB.output().slice(-6000)}`,
      );
    });
  }

  /** `n` requests of `token` alternating between the apis: statuses and RateLimit-Remaining. */
  async function limited(token: string, n: number): Promise<[number, string | null][]> {
    const out: [number, string | null][] = [];
    for (let i = 0; i < n; i++) {
      const res = await call(urls[i % 2], token, 'GET', '/countries');
      out.push([res.status, res.remaining]);
    }
    return out;
  }

  async function allSent(quoteIds: number[], timeoutMs = 40_000): Promise<void> {
    await waitFor(
      async () => {
        const { rows } = await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM quote_deliveries WHERE quote_id = ANY($1) AND status <> 'sent'",
          [quoteIds],
        );
        return rows[0].n === 0;
      },
      `every delivery of quotes ${quoteIds.join(', ')} to be sent`,
      timeoutMs,
    );
  }

  /**
   * A send after the failover goes through the queue, not the sweep: its deliveries are sent and
   * the worker's sweep (which only takes rows queued for DELIVERY_SWEEP_SECONDS) enqueued nothing
   * meanwhile, so the api added the job on the new master and the worker took it from there.
   */
  async function sentThroughTheQueue(tag: string): Promise<void> {
    const quote = await quoteTo(tag);
    const logFrom = worker.output().length;
    await sendQuote(quote.id);
    await allSent([quote.id]);
    expect(worker.output().slice(logFrom)).not.toMatch(/re-enqueued/);
  }

  /** /ready on both apis: 200, Redis up. */
  async function readyWithRedisUp(): Promise<void> {
    for (const url of urls) {
      const body = await waitFor(async () => {
        const res = await fetch(`${url}/ready`);
        return res.status === 200 ? ((await res.json()) as { data: { details: Record<string, { status: string }> } }) : null;
      }, `${url}/ready to answer 200`);
      expect(body.data.details.redis.status).toBe('up');
    }
  }

  beforeAll(async () => {
    [set, sink] = await Promise.all([startRedisSentinelSet('store'), startSmtpSink()]);
    const env = {
      ...set.env,
      QUEUE_PREFIX: prefix,
      SMTP_URL: sink.url,
      STORE_URL,
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      DELIVERY_BATCH_SIZE: '10',
      LOG_LEVEL: 'warn',
    };
    api = await startApi('redis_sentinel', env);
    db = new pg.Client({ connectionString: api.dbUrl });
    await db.connect();
    for (const name of Object.keys(tokens) as (keyof typeof tokens)[]) {
      const created = runNode('cli.js', ['api-key:create', '--name', name, '--json'], { DATABASE_URL: api.dbUrl });
      tokens[name] = (JSON.parse(created.stdout) as { access_token: string }).access_token;
    }
    const portB = await freePort();
    [apiB, worker] = await Promise.all([
      startNode('main.js', { ...env, DATABASE_URL: api.dbUrl, PORT: String(portB), LOG_LEVEL: 'info' }, /Listening on/),
      startWorker({ ...env, DATABASE_URL: api.dbUrl, DELIVERY_SWEEP_SECONDS: String(SWEEP_SECONDS), LOG_LEVEL: 'info' }),
    ]);
    urls = [api.url, `http://127.0.0.1:${portB}`];
    expect(jsonLines(worker.output()).map((l) => l.msg)).toContain(
      `Consuming the send-quote queue on Sentinel master "store" (sentinels ${set.env.REDIS_SENTINELS.replaceAll(',', ', ')}).`,
    );
    products = [];
    for (const [sku, price] of [
      ['SEN-1', '12.50'],
      ['SEN-2', '3.25'],
    ]) {
      const res = await call(api.url, api.token, 'POST', '/product', { name: sku, sku, base_price: price });
      expect(res.status).toBe(201);
      products.push(res.body.data.id);
    }
  }, 90_000);

  afterAll(async () => {
    if (apiB) await stop(apiB.child, 'SIGKILL');
    await worker?.stop('SIGKILL');
    await db?.end();
    await api?.close();
    await sink?.close();
    await set?.close();
  });

  it('SENTINEL FAILOVER mid-send: one message per recipient, no 5xx, limits go on counting on the new master', async () => {
    const quotes = [await quoteTo('a'), await quoteTo('b'), await quoteTo('c'), await quoteTo('d')];
    // A budget both apis draw on: 10 of LIMIT used before the failover.
    expect(await limited(tokens.limitA, 10)).toEqual(Array.from({ length: 10 }, (_, i) => [200, String(LIMIT - 1 - i)]));

    const release = holdMessages();
    await sendQuote(quotes[0].id);
    await sendQuote(quotes[1].id);
    // Jobs are in the worker's hands: their messages reach SMTP and wait for an answer there.
    await waitFor(() => sink.received.length >= 4, 'the worker to be sending');
    await set.synced();

    const load = traffic(tokens.traffic);
    // Sent while the failover is under way: enqueued on the old master (lost if it had not reached
    // the replica), refused, or enqueued on the new one; the sweep takes what Redis does not have.
    const { from, to } = await set.failover(async () => {
      await sendQuote(quotes[2].id);
      await sendQuote(quotes[3].id);
    });
    const promotedAt = Date.now();
    expect(to).not.toBe(from);
    expect(await set.masterPort()).toBe(to);
    release();

    await limiterFollows(promotedAt);
    await load.stop();
    // The budget goes on from 10 on the new master, one count for both apis.
    expect(await limited(tokens.limitA, 25)).toEqual([
      ...Array.from({ length: 20 }, (_, i) => [200, String(LIMIT - 11 - i)]),
      ...Array.from({ length: 5 }, () => [429, '0']),
    ]);
    expect(await set.client().get(`${prefix}:rate-limit:${await keyId('limitA')}`)).toBe('35');

    await allSent(quotes.map((q) => q.id));
    await sentThroughTheQueue('a2');
    // Counted after the later send went through, so a late duplicate would have shown.
    const emails = quotes.flatMap((q) => q.emails);
    expect(countByTo(sink.received.filter((m) => emails.includes(m.headers.to)))).toEqual(Object.fromEntries(emails.map((e) => [e, 1])));
    expect(answers.filter((a) => a.status >= 500 || a.status === 0)).toEqual([]);
    await readyWithRedisUp();
  }, 90_000);

  it('the master dies mid-send: one message per recipient, no 5xx, limits go on counting on the new master', async () => {
    const quotes = [await quoteTo('e'), await quoteTo('f')];
    expect(await limited(tokens.limitB, 10)).toEqual(Array.from({ length: 10 }, (_, i) => [200, String(LIMIT - 1 - i)]));
    // The old master of the first failover has become the replica, and has everything.
    await set.synced();
    const sentBefore = sink.received.length;

    const release = holdMessages();
    await sendQuote(quotes[0].id);
    await waitFor(() => sink.received.length >= sentBefore + 4, 'the worker to be sending');

    const load = traffic(tokens.traffic);
    const logFrom = worker.output().length;
    // Sent while there is no master: the api cannot enqueue, answers 202 all the same, and the
    // worker's sweep enqueues the deliveries once there is a master again.
    const { from, to } = await set.killMaster(() => sendQuote(quotes[1].id));
    const promotedAt = Date.now();
    expect(to).not.toBe(from);
    release();

    await limiterFollows(promotedAt);
    await load.stop();
    expect(await limited(tokens.limitB, 25)).toEqual([
      ...Array.from({ length: 20 }, (_, i) => [200, String(LIMIT - 11 - i)]),
      ...Array.from({ length: 5 }, () => [429, '0']),
    ]);
    expect(await set.client().get(`${prefix}:rate-limit:${await keyId('limitB')}`)).toBe('35');

    await allSent(quotes.map((q) => q.id));
    expect(worker.output().slice(logFrom)).toMatch(/re-enqueued \d+ deliveries/);
    await sentThroughTheQueue('e2');
    const emails = quotes.flatMap((q) => q.emails);
    expect(countByTo(sink.received.filter((m) => emails.includes(m.headers.to)))).toEqual(Object.fromEntries(emails.map((e) => [e, 1])));
    expect(answers.filter((a) => a.status >= 500 || a.status === 0)).toEqual([]);
    await readyWithRedisUp();
  }, 90_000);
});
