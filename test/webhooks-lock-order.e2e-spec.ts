import { TransactionRunner } from '../src/database/transaction.js';
import { type EndpointOutcome, WebhookDeliveriesRepository } from '../src/modules/webhooks/webhook-deliveries.repository.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

/**
 * Two deliverers (two api processes, or an api and a worker) record what their batches said about
 * the same endpoints at the same time, each listing them in its own order. The statement takes the
 * endpoints' row locks in id order, so the two wait for each other instead of deadlocking.
 */
describeE2E('webhook endpoints recorded by two deliverers at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp('webhooks_lock_order');
  });
  afterAll(() => t?.close());

  it('never deadlocks: 150 rounds of two opposite orders over the same 80 endpoints', async () => {
    const ids = (
      await t.sql<{ id: number }>(
        `INSERT INTO webhooks (url, events, secret)
         SELECT 'https://hooks.example.com/' || n, ARRAY['*'], 'whsec_' || n FROM generate_series(1, 80) AS n RETURNING id`,
      )
    ).map((r) => r.id);
    const repository = t.app.get(WebhookDeliveriesRepository);
    const m = t.app.get(TransactionRunner).direct;
    const failing = (order: number[]): EndpointOutcome[] => order.map((webhook_id) => ({ webhook_id, succeeded: false, gone: false }));
    const errors: string[] = [];
    for (let round = 0; round < 150; round++) {
      // A batch that succeeded on half of them ends their failure runs, so every round updates every row.
      const back = [...ids].reverse();
      const outcomes = round % 2 === 0 ? [failing(ids), failing(back)] : [failing(back), failing(ids)];
      const settled = await Promise.allSettled(outcomes.map((o) => repository.recordEndpoints(m, o, 86400)));
      for (const s of settled) if (s.status === 'rejected') errors.push(String((s.reason as Error).message));
      await t.sql('UPDATE webhooks SET failing_since = NULL');
    }
    expect(errors).toEqual([]);
  });
});
