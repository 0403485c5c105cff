import { queryCounter } from '../src/database/query-counter.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';

describeE2E('shipments', () => {
  let t: TestApp;
  let token: string;
  const auth = (tok = token) => ({ Authorization: `Bearer ${tok}` });

  /** A shipment made through the API; returns its presented data. */
  const ship = async (body: Record<string, unknown>) => {
    const res = await t.http.post('/shipment').set(auth()).send(body);
    expect(res.status).toBe(201);
    return res.body.data as Record<string, unknown> & { id: number; number: string };
  };
  const addCode = async (shipmentId: number, body: Record<string, unknown>) => {
    const res = await t.http.post(`/shipment/${shipmentId}/trackingcode`).set(auth()).send(body);
    expect(res.status).toBe(201);
    return res.body.data as Record<string, unknown> & { id: number };
  };

  beforeAll(async () => {
    t = await bootTestApp('shipments');
    token = await t.token();
  });
  afterAll(() => t?.close());

  describe('create', () => {
    it('POST /shipment creates with defaults and every field present', async () => {
      const res = await t.http.post('/shipment').set(auth()).send({ number: 'SH-1001' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual(
        ok(201, {
          id: expect.any(Number),
          number: 'SH-1001',
          order_reference: null,
          order_id: null,
          status: 'pending',
          shipping_method: null,
          notes: null,
          created_at: TS,
          updated_at: res.body.data.created_at,
        }),
      );
      const [row] = await t.sql('SELECT number, status FROM shipments WHERE id = $1', [res.body.data.id]);
      expect(row).toEqual({ number: 'SH-1001', status: 'pending' });
    });

    it('POST /shipments (alias) takes every writable field; single-line text is trimmed and blank becomes null', async () => {
      const res = await t.http.post('/shipments').set(auth()).send({
        number: 'SH-1002',
        order_reference: '  ORD-55 ',
        status: 'shipped',
        shipping_method: '   ',
        notes: 'Leave at the door.\n',
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual(
        ok(201, {
          id: expect.any(Number),
          number: 'SH-1002',
          order_reference: 'ORD-55',
          order_id: null,
          status: 'shipped',
          shipping_method: null,
          notes: 'Leave at the door.\n',
          created_at: TS,
          updated_at: TS,
        }),
      );
    });

    it('422 with the exact field keys', async () => {
      const cases: [Record<string, unknown>, Record<string, string[]>][] = [
        [{}, { number: ['is required'] }],
        [{ number: 'SH 1' }, { number: ['must not contain white space'] }],
        [{ number: ' SH-1' }, { number: ['must not contain white space'] }],
        [{ number: '   ' }, { number: ['must not be blank'] }],
        [{ number: 1001 }, { number: ['must be a string'] }],
        [{ number: null }, { number: ['must be a string'] }],
        [{ number: 'x'.repeat(65) }, { number: ['must be at most 64 characters'] }],
        [{ number: 'SH-X', status: 'lost' }, { status: ['must be one of: pending, shipped, delivered'] }],
        [{ number: 'SH-X', status: null }, { status: ['must be one of: pending, shipped, delivered'] }],
        [{ number: 'SH-X', order_reference: 'r'.repeat(256) }, { order_reference: ['must be at most 255 characters'] }],
        [{ number: 'SH-X', shipping_method: 42 }, { shipping_method: ['must be a string'] }],
        [{ number: 'SH-X', notes: 'n'.repeat(10001) }, { notes: ['must be at most 10000 characters'] }],
        [
          { number: 'SH-X', carrier: 'UPS', id: 9 },
          { carrier: ['is not a known field'], id: ['is not a known field'] },
        ],
      ];
      for (const [body, errors] of cases) {
        const res = await t.http.post('/shipment').set(auth()).send(body);
        expect({ body, status: res.status, response: res.body }).toEqual({ body, status: 422, response: fail(422, errors) });
      }
      expect(await t.sql("SELECT id FROM shipments WHERE number = 'SH-X'")).toEqual([]);
    });

    it('a duplicate number is 422 "is already in use"', async () => {
      await ship({ number: 'SH-DUP' });
      const res = await t.http.post('/shipment').set(auth()).send({ number: 'SH-DUP' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(fail(422, { number: ['is already in use'] }));
    });
  });

  describe('read', () => {
    it('GET /shipment/{id} and /shipments/{id} and by number', async () => {
      const s = await ship({ number: 'SH-READ', order_reference: 'ORD-1', shipping_method: 'Ground', notes: 'fragile' });
      const expected = ok(200, {
        id: s.id,
        number: 'SH-READ',
        order_reference: 'ORD-1',
        order_id: null,
        status: 'pending',
        shipping_method: 'Ground',
        notes: 'fragile',
        created_at: s.created_at,
        updated_at: s.updated_at,
      });
      for (const path of [`/shipment/${s.id}`, `/shipments/${s.id}`, '/shipment/SH-READ', '/shipments/SH-READ']) {
        const res = await t.http.get(path).set(auth());
        expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 200, body: expected });
      }
    });

    it('a numeric segment that is no id is looked up as a number; an id wins over a number', async () => {
      const s777 = await ship({ number: '777' });
      expect(s777.id).toBeLessThan(777);
      const byNumber = await t.http.get('/shipment/777').set(auth());
      expect(byNumber.status).toBe(200);
      expect(byNumber.body.data).toEqual(s777);

      // A shipment numbered with another shipment's id: the id is looked up first.
      const first = (await t.sql<{ id: number }>('SELECT min(id) AS id FROM shipments'))[0].id;
      const clash = await ship({ number: String(first) });
      const byId = await t.http.get(`/shipment/${first}`).set(auth());
      expect(byId.body.data.id).toBe(first);
      expect(byId.body.data.id).not.toBe(clash.id);
    });

    it('404 for an unknown id or number, on every method', async () => {
      for (const [method, path] of [
        ['get', '/shipment/999999'],
        ['get', '/shipments/NO-SUCH'],
        ['patch', '/shipment/NO-SUCH'],
        ['delete', '/shipments/999999'],
        ['get', '/shipment/99999999999'],
      ] as const) {
        const res = await t.http[method](path)
          .set(auth())
          .send(method === 'patch' ? { status: 'shipped' } : undefined);
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 404,
          body: fail(404, `Shipment ${path.split('/')[2]} was not found.`),
        });
      }
    });

    it('GET /shipment is 405 (only POST is there)', async () => {
      const res = await t.http.get('/shipment').set(auth());
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('POST, OPTIONS');
    });
  });

  describe('list', () => {
    it('pages with limit and cursor, sorts by the whitelist, refuses other sorts', async () => {
      const all = await t.http.get('/shipments').set(auth());
      expect(all.status).toBe(200);
      const ids = (all.body.data as { id: number }[]).map((s) => s.id);
      expect(ids.length).toBeGreaterThanOrEqual(5);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(all.body.meta.pagination).toEqual({
        total: ids.length,
        count: ids.length,
        limit: 250,
        page: 1,
        total_pages: 1,
        next_cursor: null,
      });

      const first = await t.http.get('/shipments?limit=2').set(auth());
      expect(first.body.data.map((s: { id: number }) => s.id)).toEqual(ids.slice(0, 2));
      expect(first.body.meta.pagination).toEqual({
        total: ids.length,
        count: 2,
        limit: 2,
        page: 1,
        total_pages: Math.ceil(ids.length / 2),
        next_cursor: ids[1],
      });
      const next = await t.http.get(`/shipments?limit=2&cursor=${first.body.meta.pagination.next_cursor}`).set(auth());
      expect(next.body.data.map((s: { id: number }) => s.id)).toEqual(ids.slice(2, 4));
      expect(next.body.meta.pagination.total).toBe(ids.length - 2);

      const page2 = await t.http.get('/shipments?limit=2&page=2').set(auth());
      expect(page2.body.data.map((s: { id: number }) => s.id)).toEqual(ids.slice(2, 4));

      const byNumber = await t.http.get('/shipments?sort=number&order=desc').set(auth());
      const numbers = (byNumber.body.data as { number: string }[]).map((s) => s.number);
      expect(numbers).toEqual([...numbers].sort().reverse());
      expect(byNumber.body.meta.pagination.next_cursor).toBeNull();

      const bad = await t.http.get('/shipments?sort=notes').set(auth());
      expect(bad.status).toBe(422);
      expect(bad.body).toEqual(fail(422, { sort: ['must be one of: id, number, status, created_at, updated_at'] }));
      const badLimit = await t.http.get('/shipments?limit=251&colour=red').set(auth());
      expect(badLimit.status).toBe(422);
      expect(badLimit.body).toEqual(fail(422, { limit: ['must be at most 250'], colour: ['is not a known field'] }));
    });
  });

  describe('embed trackingcodes', () => {
    it('embeds on the item and on every row of the list, [] when none, in one query per page', async () => {
      const a = await ship({ number: 'SH-EMB-A' });
      const b = await ship({ number: 'SH-EMB-B' });
      const c1 = await addCode(a.id, { code: '1Z999', carrier: 'UPS', url: 'https://ups.example/track/1Z999' });
      const c2 = await addCode(a.id, { code: 'ALT-2' });

      const item = await t.http.get('/shipment/SH-EMB-A?embed=trackingcodes').set(auth());
      expect(item.status).toBe(200);
      expect(item.body).toEqual(
        ok(200, {
          ...a,
          trackingcodes: {
            data: [
              {
                id: c1.id,
                shipment_id: a.id,
                code: '1Z999',
                carrier: 'UPS',
                url: 'https://ups.example/track/1Z999',
                created_at: TS,
                updated_at: TS,
              },
              { id: c2.id, shipment_id: a.id, code: 'ALT-2', carrier: null, url: null, created_at: TS, updated_at: TS },
            ],
          },
        }),
      );
      const plain = await t.http.get(`/shipments/${b.id}?embed=trackingcodes`).set(auth());
      expect(plain.body.data).toEqual({ ...b, trackingcodes: { data: [] } });
      const none = await t.http.get(`/shipments/${a.id}`).set(auth());
      expect(none.body.data).toEqual(a);

      queryCounter.reset();
      const list = await t.http.get(`/shipments?embed=trackingcodes&cursor=${a.id - 1}&limit=2`).set(auth());
      const withEmbed = queryCounter.count;
      expect(list.status).toBe(200);
      expect(list.body.data).toEqual([item.body.data, { ...b, trackingcodes: { data: [] } }]);
      queryCounter.reset();
      await t.http.get(`/shipments?cursor=${a.id - 1}&limit=2`).set(auth());
      expect(withEmbed).toBe(queryCounter.count + 1);

      const unknown = await t.http.get('/shipments?embed=trackingcodes,items').set(auth());
      expect(unknown.status).toBe(422);
      expect(unknown.body).toEqual(fail(422, { embed: ['unknown "items"; allowed: trackingcodes'] }));
    });
  });

  describe('update', () => {
    it('PATCH by number and by id (alias) changes only the fields sent', async () => {
      const s = await ship({ number: 'SH-UPD', order_reference: 'ORD-9', notes: 'old' });
      const res = await t.http.patch('/shipment/SH-UPD').set(auth()).send({ status: 'delivered', notes: null, shipping_method: 'Express' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(ok(200, { ...s, status: 'delivered', notes: null, shipping_method: 'Express', updated_at: TS }));
      const renamed = await t.http.patch(`/shipments/${s.id}`).set(auth()).send({ number: 'SH-UPD-2' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data.number).toBe('SH-UPD-2');
      expect((await t.http.get('/shipment/SH-UPD-2').set(auth())).body.data).toEqual(renamed.body.data);
      expect((await t.http.get('/shipment/SH-UPD').set(auth())).status).toBe(404);
    });

    it('PATCH 422: duplicate number, bad status, null number, unknown field', async () => {
      await ship({ number: 'SH-TAKEN' });
      const s = await ship({ number: 'SH-PATCH-422' });
      const cases: [Record<string, unknown>, Record<string, string[]>][] = [
        [{ number: 'SH-TAKEN' }, { number: ['is already in use'] }],
        [{ status: 'returned' }, { status: ['must be one of: pending, shipped, delivered'] }],
        [{ number: '' }, { number: ['must not be blank'] }],
        [{ created_at: '2024-01-01 00:00:00' }, { created_at: ['is not a known field'] }],
      ];
      for (const [body, errors] of cases) {
        const res = await t.http.patch(`/shipment/${s.id}`).set(auth()).send(body);
        expect({ body, status: res.status, response: res.body }).toEqual({ body, status: 422, response: fail(422, errors) });
      }
      expect((await t.http.get(`/shipment/${s.id}`).set(auth())).body.data).toEqual(s);
    });

    it('If-Match: a stale ETag is 412 and changes nothing; the current one is accepted', async () => {
      const s = await ship({ number: 'SH-ETAG' });
      const current = await t.http.get(`/shipment/${s.id}`).set(auth());
      const etag = current.headers.etag as string;
      const stale = await t.http
        .patch(`/shipment/${s.id}`)
        .set({ ...auth(), 'If-Match': '"stale"' })
        .send({ status: 'shipped' });
      expect(stale.status).toBe(412);
      expect(stale.body).toEqual(fail(412, 'The resource has changed: If-Match does not match its current ETag.'));
      expect((await t.sql('SELECT status FROM shipments WHERE id = $1', [s.id]))[0]).toEqual({ status: 'pending' });
      const fresh = await t.http
        .patch(`/shipment/${s.id}`)
        .set({ ...auth(), 'If-Match': etag })
        .send({ status: 'shipped' });
      expect(fresh.status).toBe(200);
      expect(fresh.body.data.status).toBe('shipped');
    });
  });

  describe('delete', () => {
    it('DELETE answers the deleted shipment and takes its tracking codes with it', async () => {
      const s = await ship({ number: 'SH-DEL', status: 'shipped' });
      await addCode(s.id, { code: 'DEL-1' });
      await addCode(s.id, { code: 'DEL-2' });
      const other = await ship({ number: 'SH-KEEP' });
      await addCode(other.id, { code: 'DEL-1' });

      const res = await t.http.delete('/shipments/SH-DEL').set(auth());
      expect(res.status).toBe(200);
      expect(res.body).toEqual(ok(200, s));
      expect(await t.sql('SELECT id FROM shipments WHERE id = $1', [s.id])).toEqual([]);
      expect(await t.sql('SELECT id FROM tracking_codes WHERE shipment_id = $1', [s.id])).toEqual([]);
      expect(await t.sql('SELECT code FROM tracking_codes WHERE shipment_id = $1', [other.id])).toEqual([{ code: 'DEL-1' }]);
      expect((await t.http.get('/shipment/SH-DEL').set(auth())).status).toBe(404);

      const again = await t.http.delete(`/shipment/${s.id}`).set(auth());
      expect(again.status).toBe(404);
    });

    it('DELETE with a stale If-Match is 412', async () => {
      const s = await ship({ number: 'SH-DEL-412' });
      const res = await t.http.delete(`/shipment/${s.id}`).set({ ...auth(), 'If-Match': '"nope"' });
      expect(res.status).toBe(412);
      expect(await t.sql('SELECT id FROM shipments WHERE id = $1', [s.id])).toEqual([{ id: s.id }]);
    });
  });

  describe('scopes', () => {
    it('shipments:read reads but cannot write; another group cannot read', async () => {
      const s = await ship({ number: 'SH-SCOPE' });
      const reader = await t.token(['shipments:read']);
      expect((await t.http.get('/shipments').set(auth(reader))).status).toBe(200);
      expect((await t.http.get(`/shipment/${s.id}`).set(auth(reader))).status).toBe(200);
      for (const [method, path] of [
        ['post', '/shipment'],
        ['post', '/shipments'],
        ['patch', `/shipment/${s.id}`],
        ['delete', `/shipments/${s.id}`],
      ] as const) {
        const res = await t.http[method](path).set(auth(reader)).send({ number: 'SH-NEVER' });
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 403,
          body: fail(403, 'The access token lacks the scope "shipments:write".'),
        });
      }
      const writer = await t.token(['shipments:write']);
      expect((await t.http.patch(`/shipment/${s.id}`).set(auth(writer)).send({ status: 'shipped' })).status).toBe(200);

      const outsider = await t.token(['geography:read', 'geography:write']);
      for (const path of ['/shipments', `/shipment/${s.id}`, `/shipment/${s.id}/trackingcodes`]) {
        const res = await t.http.get(path).set(auth(outsider));
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 403,
          body: fail(403, 'The access token lacks the scope "shipments:read".'),
        });
      }
      expect(await t.sql("SELECT id FROM shipments WHERE number = 'SH-NEVER'")).toEqual([]);
    });
  });
});
