import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';

type Code = {
  id: number;
  shipment_id: number;
  code: string;
  carrier: string | null;
  url: string | null;
  created_at: string;
  updated_at: string;
};

describeE2E('shipment tracking codes', () => {
  let t: TestApp;
  let token: string;
  const auth = (tok = token) => ({ Authorization: `Bearer ${tok}` });

  const ship = async (number: string) => {
    const res = await t.http.post('/shipment').set(auth()).send({ number });
    expect(res.status).toBe(201);
    return res.body.data as { id: number; number: string };
  };
  const addCode = async (shipmentId: number, body: Record<string, unknown>) => {
    const res = await t.http.post(`/shipment/${shipmentId}/trackingcode`).set(auth()).send(body);
    expect(res.status).toBe(201);
    return res.body.data as Code;
  };

  beforeAll(async () => {
    t = await bootTestApp('shipments_tracking');
    token = await t.token();
  });
  afterAll(() => t?.close());

  describe('create', () => {
    it('POST /shipment/{number}/trackingcode creates with every field; code and carrier are trimmed', async () => {
      const s = await ship('TC-1');
      const res = await t.http
        .post('/shipment/TC-1/trackingcode')
        .set(auth())
        .send({ code: '  1Z999AA10123456784 ', carrier: ' UPS ', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual(
        ok(201, {
          id: expect.any(Number),
          shipment_id: s.id,
          code: '1Z999AA10123456784',
          carrier: 'UPS',
          url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
          created_at: TS,
          updated_at: res.body.data.created_at,
        }),
      );
      const rows = await t.sql('SELECT shipment_id, code, carrier, url FROM tracking_codes WHERE id = $1', [res.body.data.id]);
      expect(rows).toEqual([
        { shipment_id: s.id, code: '1Z999AA10123456784', carrier: 'UPS', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
      ]);
    });

    it('every create spelling works: /shipment|/shipments × /trackingcode|/trackingcodes, by id or number', async () => {
      const s = await ship('TC-2');
      const paths = [
        `/shipment/${s.id}/trackingcode`,
        '/shipment/TC-2/trackingcodes',
        `/shipments/${s.id}/trackingcode`,
        '/shipments/TC-2/trackingcodes',
      ];
      for (const [i, path] of paths.entries()) {
        const res = await t.http
          .post(path)
          .set(auth())
          .send({ code: `ALIAS-${i}` });
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 201,
          body: ok(201, {
            id: expect.any(Number),
            shipment_id: s.id,
            code: `ALIAS-${i}`,
            carrier: null,
            url: null,
            created_at: TS,
            updated_at: TS,
          }),
        });
      }
      const codes = await t.sql('SELECT code FROM tracking_codes WHERE shipment_id = $1 ORDER BY id', [s.id]);
      expect(codes).toEqual([{ code: 'ALIAS-0' }, { code: 'ALIAS-1' }, { code: 'ALIAS-2' }, { code: 'ALIAS-3' }]);
    });

    it('422 with the exact field keys', async () => {
      const s = await ship('TC-422');
      await addCode(s.id, { code: 'TAKEN' });
      const cases: [Record<string, unknown>, Record<string, string[]>][] = [
        [{}, { code: ['is required'] }],
        [{ code: '   ' }, { code: ['must not be blank'] }],
        [{ code: 'c'.repeat(256) }, { code: ['must be at most 255 characters'] }],
        [{ code: 'TAKEN' }, { code: ['is already in use'] }],
        [{ code: ' TAKEN ' }, { code: ['is already in use'] }],
        [{ code: 'X1', url: 'ftp://files.example/track' }, { url: ['must be an http or https URL'] }],
        [{ code: 'X1', url: 'www.ups.com/track' }, { url: ['must be an http or https URL'] }],
        [{ code: 'X1', url: 'http:ups.com/track' }, { url: ['must be an http or https URL'] }],
        [{ code: 7 }, { code: ['must be a string'] }],
        [{ code: 'X1', url: `https://e.example/${'a'.repeat(2031)}` }, { url: ['must be at most 2048 characters'] }],
        [{ code: 'X1', carrier: 'c'.repeat(256) }, { carrier: ['must be at most 255 characters'] }],
        [
          { code: 'X1', shipment_id: 5, status: 'shipped' },
          { shipment_id: ['is not a known field'], status: ['is not a known field'] },
        ],
      ];
      for (const [body, errors] of cases) {
        const res = await t.http.post(`/shipment/${s.id}/trackingcode`).set(auth()).send(body);
        expect({ body, status: res.status, response: res.body }).toEqual({ body, status: 422, response: fail(422, errors) });
      }
      expect(await t.sql('SELECT code FROM tracking_codes WHERE shipment_id = $1', [s.id])).toEqual([{ code: 'TAKEN' }]);
    });

    it('the same code may be used on another shipment; blank carrier and url are null', async () => {
      const a = await ship('TC-SAME-A');
      const b = await ship('TC-SAME-B');
      await addCode(a.id, { code: 'SHARED' });
      const res = await t.http.post(`/shipment/${b.id}/trackingcode`).set(auth()).send({ code: 'SHARED', carrier: '', url: '  ' });
      expect(res.status).toBe(201);
      expect(res.body.data).toEqual({
        id: expect.any(Number),
        shipment_id: b.id,
        code: 'SHARED',
        carrier: null,
        url: null,
        created_at: TS,
        updated_at: TS,
      });
    });

    it('404 on an unknown shipment', async () => {
      const res = await t.http.post('/shipment/NO-SHIP/trackingcode').set(auth()).send({ code: 'X' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(fail(404, 'Shipment NO-SHIP was not found.'));
    });
  });

  describe('read', () => {
    it("GET /shipment/{s}/trackingcodes lists the shipment's codes (both spellings), paged and sorted", async () => {
      const s = await ship('TC-LIST');
      const other = await ship('TC-LIST-OTHER');
      await addCode(other.id, { code: 'ELSEWHERE' });
      const c = await addCode(s.id, { code: 'C-3' });
      const a = await addCode(s.id, { code: 'A-1', carrier: 'DHL' });
      const b = await addCode(s.id, { code: 'B-2' });

      for (const path of [`/shipment/${s.id}/trackingcodes`, '/shipments/TC-LIST/trackingcodes']) {
        const res = await t.http.get(path).set(auth());
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 200,
          body: {
            meta: {
              status: 200,
              success: true,
              pagination: { total: 3, count: 3, limit: 250, page: 1, total_pages: 1, next_cursor: null },
            },
            data: [c, a, b],
          },
        });
      }
      const byCode = await t.http.get('/shipment/TC-LIST/trackingcodes?sort=code').set(auth());
      expect(byCode.body.data).toEqual([a, b, c]);
      const paged = await t.http.get('/shipment/TC-LIST/trackingcodes?limit=2').set(auth());
      expect(paged.body.data).toEqual([c, a]);
      expect(paged.body.meta.pagination).toEqual({ total: 3, count: 2, limit: 2, page: 1, total_pages: 2, next_cursor: a.id });
      const rest = await t.http.get(`/shipment/TC-LIST/trackingcodes?limit=2&cursor=${a.id}`).set(auth());
      expect(rest.body.data).toEqual([b]);

      const badSort = await t.http.get('/shipment/TC-LIST/trackingcodes?sort=carrier').set(auth());
      expect(badSort.status).toBe(422);
      expect(badSort.body).toEqual(fail(422, { sort: ['must be one of: id, code, created_at'] }));
      const badEmbed = await t.http.get('/shipment/TC-LIST/trackingcodes?embed=shipment').set(auth());
      expect(badEmbed.status).toBe(422);
      expect(badEmbed.body).toEqual(fail(422, { embed: ['unknown "shipment"; allowed: none'] }));

      const empty = await t.http.get(`/shipment/${other.id}/trackingcodes?cursor=999999`).set(auth());
      expect(empty.body.data).toEqual([]);
      const missing = await t.http.get('/shipment/999999/trackingcodes').set(auth());
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(fail(404, 'Shipment 999999 was not found.'));
    });

    it('GET a code by id or by code, under all four spellings', async () => {
      const s = await ship('TC-GET');
      const c = await addCode(s.id, { code: 'FDX-42', carrier: 'FedEx', url: 'http://fedex.example/t/FDX-42' });
      const spellings = [
        `/shipment/${s.id}/trackingcode/${c.id}`,
        `/shipment/TC-GET/trackingcodes/FDX-42`,
        `/shipments/${s.id}/trackingcode/FDX-42`,
        `/shipments/TC-GET/trackingcodes/${c.id}`,
      ];
      for (const path of spellings) {
        const res = await t.http.get(path).set(auth());
        expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 200, body: ok(200, c) });
      }
    });

    it('a numeric code that is no id, and a code with a space, are looked up by code', async () => {
      const s = await ship('TC-NUM');
      const numeric = await addCode(s.id, { code: '123456789' });
      expect(numeric.id).toBeLessThan(123456789);
      const res = await t.http.get('/shipment/TC-NUM/trackingcode/123456789').set(auth());
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(numeric);

      const spaced = await addCode(s.id, { code: '1Z 999 AA1' });
      const bySpace = await t.http.get('/shipment/TC-NUM/trackingcode/1Z%20999%20AA1').set(auth());
      expect(bySpace.status).toBe(200);
      expect(bySpace.body.data).toEqual(spaced);
    });

    it('404 for an unknown code, an unknown shipment, and a code of another shipment', async () => {
      const a = await ship('TC-404-A');
      const b = await ship('TC-404-B');
      const ca = await addCode(a.id, { code: 'ONLY-A' });
      const cases: [string, string][] = [
        [`/shipment/${b.id}/trackingcode/${ca.id}`, `Tracking code ${ca.id} was not found.`],
        [`/shipment/${b.id}/trackingcode/ONLY-A`, 'Tracking code ONLY-A was not found.'],
        [`/shipment/${a.id}/trackingcode/999999`, 'Tracking code 999999 was not found.'],
        [`/shipment/NO-SHIP/trackingcode/${ca.id}`, 'Shipment NO-SHIP was not found.'],
      ];
      for (const [path, message] of cases) {
        for (const method of ['get', 'patch', 'delete'] as const) {
          const res = await t.http[method](path)
            .set(auth())
            .send(method === 'patch' ? { carrier: 'X' } : undefined);
          expect({ method, path, status: res.status, body: res.body }).toEqual({ method, path, status: 404, body: fail(404, message) });
        }
      }
      expect(await t.sql('SELECT carrier FROM tracking_codes WHERE id = $1', [ca.id])).toEqual([{ carrier: null }]);
    });

    it("GET on the singular collection spelling is 405 (it only creates); OPTIONS lists an item's methods", async () => {
      const s = await ship('TC-405');
      const res = await t.http.get(`/shipment/${s.id}/trackingcode`).set(auth());
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('POST, OPTIONS');
      const options = await t.http.options(`/shipments/${s.id}/trackingcodes/ANY`).set(auth());
      expect(options.status).toBe(200);
      expect(options.body).toEqual(ok(200, { methods: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] }));
    });
  });

  describe('update', () => {
    it('PATCH by code and by id (every spelling) changes only the fields sent', async () => {
      const s = await ship('TC-UPD');
      const c = await addCode(s.id, { code: 'OLD', carrier: 'UPS', url: 'https://ups.example/OLD' });
      const res = await t.http.patch('/shipment/TC-UPD/trackingcode/OLD').set(auth()).send({ code: ' NEW ', url: null });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(ok(200, { ...c, code: 'NEW', url: null, updated_at: TS }));

      const spellings = [
        `/shipment/${s.id}/trackingcodes/${c.id}`,
        `/shipments/${s.id}/trackingcode/NEW`,
        `/shipments/TC-UPD/trackingcodes/NEW`,
      ];
      for (const [i, path] of spellings.entries()) {
        const r = await t.http
          .patch(path)
          .set(auth())
          .send({ carrier: `Carrier ${i}` });
        expect({ path, status: r.status, carrier: r.body.data?.carrier }).toEqual({ path, status: 200, carrier: `Carrier ${i}` });
      }
      expect((await t.http.get(`/shipment/${s.id}/trackingcode/NEW`).set(auth())).body.data).toEqual({
        ...c,
        code: 'NEW',
        carrier: 'Carrier 2',
        url: null,
        updated_at: TS,
      });
    });

    it('PATCH 422: blank code, duplicate code in the shipment, bad url, null code, unknown field', async () => {
      const s = await ship('TC-UPD-422');
      await addCode(s.id, { code: 'FIRST' });
      const c = await addCode(s.id, { code: 'SECOND' });
      const cases: [Record<string, unknown>, Record<string, string[]>][] = [
        [{ code: '   ' }, { code: ['must not be blank'] }],
        [{ code: 'FIRST' }, { code: ['is already in use'] }],
        [{ url: 'mailto:track@example.com' }, { url: ['must be an http or https URL'] }],
        [{ url: 42 }, { url: ['must be a string'] }],
        [{ code: null }, { code: ['must be a string'] }],
        [{ shipment_id: 1 }, { shipment_id: ['is not a known field'] }],
      ];
      for (const [body, errors] of cases) {
        const res = await t.http.patch(`/shipment/${s.id}/trackingcode/${c.id}`).set(auth()).send(body);
        expect({ body, status: res.status, response: res.body }).toEqual({ body, status: 422, response: fail(422, errors) });
      }
      expect((await t.http.get(`/shipment/${s.id}/trackingcode/${c.id}`).set(auth())).body.data).toEqual(c);
    });

    it('If-Match: a stale ETag is 412; the ETag of a GET is accepted', async () => {
      const s = await ship('TC-ETAG');
      const c = await addCode(s.id, { code: 'E-1' });
      const current = await t.http.get(`/shipment/${s.id}/trackingcode/E-1`).set(auth());
      const stale = await t.http
        .patch(`/shipment/${s.id}/trackingcode/E-1`)
        .set({ ...auth(), 'If-Match': '"stale"' })
        .send({ carrier: 'USPS' });
      expect(stale.status).toBe(412);
      expect(stale.body).toEqual(fail(412, 'The resource has changed: If-Match does not match its current ETag.'));
      expect(await t.sql('SELECT carrier FROM tracking_codes WHERE id = $1', [c.id])).toEqual([{ carrier: null }]);
      const fresh = await t.http
        .patch(`/shipment/${s.id}/trackingcode/E-1`)
        .set({ ...auth(), 'If-Match': current.headers.etag as string })
        .send({ carrier: 'USPS' });
      expect(fresh.status).toBe(200);
      expect(fresh.body.data.carrier).toBe('USPS');
    });
  });

  describe('delete', () => {
    it('DELETE by code or id (every spelling) answers the deleted code', async () => {
      const s = await ship('TC-DEL');
      const made = await Promise.all(['D-0', 'D-1', 'D-2', 'D-3'].map((code) => addCode(s.id, { code })));
      const paths = [
        `/shipment/TC-DEL/trackingcode/D-0`,
        `/shipment/${s.id}/trackingcodes/${made[1].id}`,
        `/shipments/${s.id}/trackingcode/D-2`,
        `/shipments/TC-DEL/trackingcodes/${made[3].id}`,
      ];
      for (const [i, path] of paths.entries()) {
        const res = await t.http.delete(path).set(auth());
        expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 200, body: ok(200, made[i]) });
        const gone = await t.http.get(`/shipment/${s.id}/trackingcode/${made[i].id}`).set(auth());
        expect(gone.status).toBe(404);
      }
      expect(await t.sql('SELECT id FROM tracking_codes WHERE shipment_id = $1', [s.id])).toEqual([]);
      expect((await t.http.get(`/shipment/${s.id}`).set(auth())).status).toBe(200);
    });
  });

  describe('scopes', () => {
    it('shipments:read reads codes but cannot write them; another group cannot read them', async () => {
      const s = await ship('TC-SCOPE');
      const c = await addCode(s.id, { code: 'S-1' });
      const reader = await t.token(['shipments:read']);
      expect((await t.http.get(`/shipment/${s.id}/trackingcodes`).set(auth(reader))).status).toBe(200);
      expect((await t.http.get(`/shipment/${s.id}/trackingcode/S-1`).set(auth(reader))).status).toBe(200);
      for (const [method, path] of [
        ['post', `/shipment/${s.id}/trackingcode`],
        ['post', `/shipments/${s.id}/trackingcodes`],
        ['patch', `/shipment/${s.id}/trackingcode/S-1`],
        ['delete', `/shipment/${s.id}/trackingcode/${c.id}`],
      ] as const) {
        const res = await t.http[method](path).set(auth(reader)).send({ code: 'NEVER' });
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 403,
          body: fail(403, 'The access token lacks the scope "shipments:write".'),
        });
      }
      const outsider = await t.token(['tax:read']);
      for (const path of [`/shipment/${s.id}/trackingcodes`, `/shipments/${s.id}/trackingcodes/S-1`]) {
        const res = await t.http.get(path).set(auth(outsider));
        expect({ path, status: res.status, body: res.body }).toEqual({
          path,
          status: 403,
          body: fail(403, 'The access token lacks the scope "shipments:read".'),
        });
      }
      expect(await t.sql('SELECT code FROM tracking_codes WHERE shipment_id = $1', [s.id])).toEqual([{ code: 'S-1' }]);
    });
  });
});
