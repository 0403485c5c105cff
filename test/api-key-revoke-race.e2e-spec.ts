import { createHash } from 'node:crypto';
import { ApiKeysRepository } from '../src/modules/api-keys/api-keys.repository.js';
import { ApiKeysService } from '../src/modules/api-keys/api-keys.service.js';
import { eventually } from './support/eventually.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

/** "Like any other revocation": how long a revoked key may still be answered. */
const WITHIN_5_S = { timeoutMs: 5_000, intervalMs: 100 };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A key revoked while a request is looking it up (its row read before the revocation, the change
 * heard before the lookup answered) is refused everywhere within 5 s: the lookup that raced the
 * change is not cached for a minute.
 */
describeE2E('a key revoked during its first lookup', () => {
  let t: TestApp;
  const status = async (token: string) => (await t.http.get('/countries').set({ Authorization: `Bearer ${token}` })).status;
  const idOf = async (token: string) =>
    (await t.sql<{ id: number }>('SELECT id FROM api_keys WHERE token_hash = $1', [hashOf(token)]))[0].id;

  beforeAll(async () => {
    t = await bootTestApp('key_revoke_race');
    // The process hears api_key_changed (so it trusts a cached key for a minute): the case where a
    // lookup's stale answer would last.
    const first = await t.token(['geography:read']);
    expect(await status(first)).toBe(200);
    await eventually(() => expect((t.app.get(ApiKeysService) as unknown as { listening: boolean }).listening).toBe(true));
  });
  afterAll(() => t?.close());

  it('a revocation heard while the lookup is in flight: refused within 5 s, not trusted for a minute', async () => {
    const racing = await t.token(['geography:read']);
    const witness = await t.token(['geography:read']);
    expect(await status(witness)).toBe(200); // cached: only the change notice drops it

    // The lookup of `racing` reads its row, then waits for the test before it answers.
    const repository = t.app.get(ApiKeysRepository);
    const lookup = repository.activeByTokenHash.bind(repository);
    let inFlight!: () => void;
    let release!: () => void;
    const read = new Promise<void>((r) => (inFlight = r));
    const gate = new Promise<void>((r) => (release = r));
    repository.activeByTokenHash = async (m, hash) => {
      const row = await lookup(m, hash);
      if (hash === hashOf(racing)) {
        inFlight();
        await gate;
      }
      return row;
    };
    try {
      const first = status(racing);
      await read;
      await t.sql('UPDATE api_keys SET revoked_at = now() WHERE id = ANY($1::int[])', [[await idOf(racing), await idOf(witness)]]);
      // The witness refused: the change notice has been heard (the racing lookup is still in flight).
      await eventually(async () => expect(await status(witness)).toBe(401), WITHIN_5_S);
      release();
      expect(await first).toBe(200); // valid when it was read
    } finally {
      release();
      repository.activeByTokenHash = lookup;
    }
    await eventually(async () => expect(await status(racing)).toBe(401), WITHIN_5_S);
  });

  it('12 concurrent first requests and a revocation, 100 rounds: none still answered 5 s later', async () => {
    const tokens: string[] = [];
    for (let round = 0; round < 100; round++) {
      const token = await t.token(['geography:read']);
      tokens.push(token);
      const id = await idOf(token);
      const requests = Array.from({ length: 12 }, () => status(token));
      const revoke = t.sql('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [id]);
      const statuses = await Promise.all(requests);
      await revoke;
      for (const s of statuses) expect([200, 401]).toContain(s);
    }
    const still = async () =>
      (await Promise.all(tokens.map(async (token) => ({ token, status: await status(token) })))).filter((r) => r.status !== 401);
    await eventually(async () => expect(await still()).toEqual([]), WITHIN_5_S);
  });
});
