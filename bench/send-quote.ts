import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { ROOT, peakRssMiB } from './harness.js';

export interface SendQuoteFigure {
  messages: number;
  seconds: number;
  messages_per_s: number;
  /** Peak RSS of the worker process, MiB. */
  worker_rss_mib: number;
}

type Api = <T = { data: { id: number } }>(method: string, path: string, body?: unknown) => Promise<T>;

/** A sink that accepts every message and counts them. */
export async function smtpSink(): Promise<{ port: number; count: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, cb) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        count++;
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.server.address() as { port: number }).port;
  return { port, count: () => count, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * send-quote throughput: quotes with 100 recipients each, delivered by one worker process started
 * with `env`, from the first send-quote request to the last message received by the sink.
 */
export async function measureSendQuote(
  api: Api,
  env: Record<string, string>,
  sink: { count: () => number },
  items: unknown[],
  deliveries: number,
): Promise<SendQuoteFigure> {
  let worker: ChildProcess | null = null;
  try {
    worker = spawn(process.execPath, [join(ROOT, 'dist/src/worker.js')], { env: { ...process.env, ...env }, stdio: 'ignore' });
    const perQuote = 100;
    const quotes = Math.ceil(deliveries / perQuote);
    const sendIds: number[] = [];
    for (let q = 0; q < quotes; q++) {
      const emails = Array.from({ length: Math.min(perQuote, deliveries - q * perQuote) }, (_, i) => `r${q}-${i}@example.com`);
      sendIds.push((await api('POST', '/quote', { name: `Mailing ${q}`, customer_emails: emails, items })).data.id);
    }
    const before = sink.count();
    const started = Date.now();
    for (const id of sendIds) await api('POST', `/quote/${id}/send-quote`, {});
    const accepted = Date.now();
    while (sink.count() - before < deliveries && Date.now() - started < 600_000) await new Promise((r) => setTimeout(r, 50));
    const seconds = (Date.now() - started) / 1000;
    const messages = sink.count() - before;
    console.error(
      `send-quote: ${deliveries} deliveries in ${sendIds.length} requests accepted in ${((accepted - started) / 1000).toFixed(2)} s; ` +
        `${messages} messages received in ${seconds.toFixed(2)} s`,
    );
    return {
      messages,
      seconds: Number(seconds.toFixed(2)),
      messages_per_s: Math.round(messages / seconds),
      worker_rss_mib: peakRssMiB(worker.pid!),
    };
  } finally {
    worker?.kill('SIGTERM');
  }
}
