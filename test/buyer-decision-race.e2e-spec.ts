import pg from 'pg';
import { oneWaitingOnLock, waitFor } from './support/processes.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { apiSteps, type Json } from './support/api-client.js';

const tokenOf = (html: string) => /<input type="hidden" name="csrf_token" value="([^"]+)">/.exec(html)?.[1];
const revisionOf = (html: string) => /<input type="hidden" name="revision" value="(\d+)">/.exec(html)?.[1];

/** Waits until `n` sessions of the locker's database wait on a lock (the locker's own snapshot cleared first). */
async function waitingOnLock(locker: pg.Client, n: number, what: string): Promise<void> {
  await waitFor(async () => {
    await locker.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await locker.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    );
    return rows[0].n >= n;
  }, what);
}

/**
 * The buyer's word is never dropped: a decision the cart page answers as done (303) is recorded
 * with its event; one that races a change of the quote is the "quote changed" page (409) and the
 * quote stays active. Never a 303 with nothing recorded.
 */
describeE2E('a buyer’s decision racing a change of the quote', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let productId: number;
  const { send, events } = apiSteps(
    () => t,
    () => auth,
  );

  beforeAll(async () => {
    t = await bootTestApp('decision_race', { CART_RATE_LIMIT_PER_MINUTE: '0' });
    auth = { Authorization: `Bearer ${await t.token()}` };
    productId = (await send('post', '/product', { name: 'Chair', sku: 'CHAIR', base_price: '40.00' })).id;
  });
  afterAll(() => t?.close());

  /** A new quote and its page as the buyer opened it (token and revision of the forms). */
  const opened = async () => {
    const q = await send('post', '/quote', { name: 'Chairs', items: [{ product_id: productId, quantity: 2 }] });
    const html = (await t.http.get(`/cart/${q.cart_link_id}`)).text;
    return { q, token: tokenOf(html)!, revision: revisionOf(html)! };
  };

  /** What became of the accept: the page's answer, and the quote and its quote.accepted events after it. */
  const outcome = async (q: Json, res: { status: number; text: string }) => {
    const [row] = await t.sql<{ status: string; accepted: boolean }>(
      'SELECT status, accepted_at IS NOT NULL AS accepted FROM quotes WHERE id = $1',
      [q.id],
    );
    return { status: res.status, changedPage: res.text.includes('<h1>This quote has changed</h1>'), quote: row };
  };

  it('30 rounds of a PATCH holding the quote’s row while the accept arrives: none answered 303 without being recorded', async () => {
    const locker = new pg.Client({ connectionString: t.dbUrl });
    await locker.connect();
    const dropped: unknown[] = [];
    const seen = { accepted: 0, changed: 0 };
    try {
      for (let round = 0; round < 30; round++) {
        const { q, token, revision } = await opened();
        // The row held as a PATCH holds it: the PATCH waits behind the test's lock, then the accept
        // arrives and waits too; released, the PATCH changes the quote while the accept waits on it.
        await locker.query('BEGIN');
        await locker.query('SELECT id FROM quotes WHERE id = $1 FOR UPDATE', [q.id]);
        const patch = t.http
          .patch(`/quote/${q.id}`)
          .set(auth)
          .send({ name: `Chairs, round ${round}` })
          .then((r) => r);
        await oneWaitingOnLock(locker, 'the PATCH to wait for the quote’s row');
        const accept = t.http
          .post(`/cart/${q.cart_link_id}/accept`)
          .type('form')
          .send({ csrf_token: token, revision })
          .then((r) => r);
        await waitingOnLock(locker, 2, 'the accept to wait for the quote’s row');
        await locker.query('COMMIT');
        const [patched, accepted] = await Promise.all([patch, accept]);
        const got = await outcome(q, accepted);
        const recorded = (await events('quote.accepted', q.id)).length;
        if (got.status === 303 && got.quote.status === 'accepted' && got.quote.accepted && recorded === 1) {
          seen.accepted++;
          // Accepted first: the PATCH then finds a final quote.
          expect(patched.status).toBe(409);
        } else if (got.status === 409 && got.changedPage && got.quote.status === 'active' && !got.quote.accepted && recorded === 0) {
          seen.changed++;
          expect(patched.status).toBe(200);
        } else {
          dropped.push({ round, ...got, recorded, patch: patched.status });
        }
      }
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
    }
    expect(dropped).toEqual([]);
    expect(seen.accepted + seen.changed).toBe(30);
  });

  it('an accept without a revision (an older form) waits for the change and is recorded', async () => {
    const { q, token } = await opened();
    const locker = new pg.Client({ connectionString: t.dbUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT id FROM quotes WHERE id = $1 FOR UPDATE', [q.id]);
      const patch = t.http
        .patch(`/quote/${q.id}`)
        .set(auth)
        .send({ name: 'Chairs, renamed' })
        .then((r) => r);
      await oneWaitingOnLock(locker, 'the PATCH to wait for the quote’s row');
      const accept = t.http
        .post(`/cart/${q.cart_link_id}/accept`)
        .type('form')
        .send({ csrf_token: token })
        .then((r) => r);
      await waitingOnLock(locker, 2, 'the accept to wait for the quote’s row');
      await locker.query('COMMIT');
      const [patched, accepted] = await Promise.all([patch, accept]);
      expect(patched.status).toBe(200);
      expect(await outcome(q, accepted)).toEqual({ status: 303, changedPage: false, quote: { status: 'accepted', accepted: true } });
      expect((await events('quote.accepted', q.id)).map((e) => e.data.name)).toEqual(['Chairs, renamed']);
    } finally {
      await locker.end();
    }
  });
});
