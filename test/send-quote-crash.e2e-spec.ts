import { api, countByTo, createQuote, settled, startWorker, takeoverSpec } from './send-quote.fixtures.js';
import { waitFor } from './support/processes.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { type TestApp, describeE2E } from './support/test-app.js';

/**
 * A worker killed while it holds deliveries: the claims it held expire (DELIVERY_LEASE_SECONDS)
 * and the next worker takes them over, so every recipient still gets exactly one message.
 */
describeE2E('send-quote: worker killed mid-batch', () => {
  const spec = takeoverSpec('crash');
  let t: TestApp;
  let token: string;
  let sink: SmtpSink;
  const { workers, workerEnv } = spec;
  beforeAll(() => {
    ({ t, token, sink } = spec);
  });

  it('every recipient gets exactly one message after a SIGKILL and a new worker', async () => {
    const recipients = Array.from({ length: 20 }, (_, i) => `buyer${String(i + 1).padStart(2, '0')}@example.test`);
    // The server accepts four messages, then stops answering (it hangs) until the worker is dead.
    let hanging = true;
    sink.reply = (mail) => (mail.seq <= 4 || !hanging ? 'accept' : 'hold');

    const quote = await createQuote(t, token, 'Big batch', recipients);
    const first = await startWorker(workerEnv());
    workers.push(first);
    await api(t, token, 'post', `/quote/${quote.id}/send-quote`, {}, 202);

    await waitFor(() => sink.received.length >= 5, 'the fifth message to reach the hanging server');
    // Kill only once the four accepted messages are recorded: a message accepted but not yet
    // recorded when the worker dies is sent again (at-least-once), which is not what this proves.
    await waitFor(
      async () => (await t.sql("SELECT id FROM quote_deliveries WHERE status = 'sent'")).length === 4,
      'the four accepted messages to be recorded',
    );
    expect(await first.stop('SIGKILL')).toBeNull();
    // The dead worker's claims: the messages the server holds, and any still on their way to it.
    const stuck = (await t.sql<{ recipient: string }>("SELECT recipient FROM quote_deliveries WHERE status = 'sending'")).map(
      (r) => r.recipient,
    );
    const held = sink.received.filter((m) => m.outcome === 'held').map((m) => m.headers.to);
    expect(held.length).toBeGreaterThanOrEqual(1);
    expect(stuck).toEqual(expect.arrayContaining(held));

    hanging = false;
    workers.push(await startWorker(workerEnv()));
    const list = await settled(t, token, quote.id, ['sent'], 60_000);

    expect(list.map((d) => d.recipient)).toEqual(recipients);
    expect(countByTo(sink.accepted())).toEqual(Object.fromEntries(recipients.map((r) => [r, 1])));
    // The deliveries the dead worker held were tried twice; every other one once.
    expect(Object.fromEntries(list.map((d) => [d.recipient, d.attempts]))).toEqual(
      Object.fromEntries(recipients.map((r) => [r, stuck.includes(r) ? 2 : 1])),
    );
    expect(new Set(list.map((d) => d.message_id)).size).toBe(20);
  }, 90_000);
});
