import type { ChildProcess } from 'node:child_process';
import nodemailer from 'nodemailer';
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
  /** Bytes per message as the sink received them (what the floor sends too). */
  message_bytes: number;
}

export interface SendFloorFigure {
  messages: number;
  seconds: number;
  messages_per_s: number;
  /** SMTP connections of the bare pool: what the worker processes keep in all. */
  connections: number;
  message_bytes: number;
}

type Api = <T = { data: { id: number } }>(method: string, path: string, body?: unknown) => Promise<T>;

export interface Sink {
  port: number;
  /** Messages accepted. */
  count: () => number;
  /** Messages accepted per envelope recipient. */
  recipients: Map<string, number>;
  /** Bytes of message data accepted. */
  bytes: () => number;
  close: () => Promise<void>;
}

/** A sink that accepts every message and counts them, per recipient too. */
export async function smtpSink(): Promise<Sink> {
  let count = 0;
  let bytes = 0;
  const recipients = new Map<string, number>();
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      stream.on('data', (chunk: Buffer) => (bytes += chunk.length));
      stream.on('end', () => {
        count++;
        for (const r of session.envelope.rcptTo) recipients.set(r.address, (recipients.get(r.address) ?? 0) + 1);
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as { port: number }).port;
  return { port, count: () => count, recipients, bytes: () => bytes, close: () => new Promise((r) => server.close(() => r())) };
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
    const bytesBefore = sink.bytes();
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
    const messageBytes = messages ? Math.round((sink.bytes() - bytesBefore) / messages) : 0;
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
      message_bytes: messageBytes,
    };
  } finally {
    for (const p of workers) p.kill('SIGTERM');
  }
}

/**
 * The send-quote floor: the same number of messages, of the size the worker's were, sent to the same
 * sink in the same run by a bare nodemailer pool with as many connections as the workers keep
 * (SMTP_POOL_SIZE, default 5, per worker), all handed to it at once: no api, no queue, no database,
 * no rendering. send_quote.ratio_to_floor compares the two, so a slow machine (which slows both) is
 * told apart from a slower send-quote path (which moves the ratio).
 */
export async function measureSendFloor(sink: Sink, deliveries: number, messageBytes: number): Promise<SendFloorFigure> {
  const connections = Number(process.env.SMTP_POOL_SIZE ?? 5) * Number(process.env.BENCH_WORKERS ?? 1);
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: sink.port,
    secure: false,
    pool: true,
    maxConnections: connections,
  });
  // Headers and MIME parts take about 700 bytes; the rest is a text and an HTML part, as the quote e-mail has.
  const part = 'Your quote is ready. '.repeat(Math.max(1, Math.round((messageBytes - 700) / 2 / 21)));
  try {
    const before = sink.count();
    const bytesBefore = sink.bytes();
    const started = Date.now();
    await Promise.all(
      Array.from({ length: deliveries }, (_, i) =>
        transport.sendMail({
          from: 'Store <store@example.com>',
          to: `floor-${i}@example.com`,
          subject: `Your quote Q${1000 + i}`,
          text: part,
          html: `<p>${part}</p>`,
        }),
      ),
    );
    while (sink.count() - before < deliveries && Date.now() - started < 300_000) await new Promise((r) => setTimeout(r, 5));
    const seconds = (Date.now() - started) / 1000;
    const messages = sink.count() - before;
    console.error(`send floor: ${messages} messages received in ${seconds.toFixed(2)} s through ${connections} pooled connection(s)`);
    return {
      messages,
      seconds: Number(seconds.toFixed(2)),
      messages_per_s: Math.round(messages / seconds),
      connections,
      message_bytes: messages ? Math.round((sink.bytes() - bytesBefore) / messages) : 0,
    };
  } finally {
    transport.close();
  }
}
