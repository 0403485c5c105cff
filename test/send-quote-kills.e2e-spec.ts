import { api, countByTo, createQuote, startWorker, takeoverSpec } from './send-quote.fixtures.js';
import { waitFor } from './support/processes.js';
import type { SmtpSink } from './support/smtp-sink.js';
import { type TestApp, describeE2E } from './support/test-app.js';

/**
 * 2,000 deliveries, and the worker SIGKILLed three times while it holds batches of them, a new one
 * started each time: every recipient still gets exactly one accepted message and every delivery
 * ends `sent`. Each kill comes while the server holds the messages on their way (it stops
 * answering) and after every message it accepted is recorded: SMTP has no two-phase commit, so a
 * message accepted in the instant before its row is written would be sent again after the
 * takeover (at least once), which is not what this proves.
 */
describeE2E('send-quote: the worker killed three times in a 2,000-delivery run', () => {
  const spec = takeoverSpec('kills');
  let t: TestApp;
  let token: string;
  let sink: SmtpSink;
  const { workers, workerEnv } = spec;
  beforeAll(() => {
    ({ t, token, sink } = spec);
  });
  const sentCount = async () => (await t.sql<{ n: number }>("SELECT count(*)::int AS n FROM quote_deliveries WHERE status = 'sent'"))[0].n;

  it('every recipient gets exactly one message and every delivery ends sent', async () => {
    const recipients: string[] = [];
    const quotes: number[] = [];
    for (let q = 0; q < 20; q++) {
      const emails = Array.from({ length: 100 }, (_, i) => `q${q}-r${String(i).padStart(2, '0')}@example.test`);
      recipients.push(...emails);
      quotes.push((await createQuote(t, token, `Mailing ${q}`, emails)).id);
    }
    let hanging = false;
    sink.reply = () => (hanging ? 'hold' : 'accept');

    workers.push(await startWorker(workerEnv()));
    for (const id of quotes) await api(t, token, 'post', `/quote/${id}/send-quote`, {}, 202);

    const killedWith: number[] = [];
    for (const mark of [300, 900, 1500]) {
      await waitFor(() => sink.accepted().length >= mark, `${mark} accepted messages`, 60_000);
      // The server stops answering: what it has accepted so far is all it will have accepted.
      hanging = true;
      const accepted = sink.accepted().length;
      await waitFor(async () => (await sentCount()) === accepted, `the ${accepted} accepted messages to be recorded`);
      const worker = workers[workers.length - 1];
      expect(await worker.stop('SIGKILL')).toBeNull();
      killedWith.push((await t.sql("SELECT id FROM quote_deliveries WHERE status = 'sending'")).length);
      hanging = false;
      workers.push(await startWorker(workerEnv()));
    }
    // Each kill left claims behind for the next worker to take over.
    expect(killedWith.every((n) => n > 0)).toBe(true);

    await waitFor(async () => (await sentCount()) === 2000, 'all 2,000 deliveries to be sent', 90_000);
    const statuses = await t.sql<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM quote_deliveries GROUP BY status ORDER BY status',
    );
    expect(statuses).toEqual([{ status: 'sent', n: 2000 }]);
    expect(countByTo(sink.accepted())).toEqual(Object.fromEntries(recipients.map((r) => [r, 1])));
    // The messages the server held when each worker died were never accepted; they went again.
    expect(sink.received.filter((m) => m.outcome === 'held').length).toBeGreaterThan(0);
    const [{ n: ids }] = await t.sql<{ n: number }>('SELECT count(DISTINCT message_id)::int AS n FROM quote_deliveries');
    expect(ids).toBe(2000);
  }, 180_000);
});
