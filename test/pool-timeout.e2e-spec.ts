import type pg from 'pg';
import { DataSource } from 'typeorm';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { fail } from './support/envelope.js';

/**
 * A pool whose every connection stays busy: a request waits DATABASE_POOL_TIMEOUT_MS at most, then is
 * answered 503 with Retry-After (docs/api.md#errors), never left hanging.
 */
describeE2E('database pool timeout', () => {
  describe('a pool with no connection free', () => {
    let t: TestApp;
    let token: string;

    beforeAll(async () => {
      // The background loops of the api meet the exhausted pool too, and say so.
      t = await bootTestApp(
        'pool_timeout',
        { DATABASE_POOL_SIZE: '2', DATABASE_POOL_TIMEOUT_MS: '200' },
        { expectedLogs: [/timeout exceeded when trying to connect/] },
      );
      token = await t.token();
    });
    afterAll(() => t?.close());

    it('answers 503 with Retry-After once DATABASE_POOL_TIMEOUT_MS passed, and serves again once one is free', async () => {
      const pool = (t.app.get(DataSource).driver as unknown as { master: pg.Pool }).master;
      const clients = [await pool.connect(), await pool.connect()];
      try {
        const res = await t.http.get('/products').set('Authorization', `Bearer ${token}`);
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.body).toEqual(fail(503, 'The database is busy: no connection came free in time; try again shortly.'));
      } finally {
        for (const client of clients) client.release();
      }
      const res = await t.http.get('/products').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(200);
    });
  });
});
