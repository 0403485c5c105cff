import type { ChildProcess } from 'node:child_process';
import { SMTPServer } from 'smtp-server';
import { peakRssMiB, startWorker } from './harness.js';

export interface SendQuoteFigure {
  messages: number;
  seconds: number;
  messages_per_s: number;
  /** Every recipient got exactly one message: none missing, none twice. */
  each_recipient_once: boolean;
  /** Worker processes and the jobs each runs at once. */
  workers: number;
  worker_concurrency: number;
  /** Peak RSS of the (largest) worker process, MiB. */
  worker_rss_mib: number;
}

type Api = <T = { data: { id: number } }>(method: string, path: string, body?: unknown) => Promise<T>;

export interface Sink {
  port: number;
  /** Messages accepted. */
  count: () => number;
  /** Messages accepted per envelope recipient. */
  recipients: Map<string, number>;
  close: () => Promise<void>;
}

/** A sink that accepts every message and counts them, per recipient too. */
export async function smtpSink(): Promise<Sink> {
  let count = 0;
  const recipients = new Map<string, number>();
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        count++;
        for (const r of session.envelope.rcptTo) recipients.set(r.address, (recipients.get(r.address) ?? 0) + 1);
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as { port: number }).port;
  return { port, count: () => count, recipients, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * send-quote throughput: quotes with 100 recipients each, delivered by BENCH_WORKERS worker
 * processes (default 1; WORKER_CONCURRENCY, SMTP_POOL_SIZE and DELIVERY_BATCH_SIZE pass through),
 * from the first send-quote request to the last message received by the sink.
 */
export async function measureSendQuote(
  api: Api,
  env: Record<string, string>,
  sink: Sink,
  items: unknown[],
  deliveries: number,
): Promise<SendQuoteFigure> {
  const workerCount = Number(process.env.BENCH_WORKERS ?? 1);
  const workers: ChildProcess[] = [];
  try {
    for (let w = 0; w < workerCount; w++) workers.push(await startWorker(env));
    const perQuote = 100;
    const quotes = Math.ceil(deliveries / perQuote);
    const sendIds: number[] = [];
    const expected: string[] = [];
    for (let q = 0; q < quotes; q++) {
      const emails = Array.from({ length: Math.min(perQuote, deliveries - q * perQuote) }, (_, i) => `r${q}-${i}@example.com`);
      expected.push(...emails);
      sendIds.push((await api('POST', '/quote', { name: `Mailing ${q}`, customer_emails: emails, items })).data.id);
    }
    const before = sink.count();
    for (const p of workers) if (process.env.BENCH_WORKER_PROFILE) p.kill('SIGUSR2');
    const started = Date.now();
    for (const id of sendIds) await api('POST', `/quote/${id}/send-quote`, {});
    const accepted = Date.now();
    let lastProgress = started;
    while (sink.count() - before < deliveries && Date.now() - started < 900_000) {
      await new Promise((r) => setTimeout(r, 20));
      if (Date.now() - lastProgress >= 5000) {
        lastProgress = Date.now();
        console.error(`send-quote: ${sink.count() - before} of ${deliveries} messages received…`);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    const messages = sink.count() - before;
    // A duplicate could still be on its way: give it a moment to arrive before counting.
    await new Promise((r) => setTimeout(r, 500));
    const missing = expected.filter((r) => !sink.recipients.has(r)).length;
    const twice = expected.filter((r) => (sink.recipients.get(r) ?? 0) > 1).length;
    const once = missing === 0 && twice === 0 && sink.count() - before === deliveries;
    console.error(
      `send-quote: ${deliveries} deliveries in ${sendIds.length} requests accepted in ${((accepted - started) / 1000).toFixed(2)} s; ` +
        `${messages} messages received in ${seconds.toFixed(2)} s by ${workerCount} worker(s); ` +
        (once ? 'each recipient exactly once' : `${missing} recipients missing, ${twice} received twice or more`),
    );
    for (const p of workers) if (process.env.BENCH_WORKER_PROFILE) p.kill('SIGUSR2');
    return {
      messages,
      seconds: Number(seconds.toFixed(2)),
      messages_per_s: Math.round(messages / seconds),
      each_recipient_once: once,
      workers: workerCount,
      worker_concurrency: Number(env.WORKER_CONCURRENCY ?? process.env.WORKER_CONCURRENCY ?? 4),
      worker_rss_mib: Math.max(...workers.map((p) => peakRssMiB(p.pid!))),
    };
  } finally {
    for (const p of workers) p.kill('SIGTERM');
  }
}
