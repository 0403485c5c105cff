/**
 * An ERP integration written against the client generated from /openapi.json (openapi-typescript types,
 * openapi-fetch requests), as an integrator would write it: strict TypeScript, no casts. The test
 * (test/openapi-client.e2e-spec.ts) generates ./generated/store-api.d.ts from the live document,
 * compiles this file with `tsc --strict`, then runs it against the api: STORE_URL, STORE_TOKEN in the
 * environment, a JSON summary on stdout.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/store-api.js';

type Quote = components['schemas']['QuoteView'];
type Import = components['schemas']['ImportView'];
/** A line of `GET /import/{id}/results` (NDJSON: the document types the answer as text). */
interface ImportResult {
  line: number;
  status: 'created' | 'updated' | 'unchanged' | 'failed';
  id: number | null;
  key: string | null;
  errors?: Record<string, string[]>;
}

const baseUrl = process.env.STORE_URL ?? 'http://localhost:3000';
const client = createClient<paths>({
  baseUrl,
  headers: { Authorization: `Bearer ${process.env.STORE_TOKEN ?? ''}` },
  // `embed` and other lists are comma lists (style: form, explode: false).
  querySerializer: { array: { style: 'form', explode: false } },
});

function fail(step: string, status: number, body: unknown): never {
  throw new Error(`${step}: HTTP ${status} ${JSON.stringify(body)}`);
}

async function main() {
  // The catalog: a product with a size option, a variant per size, and an extra.
  const product = await client.POST('/product', { body: { name: 'Work shirt', sku: 'ERP-SHIRT', base_price: '25.00' } });
  if (!product.data) return fail('create product', product.response.status, product.error);
  const productKey = String(product.data.data.id);
  const option = await client.POST('/product/{owner}/option', {
    params: { path: { owner: productKey } },
    body: { name: 'Size', values: ['S', 'M', 'L'] },
  });
  if (!option.data) return fail('create option', option.response.status, option.error);
  const variantSkus: string[] = [];
  for (const size of option.data.data.values) {
    const variant = await client.POST('/product/{owner}/variant', {
      params: { path: { owner: productKey } },
      body: { sku: `ERP-SHIRT-${size}`, options: { Size: size } },
    });
    if (!variant.data) return fail('create variant', variant.response.status, variant.error);
    variantSkus.push(variant.data.data.sku ?? '');
  }
  const extra = await client.POST('/product/{owner}/extra', {
    params: { path: { owner: productKey } },
    body: { sku: 'EMBROIDERY', name: 'Embroidered logo', price: 4.5 },
  });
  if (!extra.data) return fail('create extra', extra.response.status, extra.error);
  const field = await client.POST('/customfielddefinitions', {
    body: { name: 'po_line', label: 'PO line', entity: 'cart', type: 'string' },
  });
  if (!field.data) return fail('create custom field', field.response.status, field.error);

  // The buyer: a customer group and a customer in it.
  const group = await client.POST('/customergroup', { body: { name: 'Resellers', api_code: 'resellers' } });
  if (!group.data) return fail('create customer group', group.response.status, group.error);
  const customer = await client.POST('/customer', {
    body: { email: 'erp-buyer@example.com', first_name: 'Grace', customer_group_id: group.data.data.id },
  });
  if (!customer.data) return fail('create customer', customer.response.status, customer.error);

  // A quote with three items using options, extras and custom fields.
  const productId = product.data.data.id;
  const created = await client.POST('/quote', {
    body: {
      name: 'ERP order 4711',
      customer_id: customer.data.data.id,
      customer_groups: [group.data.data.api_code],
      customer_emails: ['purchasing@example.com'],
      items: [
        { product_id: productId, quantity: 2, options: { Size: 'L' }, extras: ['EMBROIDERY'], custom_fields: { po_line: '4711-1' } },
        { product_id: productId, quantity: 5, options: { Size: 'M' }, custom_fields: { po_line: '4711-2' } },
        { product_id: productId, quantity: 1, options: { Size: 'S' }, extras: ['EMBROIDERY'], is_trial_product: 0 },
      ],
    },
  });
  if (!created.data) return fail('create quote', created.response.status, created.error);
  const quote: Quote = created.data.data;
  const quoteKey = String(quote.id);

  // Patch it with If-Match: the ETag of a plain GET; a stale one is 412.
  const read = await client.GET('/quote/{id}', { params: { path: { id: quoteKey } } });
  if (!read.data) return fail('read quote', read.response.status, read.error);
  const etag = read.response.headers.get('ETag') ?? '';
  const patched = await client.PATCH('/quote/{id}', {
    params: { path: { id: quoteKey }, header: { 'If-Match': etag } },
    body: { name: 'ERP order 4711 (confirmed)' },
  });
  if (!patched.data) return fail('patch quote', patched.response.status, patched.error);
  const stale = await client.PATCH('/quote/{id}', {
    params: { path: { id: quoteKey }, header: { 'If-Match': etag } },
    body: { name: 'lost update' },
  });
  const staleStatus = stale.error?.meta.status ?? stale.response.status;

  // Two more quotes, then walk every page of the collection with the cursor.
  for (const name of ['ERP order 4712', 'ERP order 4713']) {
    const more = await client.POST('/quote', { body: { name, customer_id: customer.data.data.id } });
    if (!more.data) return fail('create quote', more.response.status, more.error);
  }
  const walked: number[] = [];
  let pages = 0;
  let cursor: number | undefined;
  for (;;) {
    const page = await client.GET('/quotes', {
      params: { query: { limit: 2, sort: 'id', order: 'ASC', embed: ['customer', 'customer.group'], ...(cursor ? { cursor } : {}) } },
    });
    if (!page.data) return fail('list quotes', page.response.status, page.error);
    pages += 1;
    for (const q of page.data.data) walked.push(q.id);
    const next = page.data.meta.pagination.next_cursor;
    if (next === null) break;
    cursor = next;
  }

  // Send it, then read the deliveries.
  const sent = await client.POST('/quote/{id}/send-quote', {
    params: { path: { id: quoteKey } },
    body: { message: 'Our order, as agreed.' },
  });
  if (!sent.data) return fail('send quote', sent.response.status, sent.error);
  const deliveries = await client.GET('/quote/{id}/deliveries', { params: { path: { id: quoteKey } } });
  if (!deliveries.data) return fail('read deliveries', deliveries.response.status, deliveries.error);

  // Convert the quote into an order (the seller's own confirmation), then read the order with its products.
  const converted = await client.POST('/quote/{id}/order', {
    params: { path: { id: quoteKey } },
    body: { payment_status: 'paid', notes: 'PO 4711' },
  });
  if (!converted.data) return fail('order quote', converted.response.status, converted.error);
  const orderKey = converted.data.data.number;
  const order = await client.GET('/order/{id}', { params: { path: { id: orderKey }, query: { embed: ['items.product', 'customer'] } } });
  if (!order.data) return fail('read order', order.response.status, order.error);
  const again = await client.POST('/quote/{id}/order', { params: { path: { id: quoteKey } }, body: {} });
  const againStatus = again.error?.meta.status ?? again.response.status;

  // The buyer reviews the shirt (a verified purchase: the order has it); the store approves the review
  // and reads the product's rating.
  const review = await client.POST('/product/{owner}/review', {
    params: { path: { owner: productKey } },
    body: { author_name: 'Grace', customer_id: customer.data.data.id, rating: 4, title: 'Sturdy' },
  });
  if (!review.data) return fail('create review', review.response.status, review.error);
  const approved = await client.PATCH('/product/{owner}/review/{id}', {
    params: { path: { owner: productKey, id: String(review.data.data.id) } },
    body: { status: 'approved', reply: 'Thank you, Grace!' },
  });
  if (!approved.data) return fail('approve review', approved.response.status, approved.error);
  const rated = await client.GET('/product/{key}', { params: { path: { key: productKey }, query: { embed: ['reviews'] } } });
  if (!rated.data) return fail('read product', rated.response.status, rated.error);

  // The ERP syncs a product with its parts in one PUT by its SKU: created the first time (201); the same
  // body again changes nothing (200, the same updated_at).
  const mug = {
    name: 'Travel mug',
    sku: 'ERP-MUG',
    base_price: '12.00',
    options: [{ name: 'Color', values: ['Red', 'Blue'] }],
    variants: [
      { sku: 'ERP-MUG-RED', options: { Color: 'Red' }, price_tiers: [{ quantity: 10, price: '10.00' }] },
      { sku: 'ERP-MUG-BLUE', options: { Color: 'Blue' }, base_price: '13.00' },
    ],
    price_tiers: [{ quantity: 5, price: '11.00' }],
  };
  const synced = await client.PUT('/product/{key}', { params: { path: { key: 'ERP-MUG' } }, body: mug });
  if (!synced.data) return fail('sync product', synced.response.status, synced.error);
  const resynced = await client.PUT('/product/{key}', { params: { path: { key: 'ERP-MUG' } }, body: mug });
  if (!resynced.data) return fail('sync product again', resynced.response.status, resynced.error);
  const mugRead = await client.GET('/product/{key}', {
    params: { path: { key: 'ERP-MUG' }, query: { embed: ['variants', 'pricetiers'] } },
  });
  if (!mugRead.data) return fail('read synced product', mugRead.response.status, mugRead.error);

  // A catalog too large for a batch goes in as NDJSON, one product per line: the upload answers 202 with
  // the queued import and its Location; the import runs in the background; its results are NDJSON too.
  // The generated client sends the text as it is (bodySerializer) and reads the results as text.
  const catalog = [
    {
      sku: 'ERP-CAP',
      name: 'Cap',
      base_price: '15.00',
      options: [{ name: 'Color', values: ['Black', 'Sand'] }],
      variants: [
        { sku: 'ERP-CAP-BLACK', options: { Color: 'Black' }, price_tiers: [{ quantity: 20, price: '12.00' }] },
        { sku: 'ERP-CAP-SAND', options: { Color: 'Sand' } },
      ],
      price_tiers: [{ quantity: 10, price: '13.50' }],
    },
    { sku: 'ERP-SOCKS', name: 'Socks', base_price: '6.00' },
  ];
  const uploaded = await client.POST('/imports', {
    params: { query: { resource: 'products' } },
    headers: { 'Content-Type': 'application/x-ndjson' },
    body: catalog.map((p) => JSON.stringify(p)).join('\n') + '\n',
    bodySerializer: (body) => body,
  });
  if (!uploaded.data) return fail('upload catalog', uploaded.response.status, uploaded.error);
  const importId = String(uploaded.data.data.id);
  let imported: Import = uploaded.data.data;
  for (let polls = 0; (imported.status === 'queued' || imported.status === 'running') && polls < 300; polls++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const polled = await client.GET('/import/{id}', { params: { path: { id: importId } } });
    if (!polled.data) return fail('read import', polled.response.status, polled.error);
    imported = polled.data.data;
  }
  const results = await client.GET('/import/{id}/results', { params: { path: { id: importId } }, parseAs: 'text' });
  if (results.data === undefined) return fail('read import results', results.response.status, results.error);
  const importResults = results.data
    .split('\n')
    .filter((line) => line !== '')
    .map((line): ImportResult => JSON.parse(line));

  // A 422: its message is a map of field path to messages (other errors carry a string).
  const invalid = await client.POST('/quote', {
    body: { name: 'ERP order 4714', items: [{ product_id: productId, options: { Size: 'XL' } }] },
  });
  const message = invalid.error?.error.message;
  const invalidMessages: Record<string, string[]> = typeof message === 'object' ? message : {};

  const summary = {
    variants: variantSkus,
    quote: {
      name: patched.data.data.name,
      items: quote.items.map((i) => ({
        quantity: i.quantity,
        options: i.options,
        extras: i.extras,
        custom_fields: i.custom_fields,
        price: i.price,
      })),
      customer_groups: quote.customer_groups.map((g) => g.api_code),
      customer_emails: quote.customer_emails ?? [],
    },
    stale_status: staleStatus,
    pages,
    walked: walked.length,
    walked_in_order: walked.every((id, i) => i === 0 || id > walked[i - 1]),
    sent: sent.data.data.deliveries.map((d) => ({ recipient: d.recipient, status: d.status })),
    deliveries: deliveries.data.data.map((d) => d.recipient).sort(),
    invalid: { status: invalid.response.status, message: invalidMessages },
    order: {
      number: order.data.data.number,
      quote_id: order.data.data.quote_id,
      payment_status: order.data.data.payment_status,
      total: order.data.data.total,
      items: order.data.data.items.map((i) => ({
        sku: i.sku,
        quantity: i.quantity,
        total: i.total,
        product: i.product?.data?.sku ?? null,
      })),
      customer: order.data.data.customer?.data?.email ?? null,
      again_status: againStatus,
    },
    sync: {
      statuses: [synced.response.status, resynced.response.status],
      unchanged: resynced.data.data.updated_at === synced.data.data.updated_at,
      variants: (mugRead.data.data.variants?.data ?? []).map((v) => v.sku),
      pricetiers: (mugRead.data.data.pricetiers?.data ?? []).map((t) => `${t.quantity}@${t.price}`),
    },
    import: {
      status_code: uploaded.response.status,
      location: uploaded.response.headers.get('Location') === `/import/${importId}`,
      status: imported.status,
      counts: [imported.lines, imported.created, imported.updated, imported.unchanged, imported.failed],
      results: importResults.map((r) => `${r.line} ${r.status} ${r.key ?? ''}`),
    },
    review: {
      status: approved.data.data.status,
      verified_purchase: approved.data.data.verified_purchase,
      approved: approved.data.data.approved_at !== null,
      rating_average: rated.data.data.rating_average,
      rating_count: rated.data.data.rating_count,
      embedded: (rated.data.data.reviews?.data ?? []).map((r) => r.title),
    },
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
