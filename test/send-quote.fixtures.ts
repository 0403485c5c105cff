import { randomBytes } from 'node:crypto';
import { dropRedisKeys, startNode, stop, waitFor } from './support/processes.js';
import { TEST_REDIS_URL } from './support/global-setup.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { type TestApp, bootTestApp } from './support/test-app.js';

/** Shared by the send-quote specs: the quote to send, the worker process, the queue's keys. */

export const STORE_URL = 'https://shop.example.test';

export interface SentQuote {
  id: number;
  number: string;
  name: string;
  cart_link_id: string;
  expires_at: string | null;
}

export interface DeliveryJson {
  id: number;
  recipient: string;
  status: string;
  attempts: number;
  last_error: string | null;
  message_id: string | null;
  sent_at: string | null;
  created_at: string;
}

/** A QUEUE_PREFIX no other spec (or run) uses, so Bull keys never mix. */
export const uniquePrefix = (label: string) => `test-${label}-${randomBytes(4).toString('hex')}`;

export async function api<T = unknown>(
  t: TestApp,
  token: string,
  method: 'get' | 'post',
  path: string,
  body?: object,
  status?: number,
): Promise<T> {
  const req = t.http[method](path).set({ Authorization: `Bearer ${token}` });
  const res = body === undefined ? await req : await req.send(body);
  if (status !== undefined && res.status !== status) {
    throw new Error(`${method.toUpperCase()} ${path} answered ${res.status}, expected ${status}: ${JSON.stringify(res.body)}`);
  }
  return (res.body as { data: T }).data;
}

/** A quote with two priced items, for the given recipients (as `customer_emails`). */
export async function createQuote(t: TestApp, token: string, name: string, emails: string[], extra: object = {}): Promise<SentQuote> {
  const suffix = randomBytes(3).toString('hex');
  const widget = await api<{ id: number }>(t, token, 'post', '/product', { name: 'Widget', sku: `W-${suffix}`, base_price: '12.50' }, 201);
  const gadget = await api<{ id: number }>(t, token, 'post', '/product', { name: 'Gadget', sku: `G-${suffix}`, base_price: '3.25' }, 201);
  return api<SentQuote>(
    t,
    token,
    'post',
    '/quote',
    {
      name,
      customer_emails: emails,
      expires_x_days: 14,
      items: [
        { product_id: widget.id, quantity: 3 },
        { product_id: gadget.id, quantity: 2 },
      ],
      ...extra,
    },
    201,
  );
}

export async function deliveries(t: TestApp, token: string, quoteId: number): Promise<DeliveryJson[]> {
  return api<DeliveryJson[]>(t, token, 'get', `/quote/${quoteId}/deliveries`, undefined, 200);
}

/**
 * Waits until every delivery of the quote has one of `statuses` (polling the database: the API is
 * rate-limited), then answers the API's list.
 */
export async function settled(
  t: TestApp,
  token: string,
  quoteId: number,
  statuses: string[] = ['sent'],
  timeoutMs = 20_000,
): Promise<DeliveryJson[]> {
  await waitFor(
    async () => {
      const rows = await t.sql<{ status: string }>('SELECT status FROM quote_deliveries WHERE quote_id = $1', [quoteId]);
      return rows.length > 0 && rows.every((r) => statuses.includes(r.status));
    },
    `the deliveries of quote ${quoteId} to be ${statuses.join(' or ')}`,
    timeoutMs,
  );
  return deliveries(t, token, quoteId);
}

export interface Worker {
  pid: number;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The built worker (`node dist/src/worker.js`), as an operator starts it. */
export async function startWorker(env: Record<string, string>): Promise<Worker> {
  const { child, output } = await startNode('worker.js', { STORE_URL, ...env }, /Consuming the send-quote queue/);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    pid: child.pid!,
    output,
    // support/processes.ts `stop` waits forever on a child killed by a signal (its exitCode stays null).
    stop: (signal = 'SIGTERM') => (child.exitCode !== null || child.signalCode !== null ? exited : stop(child, signal)),
  };
}

/** A worker without REDIS_URL: it runs the webhook deliverer only (no queue to consume). */
export async function startWebhookWorker(env: Record<string, string>): Promise<Worker> {
  const { child, output } = await startNode('worker.js', env, /REDIS_URL is not set/);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    pid: child.pid!,
    output,
    stop: (signal = 'SIGTERM') => (child.exitCode !== null || child.signalCode !== null ? exited : stop(child, signal)),
  };
}

/** `SIGSTOP`/`SIGCONT` a worker: a process paused (as by a long GC, a frozen VM) that comes back later. */
export const pauseWorker = (w: Worker) => process.kill(w.pid, 'SIGSTOP');
export const resumeWorker = (w: Worker) => process.kill(w.pid, 'SIGCONT');

/** The SQL condition "the claim holder is the process `pid`" (holders are host:pid:nonce). */
export const heldByPid = (pid: number) => `split_part(lease_holder, ':', 2) = '${pid}'`;

/** Removes every Redis key of a spec's queue prefix. */
export const dropQueueKeys = (prefix: string) => dropRedisKeys(TEST_REDIS_URL, prefix);

/** Accepted messages per To address. */
export function countByTo(mails: { headers: Record<string, string> }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const m of mails) counts[m.headers.to] = (counts[m.headers.to] ?? 0) + 1;
  return counts;
}

/** What a takeover spec works with once its beforeAll has run. */
export interface TakeoverSpec {
  t: TestApp;
  token: string;
  sink: SmtpSink;
  /** Workers started by the spec; every one is SIGKILLed after it. */
  workers: Worker[];
  /** A worker's environment: claims of a dead worker are taken over after 2 s, the sweep runs every second. */
  workerEnv: () => Record<string, string>;
}

/**
 * The set-up of the specs that kill workers: an app on its own database, an SMTP sink and a queue
 * prefix, all removed after the spec. The fields are there once the spec's beforeAll has run.
 */
export function takeoverSpec(name: string): TakeoverSpec {
  const prefix = uniquePrefix(name);
  const spec = { workers: [] as Worker[] } as TakeoverSpec;
  spec.workerEnv = () => ({
    DATABASE_URL: spec.t.dbUrl,
    REDIS_URL: TEST_REDIS_URL,
    SMTP_URL: spec.sink.url,
    QUEUE_PREFIX: prefix,
    DELIVERY_LEASE_SECONDS: '2',
    DELIVERY_SWEEP_SECONDS: '1',
  });
  beforeAll(async () => {
    spec.sink = await startSmtpSink();
    spec.t = await bootTestApp(`send_quote_${name}`, {
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: prefix,
      SMTP_URL: spec.sink.url,
      STORE_URL,
    });
    spec.token = await spec.t.token();
  }, 60_000);
  afterAll(async () => {
    for (const w of spec.workers) await w.stop('SIGKILL');
    await spec.t?.close();
    await spec.sink?.close();
    await dropQueueKeys(prefix);
  });
  return spec;
}
