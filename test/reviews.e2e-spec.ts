import { queryCounter } from '../src/database/query-counter.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';
import { TS, fail, ok } from './support/envelope.js';
import { apiSteps, type Json } from './support/api-client.js';

/**
 * Product reviews (docs/api.md#reviews): moderation, verified purchases, the product's rating kept with each change, the
 * embed and the filters.
 */
describeE2E('product reviews', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let ann: Json;
  let bob: Json;
  let mug: Json;
  let lamp: Json;
  const { send, create, get, events } = apiSteps(
    () => t,
    () => auth,
  );
  const review = (over: Record<string, unknown>) => ({
    customer_id: null,
    author_email: null,
    title: null,
    text: null,
    status: 'pending',
    reply: null,
    verified_purchase: 0,
    approved_at: null,
    created_at: TS,
    updated_at: TS,
    ...over,
  });
  const rating = async (p: Json) => {
    const product = await get(`/product/${p.id}`);
    return [product.rating_average, product.rating_count];
  };

  beforeAll(async () => {
    t = await bootTestApp('reviews');
    auth = { Authorization: `Bearer ${await t.token()}` };
    ann = await create('/customer', { email: 'Ann@Example.test', first_name: 'Ann' });
    bob = await create('/customer', { email: 'bob@example.test', first_name: 'Bob' });
    mug = await create('/product', { name: 'Mug', sku: 'MUG', base_price: '10.00' });
    lamp = await create('/product', { name: 'Lamp', sku: 'LAMP', base_price: '30.00' });
    // Ann bought a mug; Bob's order of a mug was cancelled.
    const annQuote = await create('/quote', { name: 'Ann', customer_id: ann.id, items: [{ product_id: mug.id, quantity: 1 }] });
    await create(`/quote/${annQuote.id}/order`, {});
    const bobQuote = await create('/quote', { name: 'Bob', customer_id: bob.id, items: [{ product_id: mug.id, quantity: 1 }] });
    const bobOrder = await create(`/quote/${bobQuote.id}/order`, {});
    await send('post', `/order/${bobOrder.id}/cancel`);
  });
  afterAll(() => t?.close());

  it('creates a pending review with the defaults, on both spellings, and reads it at both addresses', async () => {
    const res = await t.http.post('/product/MUG/review').set(auth).send({ author_name: 'Zed', rating: 4 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual(ok(201, review({ id: 1, product_id: mug.id, author_name: 'Zed', rating: 4 })));
    for (const path of [`/product/${mug.id}/review/1`, '/products/MUG/reviews/1', '/review/1', '/reviews/1']) {
      expect((await t.http.get(path).set(auth)).body).toEqual(ok(200, res.body.data));
    }
    expect((await t.http.get('/product/LAMP/review/1').set(auth)).body).toEqual(fail(404, 'Review 1 was not found.'));
    expect((await events('review.created', 1)).map((e) => e.data)).toEqual([res.body.data]);
    // A pending review does not count.
    expect(await rating(mug)).toEqual([null, 0]);
  });

  it('validates as the contract says', async () => {
    const bad = await t.http
      .post('/product/MUG/reviews')
      .set(auth)
      .send({
        rating: 6,
        title: 'x'.repeat(256),
        text: 'y'.repeat(10001),
        status: 'hidden',
        author_email: 'not-an-address',
        verified_purchase: 1,
      });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.message).sort()).toEqual([
      'author_email',
      'author_name',
      'rating',
      'status',
      'text',
      'title',
      'verified_purchase',
    ]);
    expect((await t.http.post('/product/MUG/review').set(auth).send({ author_name: 'A', rating: 2.5 })).status).toBe(422);
    expect((await t.http.post('/product/MUG/review').set(auth).send({ author_name: 'A', rating: 3, customer_id: 999 })).body).toEqual(
      fail(422, { customer_id: ['does not exist'] }),
    );
    expect((await t.http.post('/product/NOPE/review').set(auth).send({ author_name: 'A', rating: 3 })).body).toEqual(
      fail(404, 'Product NOPE was not found.'),
    );
  });

  it('verified_purchase: by customer_id, else by the e-mail of a customer; a cancelled order does not count', async () => {
    const byId = await create('/product/MUG/review', { author_name: 'Ann', rating: 5, customer_id: ann.id });
    expect(byId.verified_purchase).toBe(1);
    const byEmail = await create('/product/MUG/review', { author_name: 'Ann', rating: 5, author_email: 'ann@example.TEST' });
    expect(byEmail.verified_purchase).toBe(1);
    expect((await create('/product/LAMP/review', { author_name: 'Ann', rating: 5, customer_id: ann.id })).verified_purchase).toBe(0);
    const cancelled = await create('/product/MUG/review', { author_name: 'Bob', rating: 1, customer_id: bob.id });
    expect(cancelled.verified_purchase).toBe(0);
    // Changing the customer or the e-mail computes it again.
    const moved = await send('patch', `/product/MUG/review/${cancelled.id}`, { customer_id: ann.id });
    expect(moved.verified_purchase).toBe(1);
    const stranger = await send('patch', `/product/MUG/review/${byEmail.id}`, { author_email: 'nobody@example.test' });
    expect(stranger.verified_purchase).toBe(0);
  });

  it('tells a key that may not read customers and orders nothing about who bought what, or which customer ids exist', async () => {
    const as = async (scopes: string[]) => ({ Authorization: `Bearer ${await t.token(scopes)}` });
    const reviewsOnly = await as(['reviews:write']);
    // Naming a customer needs customers:read: the same 403 for an id that exists and one that does not.
    for (const customer_id of [ann.id, 999]) {
      const res = await t.http.post('/product/MUG/review').set(reviewsOnly).send({ author_name: 'Probe', rating: 3, customer_id });
      expect([res.status, res.body]).toEqual([403, fail(403, 'The access token lacks the scope "customers:read".')]);
    }
    // A buyer's e-mail is taken, and verified_purchase is not computed for this key: 0, as for a stranger.
    const byEmail = await t.http
      .post('/product/MUG/review')
      .set(reviewsOnly)
      .send({ author_name: 'Probe', rating: 3, author_email: 'ann@example.test' });
    expect([byEmail.status, byEmail.body.data.verified_purchase]).toEqual([201, 0]);
    const patched = await t.http
      .patch(`/product/MUG/review/${byEmail.body.data.id}`)
      .set(reviewsOnly)
      .send({ author_email: 'Ann@Example.test' });
    expect([patched.status, patched.body.data.verified_purchase]).toEqual([200, 0]);
    // With customers:read but not orders:read, the customer is checked and the purchase is not.
    const noOrders = await as(['reviews:write', 'customers:read']);
    const named = await t.http.post('/product/MUG/review').set(noOrders).send({ author_name: 'Ann', rating: 5, customer_id: ann.id });
    expect([named.status, named.body.data.verified_purchase]).toEqual([201, 0]);
    expect((await t.http.post('/product/MUG/review').set(noOrders).send({ author_name: 'X', rating: 5, customer_id: 999 })).body).toEqual(
      fail(422, { customer_id: ['does not exist'] }),
    );
    // A key that may read both computes it.
    const both = await as(['reviews:write', 'customers:read', 'orders:read']);
    const verified = await t.http
      .post('/product/MUG/review')
      .set(both)
      .send({ author_name: 'Ann', rating: 5, author_email: 'ann@example.test' });
    expect([verified.status, verified.body.data.verified_purchase]).toEqual([201, 1]);
  });

  it('approving keeps the rating current in the same transaction, records review.approved, sets approved_at', async () => {
    const [a, b] = [2, 3];
    const res = await t.http.patch(`/product/MUG/review/${a}`).set(auth).send({ status: 'approved', reply: 'Thank you!' });
    expect(res.body.data).toMatchObject({ status: 'approved', reply: 'Thank you!', approved_at: TS });
    expect(await rating(mug)).toEqual(['5.00', 1]);
    expect((await events('review.approved', a)).length).toBe(1);
    await send('patch', `/product/MUG/review/${b}`, { status: 'approved' });
    await send('patch', '/product/MUG/review/1', { status: 'approved' });
    expect(await rating(mug)).toEqual(['4.67', 3]);
    // A rating change of an approved review moves the mean; approving again records no second review.approved.
    await send('patch', '/product/MUG/review/1', { rating: 3, status: 'approved' });
    expect(await rating(mug)).toEqual(['4.33', 3]);
    expect((await events('review.approved', 1)).length).toBe(1);
    // Rejecting takes it out; deleting an approved one too.
    await send('patch', '/product/MUG/review/1', { status: 'rejected' });
    expect(await rating(mug)).toEqual(['5.00', 2]);
    await send('delete', `/product/MUG/review/${b}`);
    expect(await rating(mug)).toEqual(['5.00', 1]);
    expect((await events('review.deleted', b)).length).toBe(1);
    // The product recorded its change with the rating.
    const updates = await events('product.updated', mug.id);
    expect(updates[updates.length - 1].data).toMatchObject({ rating_average: '5.00', rating_count: 1 });
    // Created approved: approved_at from the start.
    const direct = await create('/product/LAMP/review', { author_name: 'Cy', rating: 4, status: 'approved' });
    expect(direct.approved_at).toEqual(TS);
    expect(await rating(lamp)).toEqual(['4.00', 1]);
  });

  it('embed=reviews lists a product’s reviews newest first, in the one statement of GET /product/{id}', async () => {
    queryCounter.reset();
    const res = await t.http.get('/product/MUG?embed=reviews,product_type').set(auth);
    expect(queryCounter.count).toBe(1);
    const ids = res.body.data.reviews.data.map((r: Json) => r.id);
    const rows = await t.sql<{ id: number }>('SELECT id FROM reviews WHERE product_id = $1 ORDER BY created_at DESC, id DESC', [mug.id]);
    expect(ids).toEqual(rows.map((r) => r.id));
    expect(res.body.data.reviews.data[0]).toEqual(await get(`/review/${ids[0]}`));
    queryCounter.reset();
    await t.http.get('/product/MUG').set(auth);
    expect(queryCounter.count).toBe(1);
    const list = await t.http.get('/products?embed=reviews&sort=rating_average&order=desc').set(auth);
    expect(list.body.data.map((p: Json) => [p.sku, p.rating_average])).toEqual([
      ['MUG', '5.00'],
      ['LAMP', '4.00'],
    ]);
  });

  it('lists with the filters, on all products and on one', async () => {
    const all = await t.http.get('/reviews').set(auth);
    expect(all.status).toBe(200);
    const count = (await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM reviews'))[0].n;
    expect(all.body.meta.pagination.total).toBe(count);
    const ids = async (q: string) => ((await t.http.get(q).set(auth)).body.data as Json[]).map((r) => r.id);
    const sql = async (where: string, params: unknown[] = []) =>
      (await t.sql<{ id: number }>(`SELECT id FROM reviews WHERE ${where} ORDER BY id`, params)).map((r) => r.id);
    expect(await ids('/reviews?status=approved')).toEqual(await sql("status = 'approved'"));
    expect(await ids(`/reviews?product_id=${lamp.id}`)).toEqual(await sql('product_id = $1', [lamp.id]));
    expect(await ids(`/reviews?customer_id=${ann.id}`)).toEqual(await sql('customer_id = $1', [ann.id]));
    expect(await ids('/reviews?rating=5')).toEqual(await sql('rating = 5'));
    expect(await ids('/reviews?created_at_min=2000-01-01 00:00:00&created_at_max=2999-01-01 00:00:00')).toEqual(await sql('TRUE'));
    expect(await ids('/reviews?created_at_max=2000-01-01 00:00:00')).toEqual([]);
    expect(await ids('/product/LAMP/reviews')).toEqual(await sql('product_id = $1', [lamp.id]));
    expect(await ids('/product/LAMP/reviews?status=pending')).toEqual(await sql("product_id = $1 AND status = 'pending'", [lamp.id]));
    expect((await t.http.get('/reviews?status=hidden&rating=9').set(auth)).status).toBe(422);
    expect((await t.http.get('/reviews?sort=author_name').set(auth)).status).toBe(422);
  });

  it('costs a fixed number of statements: a list whatever its size, a write whatever the product', async () => {
    const counted = async (path: string) => {
      queryCounter.reset();
      expect((await t.http.get(path).set(auth)).status).toBe(200);
      return queryCounter.count;
    };
    expect(await counted('/reviews?limit=1')).toBe(await counted('/reviews?limit=100'));
    expect(await counted('/product/MUG/reviews?limit=1')).toBe(await counted('/product/MUG/reviews?limit=100'));
    const write = async (body: object) => {
      queryCounter.reset();
      expect((await t.http.post('/product/MUG/review').set(auth).send(body)).status).toBe(201);
      return queryCounter.count;
    };
    // BEGIN, the product's lock, the customer check, the purchase check, the insert, its events, the
    // approved ratings, the product's rating, the product's view and its event, COMMIT.
    const approved = await write({ author_name: 'Dee', rating: 2, customer_id: ann.id, status: 'approved' });
    expect(approved).toBe(11);
    expect(await write({ author_name: 'Eve', rating: 4, customer_id: ann.id, status: 'approved' })).toBe(approved);
    // A pending review leaves the rating alone: four statements fewer.
    expect(await write({ author_name: 'Flo', rating: 4, customer_id: ann.id })).toBe(approved - 4);
  });

  it('needs the reviews scopes', async () => {
    const reader = { Authorization: `Bearer ${await t.token(['reviews:read'])}` };
    expect((await t.http.get('/reviews').set(reader)).status).toBe(200);
    expect((await t.http.post('/product/MUG/review').set(reader).send({ author_name: 'A', rating: 3 })).status).toBe(403);
    const catalog = { Authorization: `Bearer ${await t.token(['catalog:*'])}` };
    expect((await t.http.get('/reviews').set(catalog)).status).toBe(403);
  });

  it('deleting a product deletes its reviews', async () => {
    await send('delete', '/product/LAMP');
    expect(await t.sql('SELECT id FROM reviews WHERE product_id = $1', [lamp.id])).toEqual([]);
  });
});
