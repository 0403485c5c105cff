import { createGeneratorSync } from 'json-schema-faker';
import { parseTimestamp } from '../src/common/format/format.js';
import { eventually } from './support/eventually.js';
import { asText, ndjsonLines } from './support/ndjson.js';
import { type Json, documentSchemas, pointer } from './support/openapi-schema.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

type Ids = Record<string, number>;

/** Bodies generated per operation: enough to reach every branch of the schemas below, quick to send. */
const BODIES = 60;

/**
 * The request schemas are as strict as the server: a body the document calls valid is not refused
 * with 422 (Schemathesis-style positive checks). Bodies are generated from the live document's
 * request schemas with json-schema-faker, checked against the same schema with ajv (so a generator
 * slip is not blamed on the api), and sent; the only refusals allowed are those no schema can
 * state (a value already taken, a reference to a row that does not exist).
 *
 * Covered: every operation that takes a body: the webhook endpoints (the URL rule as a
 * pattern, the event patterns), the creates that refer to nothing (decimals in steps of their places,
 * real calendar dates, no NUL), custom field definitions (options and default value by `type`),
 * coupons (a percentage at most 100) and customers (the server's e-mail rule), quotes, send-quote and
 * orders, and the patches and nested creates of rows those creates made (a custom field definition's
 * patch on a definition of the type it is checked against). References (a quote's
 * product, options and extras, a custom field's name) are set to rows that exist after generation;
 * the free-form values stay as generated. A rule no schema can state and only a description gives (a
 * select's default is one of its options, a coupon ends after it starts, also against the stored row
 * for a patch) is applied to the generated body before it is sent, as a client reading the
 * description would. The api
 * runs with WEBHOOK_ALLOW_PRIVATE=true: whether a host resolves to a public address is a fact of
 * the network, not of the body.
 */
describeE2E('OpenAPI request schemas: generated valid bodies are not refused', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let doc: Json;
  let schemaAt: ReturnType<typeof documentSchemas>;

  beforeAll(async () => {
    // Hundreds of bodies from one key: the per-key rate limit is not what is tested here.
    t = await bootTestApp('openapi_strict', { WEBHOOK_ALLOW_PRIVATE: 'true', RATE_LIMIT_PER_MINUTE: '0' });
    auth = { Authorization: `Bearer ${await t.token()}` };
    doc = (await t.http.get('/openapi.json')).body as Json;
    schemaAt = documentSchemas(doc);
  });
  afterAll(() => t?.close());

  /** The request body schema of an operation, as a self-contained schema the generator can resolve. */
  const bodySchema = (path: string, method: string): { schema: Json; pointer: string } => {
    const ref = doc.paths[path][method].requestBody.content['application/json'].schema.$ref as string;
    const name = ref.replace('#/components/schemas/', '');
    return {
      schema: forGenerator({ ...doc.components.schemas[name], components: doc.components }) as Json,
      pointer: `#/components/schemas/${name}`,
    };
  };

  /**
   * A schema without its annotations (`example`, `examples`, `x-…`): json-schema-faker takes the keys
   * it does not know in an object schema with `additionalProperties` and no `properties` (the typed maps
   * `options` and `custom_fields`) for properties, and makes `{ "example": {…} }` of them. The validator
   * judges the body against the schema as published.
   */
  const forGenerator = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(forGenerator);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== 'example' && k !== 'examples' && !k.startsWith('x-'))
        .map(([k, v]) => [
          k,
          k === 'properties' ? Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, forGenerator(s)])) : forGenerator(v),
        ]),
    );
  };

  const generated = (
    path: string,
    method: string,
    seed: number,
    described: (body: Json) => Json = (b) => b,
    count = BODIES,
    options: { maxItems?: number } = {},
  ): Json[] => {
    const { schema, pointer } = bodySchema(path, method);
    const valid = schemaAt(pointer);
    const gen = createGeneratorSync({ seed, optionalsProbability: 0.7, useExamplesValue: false, useDefaultValue: false, ...options });
    let state = seed;
    const pick = () => (state = (state * 1103515245 + 12345) % 2147483648);
    return Array.from({ length: count }, (_, i) => {
      const raw = decimalNumbers(gen.generate(schema)) as Json;
      // Every other body: one string or one map's key swapped for an edge value the document allows.
      const body = described(i % 2 ? withEdgeValue(raw, pick, (b) => valid(b) as boolean) : raw);
      expect({ body, errors: valid(body) ? null : valid.errors }).toEqual({ body, errors: null });
      return body;
    });
  };

  /**
   * The body with one string value, or one key of a map (an object with additionalProperties), swapped
   * for an edge value: empty, white space alone, NUL. Kept only when the document still calls the body
   * valid, so the api must take it; else the body as it was.
   */
  const EDGE_STRINGS = ['', ' ', '\n', '\u0000', 'a\u0000b', ' x ', '\t'];
  const withEdgeValue = (body: Json, pick: () => number, valid: (b: Json) => boolean): Json => {
    const spots: { path: (string | number)[]; key: boolean }[] = [];
    const walk = (v: unknown, path: (string | number)[]) => {
      if (typeof v === 'string') spots.push({ path, key: false });
      else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          if (path.length) spots.push({ path: [...path, k], key: true });
          walk(x, [...path, k]);
        }
    };
    walk(body, []);
    if (spots.length === 0) return body;
    const spot = spots[pick() % spots.length];
    const first = pick() % EDGE_STRINGS.length;
    for (let n = 0; n < EDGE_STRINGS.length; n++) {
      const edge = EDGE_STRINGS[(first + n) % EDGE_STRINGS.length];
      const copy = structuredClone(body) as Json;
      let parent = copy as Record<string | number, unknown>;
      for (const step of spot.path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
      const last = spot.path.at(-1)!;
      if (spot.key) {
        if (edge in parent) continue;
        parent[edge] = parent[last];
        delete parent[last];
      } else parent[last] = edge;
      if (valid(copy)) return copy;
    }
    return body;
  };

  /** A refusal no schema can state: a value already taken, a reference to a row that does not exist. */
  const outsideSchemas = (status: number, error: unknown) => {
    if (status === 409) return true;
    const message = (error as { message?: unknown } | undefined)?.message;
    if (status !== 422 || typeof message !== 'object' || message === null) return false;
    return (
      Object.values(message as Record<string, string[]>)
        .flat()
        // "is not a state of XX": the state named is not a row under that country.
        .every((m) => /does not exist|already (exists|taken|in use)|is taken|is not a state of \w+$/.test(m))
    );
  };

  /**
   * Rules only a description states, JSON Schema having no keyword for them (each with why): a body
   * the document calls valid that breaks one must be refused with 422 naming the field; any other
   * answer to it is reported as a refusal would be.
   */
  const longLocalPart = (v: unknown) => typeof v === 'string' && v.indexOf('@') > 64;
  const DESCRIBED_ONLY: { field: string; reason: string; breaks: (body: Json) => boolean }[] = [
    ...['email', 'author_email'].map((field) => ({
      field,
      reason: 'an address has at most 64 characters before the @: no pattern without a look-ahead can say it',
      breaks: (body: Json) => longLocalPart(body[field]),
    })),
    ...Array.from({ length: 100 }, (_, i) => ({
      field: `customer_emails.${i}`,
      reason: 'an address has at most 64 characters before the @: no pattern without a look-ahead can say it',
      breaks: (body: Json) => Array.isArray(body.customer_emails) && longLocalPart(body.customer_emails[i]),
    })),
    {
      field: 'values',
      reason: "an option's values are compared trimmed; uniqueItems compares them as sent (' x ' and 'x' differ)",
      breaks: (body) =>
        Array.isArray(body.values) &&
        new Set((body.values as unknown[]).map((v) => (typeof v === 'string' ? v.trim() : v))).size !== body.values.length,
    },
  ];

  const names = (error: unknown, field: string) => {
    const message = (error as { message?: unknown } | undefined)?.message;
    return typeof message === 'object' && message !== null && field in message;
  };

  /**
   * The answers that are neither the 2xx expected nor a refusal outside the schemas (nor, for a body
   * breaking a rule only a description states, a 422 naming its field), with the body that got them.
   */
  const refusals = (answers: { body: Json; status: number; error?: unknown }[], ok: number) =>
    answers
      .filter((a) => {
        const known = DESCRIBED_ONLY.find((rule) => rule.breaks(a.body));
        if (known) return !(a.status === 422 && names(a.error, known.field));
        return a.status !== ok && !outsideSchemas(a.status, a.error);
      })
      .map((a) => ({ body: a.body, status: a.status, error: a.error }));

  /**
   * Deletes the webhooks made so far (their pending deliveries go with them). Their URLs name hosts
   * nothing resolves: left active, every event of the operations below would be delivered to each,
   * and the thousands of host name lookups, which cannot be cancelled, kept jest from exiting for
   * minutes after the app had closed.
   */
  const deleteWebhooks = async () => {
    for (const { id } of await t.sql<{ id: number }>('SELECT id FROM webhooks ORDER BY id')) {
      expect((await t.http.delete(`/webhook/${id}`).set(auth)).status).toBe(200);
    }
    expect(await t.sql('SELECT count(*)::int AS n FROM webhook_deliveries')).toEqual([{ n: 0 }]);
  };

  it('POST /webhook takes every body its schema admits', async () => {
    const answers = [];
    for (const body of generated('/webhook', 'post', 1)) {
      const res = await t.http.post('/webhook').set(auth).send(body);
      answers.push({ body, status: res.status, error: res.body.error });
    }
    expect(refusals(answers, 201)).toEqual([]);
    await deleteWebhooks();
  });

  it('PATCH /webhook/{id} takes every body its schema admits', async () => {
    const created = await t.http
      .post('/webhook')
      .set(auth)
      .send({ url: 'https://erp.example.com/hook', events: ['*'] });
    expect(created.status).toBe(201);
    const answers = [];
    for (const body of generated('/webhook/{id}', 'patch', 2)) {
      const res = await t.http.patch(`/webhook/${created.body.data.id}`).set(auth).send(body);
      answers.push({ body, status: res.status, error: res.body.error });
    }
    expect(refusals(answers, 200)).toEqual([]);
    await deleteWebhooks();
  });

  /**
   * Numbers as a client writes them: the generator makes a multiple of 0.01 by multiplying in binary
   * floating point (83.10000000000001), which is not the decimal the schema asks for; 15 significant
   * digits spell the intended one (83.1). The validator then judges the body as sent.
   */
  const decimalNumbers = (value: unknown): unknown => {
    if (typeof value === 'number' && !Number.isInteger(value)) return Number(value.toPrecision(15));
    if (Array.isArray(value)) return value.map(decimalNumbers);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decimalNumbers(v)]));
    return value;
  };

  /**
   * A product of a type without shipping (the store's `service` 2 and `downloadable` 3) takes no
   * dimensions: ProductView's and ProductTypeView's descriptions say so.
   */
  const withoutShipping = (body: Json) => {
    if (body.product_type_id === 2 || body.product_type_id === 3) for (const f of ['weight', 'width', 'height', 'depth']) delete body[f];
    return body;
  };
  /** A patch that names no type is checked against the stored product's, which may be either: dimensions only with `goods` named. */
  const withShippingType = (body: Json) => {
    if (body.product_type_id !== 1) for (const f of ['weight', 'width', 'height', 'depth']) delete body[f];
    return body;
  };

  /** What a description adds to the schema of a body, applied to a generated one. */
  const described: Record<string, (body: Json) => Json> = {
    '/product': withoutShipping,
    '/product/{key}': withShippingType,
    // A select's default is one of its options (compared as the canonical text).
    '/customfielddefinitions': (body) => {
      const text = (v: unknown) => (typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
      if (body.type === 'select' && body.default_value !== null && body.default_value !== undefined) {
        if (!(body.options as string[]).includes(text(body.default_value))) body.default_value = body.options[0];
      }
      return body;
    },
    // A coupon's window ends after it starts: the bounds swapped when generated the other way round, no end when equal.
    '/coupon': (body) => {
      const [start, end] = [body.starts_at, body.ends_at].map((v) => (typeof v === 'string' ? parseTimestamp(v)!.getTime() : null));
      if (start !== null && end !== null && end < start) [body.starts_at, body.ends_at] = [body.ends_at, body.starts_at];
      else if (start !== null && end !== null && end === start) delete body.ends_at;
      return body;
    },
  };

  // Resources whose create bodies refer to nothing that must exist first (or only to rows whose
  // absence is a refusal outside the schemas: a customer's group).
  it.each([
    '/country',
    '/customergroup',
    '/shipment',
    '/billingplan',
    '/taxclass',
    '/category',
    '/customfielddefinitions',
    '/coupon',
    '/customer',
    '/product',
    '/subscriptions',
  ])('POST %s takes every body its schema admits', async (path) => {
    const answers = [];
    for (const body of generated(path, 'post', 3, described[path])) {
      const res = await t.http.post(path).set(auth).send(body);
      answers.push({ body, status: res.status, error: res.body.error });
    }
    expect(refusals(answers, 201)).toEqual([]);
  });

  // Operations on a row that exists: the first of the rows the creates above made (so these run after them).
  it.each([
    ['/countries', '/country/{id}', 'patch', 200],
    ['/countries', '/country/{id}', 'post', 201],
    ['/taxclasses', '/taxclass/{id}', 'patch', 200],
    ['/taxclasses', '/taxclass/{id}/rate', 'post', 201],
    ['/categories', '/category/{id}', 'patch', 200],
    ['/customers', '/customer/{id}', 'patch', 200],
    ['/customers', '/customer/{id}/addresses', 'post', 201],
    ['/customergroups', '/customergroup/{key}', 'patch', 200],
    ['/billingplans', '/billingplan/{id}', 'patch', 200],
    ['/shipments', '/shipment/{id}', 'patch', 200],
    ['/shipments', '/shipment/{id}/trackingcode', 'post', 201],
    ['/products', '/product/{key}', 'patch', 200],
    ['/products', '/product/{owner}/option', 'post', 201],
    ['/products', '/product/{owner}/extra', 'post', 201],
    ['/products', '/product/{owner}/attribute', 'post', 201],
    ['/products', '/product/{owner}/pricetier', 'post', 201],
    ['/products', '/product/{owner}/categories', 'post', 200],
  ] as const)('%s: %s (%s) takes every body its schema admits', async (list, path, method, ok) => {
    const rows = await t.http.get(`${list}?limit=1`).set(auth);
    expect(rows.status).toBe(200);
    const url = path.replace(/\{\w+\}/, String(rows.body.data[0].id));
    const answers = [];
    for (const body of generated(path, method, 4, described[path])) {
      const res = await t.http[method](url).set(auth).send(body);
      answers.push({ body, status: res.status, error: res.body.error });
    }
    expect(refusals(answers, ok)).toEqual([]);
  });

  /**
   * Rows the operations below refer to, made once: a product with two options and two extras (and a
   * variant), a cart and a product custom field of type text, a customer group, a coupon, a customer and a plan.
   */
  let made: Promise<Ids> | undefined;
  const fixture = () =>
    (made ??= (async () => {
      const post = async (path: string, body: Json) => {
        const res = await t.http.post(path).set(auth).send(body);
        expect({ path, status: res.status }).toEqual({ path, status: 201 });
        return res.body.data as Json;
      };
      const product = await post('/product', { name: 'Strict tee', sku: 'STRICT-TEE', base_price: '19.99' });
      await post('/product/STRICT-TEE/option', { name: 'Color', values: ['Black', 'White'] });
      await post('/product/STRICT-TEE/option', { name: 'Size', values: ['S', 'M', 'L'] });
      await post('/product/STRICT-TEE/extra', { sku: 'STRICT-WRAP', name: 'Wrap', price: '2.50' });
      await post('/product/STRICT-TEE/extra', { sku: 'STRICT-BOX', name: 'Box', price: '3.00' });
      const variant = await post('/product/STRICT-TEE/variant', { sku: 'STRICT-TEE-BLK-S', options: { Color: 'Black', Size: 'S' } });
      await post('/customfielddefinitions', { name: 'strict_note', label: 'Note', entity: 'cart', type: 'text' });
      await post('/customfielddefinitions', { name: 'strict_origin', label: 'Origin', entity: 'product', type: 'text' });
      await post('/customergroup', { name: 'Strict', api_code: 'strict' });
      await post('/coupon', { code: 'STRICT10', discount_type: 'percentage', discount_value: '10' });
      const customer = await post('/customer', { email: 'strict@example.com' });
      const plan = await post('/billingplan', { name: 'Strict monthly', interval_unit: 'month', interval_count: 1 });
      const subscription = await post('/subscriptions', {
        customer_id: customer.id,
        billing_plan_id: plan.id,
        products: [{ product_id: product.id }],
      });
      const variantTier = await post(`/variant/${variant.id}/pricetier`, { quantity: 2, price: '18.00' });
      // A product whose one option has a value for each generated variant.
      const cup = await post('/product', { name: 'Strict cup', sku: 'STRICT-CUP', base_price: '9.00' });
      await post('/product/STRICT-CUP/option', { name: 'Pattern', values: PATTERNS });
      return {
        product: product.id as number,
        variant: variant.id as number,
        variantTier: variantTier.id as number,
        customer: customer.id as number,
        plan: plan.id as number,
        subscription: subscription.id as number,
        cup: cup.id as number,
      };
    })());

  const EXTRAS = ['STRICT-WRAP', 'STRICT-BOX'];
  const PATTERNS = Array.from({ length: BODIES }, (_, i) => `P${i}`);
  /** The fixture's one variant's options: a product with variants is quoted by choosing one. */
  const BLACK_S = { Color: 'Black', Size: 'S' };

  /**
   * The references of a generated quote body set to rows that exist (the product, the options of its
   * variant, its extras, the custom field's name, the group, coupon, customer and plan); what the schema leaves
   * free stays as generated: quantities, names, e-mail addresses, the custom field's value (of any
   * type the schema allows: the field is of type text), the flags, the expiry.
   */
  const quoteReferences = (ids: Ids) => (body: Json) => {
    if (Array.isArray(body.items)) {
      body.items = (body.items as Json[]).map((item) => {
        const out: Json = { ...item, product_id: ids.product, options: BLACK_S };
        if (item.extras !== undefined) out.extras = EXTRAS.slice(0, (item.extras as string[]).length % 3);
        if (item.custom_fields !== undefined) {
          const [value] = Object.values(item.custom_fields as Json);
          out.custom_fields = value === undefined ? {} : { strict_note: value };
        }
        if (typeof item.x_billing_plan_id === 'number') out.x_billing_plan_id = ids.plan;
        return out;
      });
    }
    if (Array.isArray(body.customer_groups)) body.customer_groups = (body.customer_groups as string[]).length ? ['strict'] : [];
    if (typeof body.coupon_code === 'string') body.coupon_code = 'STRICT10';
    if (typeof body.customer_id === 'number') body.customer_id = ids.customer;
    if (typeof body.x_billing_plan_id === 'number') body.x_billing_plan_id = ids.plan;
    return body;
  };

  /** A quote of the fixture's product, with someone to send it to. */
  const newQuote = async (ids: Ids) => {
    const res = await t.http
      .post('/quote')
      .set(auth)
      .send({
        name: 'Strict',
        customer_emails: ['buyer@example.com'],
        items: [{ product_id: ids.product, options: { Color: 'Black', Size: 'S' } }],
      });
    expect(res.status).toBe(201);
    return res.body.data as Json;
  };

  // Quotes: items of at most 5 (a body of 500 items of up to a million each is still valid, just slow to price).
  it('POST /quote takes every body its schema admits, references set to rows that exist', async () => {
    const ids = await fixture();
    const answers = [];
    for (const body of generated('/quote', 'post', 5, quoteReferences(ids), BODIES, { maxItems: 5 })) {
      const res = await t.http.post('/quote').set(auth).send(body);
      answers.push({ body, status: res.status, error: res.body.error });
    }
    expect(refusals(answers, 201)).toEqual([]);
  });

  it('PATCH /quote/{id} takes every body its schema admits, references set to rows that exist', async () => {
    const ids = await fixture();
    const quote = await newQuote(ids);
    const answers = [];
    for (const body of generated('/quote/{id}', 'patch', 6, quoteReferences(ids), BODIES, { maxItems: 5 })) {
      const res = await t.http.patch(`/quote/${quote.id}`).set(auth).send(body);
      answers.push({ body, status: res.status, error: res.body.error });
    }
    expect(refusals(answers, 200)).toEqual([]);
  });

  it('POST /quote/{id}/send-quote takes every body its schema admits', async () => {
    const ids = await fixture();
    const quote = await newQuote(ids);
    const answers = [];
    // Each send writes one e-mail per recipient (and a PDF when asked): fewer bodies.
    for (const body of generated('/quote/{id}/send-quote', 'post', 7, undefined, 20, { maxItems: 3 })) {
      const res = await t.http.post(`/quote/${quote.id}/send-quote`).set(auth).send(body);
      answers.push({ body, status: res.status, error: res.body.error });
    }
    const ok = Number(Object.keys(doc.paths['/quote/{id}/send-quote'].post.responses).find((s) => /^2/.test(s)));
    expect(refusals(answers, ok)).toEqual([]);
    expect(answers.filter((a) => a.status === ok).length).toBe(answers.length);
  });

  it('POST /quote/{id}/order takes every body its schema admits (a quote of its own each)', async () => {
    const ids = await fixture();
    const answers = [];
    for (const body of generated('/quote/{id}/order', 'post', 8, undefined, 20)) {
      const quote = await newQuote(ids);
      const res = await t.http.post(`/quote/${quote.id}/order`).set(auth).send(body);
      answers.push({ body, status: res.status, error: res.body.error });
    }
    expect(refusals(answers, 201)).toEqual([]);
    expect(answers.filter((a) => a.status === 201).length).toBe(answers.length);
  });

  it('POST /product/{owner}/variant takes every body its schema admits, options set to a value of the product', async () => {
    await fixture();
    let n = 0;
    const answers = [];
    // The options are a reference (a value of each of the product's options, a combination no other variant has).
    const combination = (body: Json) => ({ ...body, options: { Pattern: PATTERNS[n++] } });
    for (const body of generated('/product/{owner}/variant', 'post', 9, combination)) {
      const res = await t.http.post('/product/STRICT-CUP/variant').set(auth).send(body);
      answers.push({ body, status: res.status, error: res.body.error });
    }
    expect(refusals(answers, 201)).toEqual([]);
  });

  /**
   * What a description adds to the schema of a patch, given the row as stored (a client reads it
   * first): the rule across fields also holds against the stored fields the patch leaves out. The
   * body stays inside the schema (checked again).
   */
  const asStored: Record<string, (body: Json, stored: Json) => Json> = {
    '/coupon/{key}': (generatedBody, stored) => {
      const body = { ...generatedBody };
      const next = { ...stored, ...body };
      const time = (v: unknown) => (typeof v === 'string' ? parseTimestamp(v)!.getTime() : null);
      const [start, end] = [time(next.starts_at), time(next.ends_at)];
      // A coupon ends after it starts: no end instead.
      if (start !== null && end !== null && end <= start) body.ends_at = null;
      // A percentage is at most 100: an amount off instead.
      if (next.discount_type === 'percentage' && Number(next.discount_value) > 100) body.discount_type = 'fixed_amount';
      const valid = schemaAt(bodySchema('/coupon/{key}', 'patch').pointer);
      expect({ body, errors: valid(body) ? null : valid.errors }).toEqual({ body, errors: null });
      return body;
    },
  };

  // Patches and nested creates of rows that exist: the ids of each URL from the spec's database or the
  // fixture. A patch that renames the key its URL names (a tracking code's or a coupon's code) is
  // followed: the next body goes to the new name.
  const first = (rows: string) => async () => Object.values((await t.sql(rows))[0] ?? {}) as (number | string)[];
  it.each<[string, 'patch' | 'post', number, (ids: Ids) => Promise<(number | string)[]>, string]>([
    ['/countries/{id}/state/{stateId}', 'patch', 200, first('SELECT country_id, id FROM states ORDER BY id LIMIT 1'), ''],
    ['/taxclass/{id}/rate/{rateId}', 'patch', 200, first('SELECT tax_class_id, id FROM tax_rates ORDER BY id LIMIT 1'), ''],
    ['/customer/{id}/address/{aid}', 'patch', 200, first('SELECT customer_id, id FROM customer_addresses ORDER BY id LIMIT 1'), ''],
    ['/shipment/{id}/trackingcode/{code}', 'patch', 200, first('SELECT shipment_id, code FROM tracking_codes ORDER BY id LIMIT 1'), 'code'],
    ['/product/{owner}/option/{id}', 'patch', 200, first('SELECT product_id, id FROM product_options ORDER BY id LIMIT 1'), ''],
    ['/product/{owner}/extra/{id}', 'patch', 200, first('SELECT product_id, id FROM product_extras ORDER BY id LIMIT 1'), ''],
    ['/product/{owner}/attribute/{id}', 'patch', 200, first('SELECT product_id, id FROM product_attributes ORDER BY id LIMIT 1'), ''],
    ['/product/{owner}/pricetier/{id}', 'patch', 200, first('SELECT product_id, id FROM product_price_tiers ORDER BY id LIMIT 1'), ''],
    ['/product/{owner}/variant/{id}', 'patch', 200, async (ids) => [ids.product, ids.variant], ''],
    ['/product/{owner}/customfield/{name}', 'patch', 200, async () => ['STRICT-TEE', 'strict_origin'], ''],
    ['/variant/{owner}/pricetier', 'post', 201, async (ids) => [ids.variant], ''],
    ['/variant/{owner}/pricetier/{id}', 'patch', 200, async (ids) => [ids.variant, ids.variantTier], ''],
    ['/product/{key}', 'post', 201, async () => ['new'], ''],
    ['/coupon/{key}', 'patch', 200, async () => ['STRICT10'], 'code'],
    ['/subscription/{id}', 'patch', 200, async (ids) => [ids.subscription], ''],
    ['/order/{id}', 'patch', 200, first('SELECT id FROM orders ORDER BY id LIMIT 1'), ''],
  ])('%s (%s) takes every body its schema admits', async (path, method, ok, where, renames) => {
    const ids = await fixture();
    const values = await where(ids);
    expect({ path, ids: values.length }).toEqual({ path, ids: (path.match(/\{\w+\}/g) ?? []).length });
    const urlOf = (vs: (number | string)[]) => {
      const queue = [...vs];
      return path.replace(/\{\w+\}/g, () => encodeURIComponent(String(queue.shift())));
    };
    // References: a subscription's plan set to one that exists; a variant's options to its own.
    const references = (body: Json) => {
      if (typeof body.billing_plan_id === 'number') body.billing_plan_id = ids.plan;
      if (path === '/product/{owner}/variant/{id}' && body.options !== undefined) body.options = BLACK_S;
      return body;
    };
    const answers = [];
    let stored = (await t.http.get(urlOf(values)).set(auth)).body.data as Json | undefined;
    for (const generatedBody of generated(path, method, 10, references)) {
      const body = method === 'patch' && stored ? (asStored[path]?.(generatedBody, stored) ?? generatedBody) : generatedBody;
      const res = await t.http[method](urlOf(values)).set(auth).send(body);
      answers.push({ body, status: res.status, error: res.body.error });
      if (res.status !== ok) continue;
      if (method === 'patch') stored = res.body.data as Json;
      if (renames && typeof body[renames] === 'string') values[values.length - 1] = res.body.data[renames] as string;
    }
    expect(refusals(answers, ok)).toEqual([]);
  });

  it('POST /subscription/{id}/products takes every body its schema admits, the product and variant set to rows that exist', async () => {
    const ids = await fixture();
    const references = (body: Json) => {
      body.product_id = ids.product;
      if (typeof body.variant_id === 'number') body.variant_id = ids.variant;
      return body;
    };
    const answers = [];
    for (const body of generated('/subscription/{id}/products', 'post', 11, references)) {
      const res = await t.http.post(`/subscription/${ids.subscription}/products`).set(auth).send(body);
      answers.push({ body, status: res.status, error: res.body.error });
    }
    expect(refusals(answers, 201)).toEqual([]);
  });

  it('PATCH /customfielddefinitions/{name} takes every body its schema admits, each on a definition of the type it is checked against', async () => {
    const text = (v: unknown) => (typeof v === 'boolean' ? (v ? '1' : '0') : String(v));
    const answers = [];
    let n = 0;
    for (const body of generated('/customfielddefinitions/{name}', 'patch', 12)) {
      // A patch without `type` is checked against the stored one (as the description says): the
      // definition patched is made of the patch's type or, without one, a select when the patch
      // sends options, else text (which takes a default of any JSON type).
      const options = Array.isArray(body.options) ? (body.options as string[]) : null;
      const type = (body.type as string | undefined) ?? (options ? 'select' : 'text');
      const hasDefault = body.default_value !== undefined && body.default_value !== null;
      // A select's default is one of its options (the description's rule, as for the create).
      if (type === 'select' && hasDefault && options && !options.includes(text(body.default_value))) body.default_value = options[0];
      const name = `strict_patch_${++n}`;
      const stored = await t.http
        .post('/customfielddefinitions')
        .set(auth)
        .send({
          name,
          label: 'Patched',
          entity: 'product',
          type,
          ...(type === 'select' ? { options: options ?? (hasDefault ? [text(body.default_value)] : ['a']) } : {}),
        });
      expect({ name, status: stored.status }).toEqual({ name, status: 201 });
      const res = await t.http.patch(`/customfielddefinitions/${name}`).set(auth).send(body);
      answers.push({ body, status: res.status, error: res.body.error });
    }
    expect(refusals(answers, 200)).toEqual([]);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(BODIES / 2);
  });
  /** A value of every JSON type, for a field the document gives one type (a batch's key). */
  const EVERY_TYPE: unknown[] = [1, 2.5, true, false, {}, { a: 'b' }, [], ['a@b.co'], null, 'x', 'key@example.com'];

  /** The field each batch (and import) matches its members by, per array body: a wrong type there is still a 422 naming it. */
  const BATCH_KEYS: Record<string, string> = {
    '/countries': 'code',
    '/countries/{id}/states': 'code',
    '/customfielddefinitions': 'name',
    '/taxclass/{id}/rates': 'priority',
    '/products': 'sku',
    '/product/{owner}/pricetiers': 'quantity',
    '/product/{owner}/attributes': 'name',
    '/product/{owner}/variants': 'sku',
    '/product/{owner}/options': 'name',
    '/product/{owner}/extras': 'sku',
    '/variant/{owner}/pricetiers': 'quantity',
    '/categories': 'api_code',
    '/producttypes': 'api_code',
    '/customers': 'email',
    '/customergroups': 'api_code',
    '/coupons': 'code',
    '/shipment/{id}/trackingcodes': 'code',
    '/subscription/{id}/products': 'variant_id',
  };

  /** The array bodies of the document: each PUT whose body is an array of `$ref`'d members, with its member schema's pointer. */
  const arrayBodies = () =>
    Object.entries(doc.paths as Json)
      // An alias's copy of an operation (`x-alias-of`) is that operation: sent once, at its own path.
      .filter(([, item]) => !(item as Json).put?.['x-alias-of'])
      .map(([path, item]) => ({ path, schema: (item as Json).put?.requestBody?.content['application/json']?.schema as Json | undefined }))
      .filter(({ schema }) => schema?.type === 'array' && typeof schema.items?.$ref === 'string')
      .map(({ path, schema }) => ({ path, member: (schema!.items.$ref as string).replace(/^#/, '') }));

  /** Whether the document admits `value` as `field` of the member schema at `member`. */
  const admits = (member: string, field: string, value: unknown) => schemaAt(`#${member}/properties/${pointer(field)}`)(value) as boolean;

  it('every batch answers 422 naming N.<key> for a key of each JSON type it does not take, never 500', async () => {
    const ids = await fixture();
    const post = async (path: string, body: Json) => {
      const res = await t.http.post(path).set(auth).send(body);
      expect({ path, status: res.status }).toEqual({ path, status: 201 });
      return res.body.data.id as number;
    };
    const owners: Record<string, string | number> = {
      '/countries/{id}': await post('/country', { name: 'Keyland', code: 'KQ' }),
      '/taxclass/{id}': await post('/taxclass', { name: 'Keyed' }),
      '/product/{owner}': ids.product,
      '/variant/{owner}': ids.variant,
      '/shipment/{id}': await post('/shipment', { number: 'KEYED-1' }),
      '/subscription/{id}': ids.subscription,
    };
    const bodies = arrayBodies();
    expect(bodies.map((b) => b.path).sort()).toEqual(Object.keys(BATCH_KEYS).sort());
    const wrong = [];
    for (const { path, member } of bodies) {
      const owner = Object.keys(owners).find((o) => path.startsWith(`${o}/`));
      const url = owner ? path.replace(owner, owner.replace(/\{\w+\}/, String(owners[owner]))) : path;
      const field = BATCH_KEYS[path];
      for (const value of EVERY_TYPE) {
        // Twice: the second member's key is compared with the first's.
        const res = await t.http
          .put(url)
          .set(auth)
          .send([{ [field]: value }, { [field]: value }]);
        const named = (res.body.error?.message ?? {}) as Record<string, string[]>;
        // A string is of the key's type; whether the server takes this one (its case, its pattern) is not the question here.
        const wrongType = typeof value !== 'string' && !admits(member, field, value);
        const expected = wrongType ? res.status === 422 && `0.${field}` in named && `1.${field}` in named : res.status < 500;
        if (!expected) wrong.push({ path, body: [{ [field]: value }, { [field]: value }], status: res.status, error: res.body.error });
      }
    }
    expect(wrong).toEqual([]);
  });
  /** The resources an import takes, each a line of its batch PUT's member (docs/api.md, Bulk import and export). */
  const IMPORT_RESOURCES = [
    'products',
    'customers',
    'customergroups',
    'coupons',
    'countries',
    'customfielddefinitions',
    'categories',
    'producttypes',
  ];

  /** An import of `lines`, run to its end: the import as it finished and its results, one per line that was not blank. */
  const imported = async (resource: string, lines: string[]) => {
    const res = await t.http
      .post(`/imports?resource=${resource}`)
      .set(auth)
      .set('Content-Type', 'application/x-ndjson')
      .send(lines.join('\n'));
    expect({ resource, status: res.status }).toEqual({ resource, status: 202 });
    const id = res.body.data.id as number;
    const done = await eventually(
      async () => {
        const job = (await t.http.get(`/import/${id}`).set(auth)).body.data as Json;
        if (!['completed', 'failed', 'cancelled'].includes(job.status as string)) throw new Error(`still ${job.status}`);
        return job;
      },
      { timeoutMs: 60_000 },
    );
    const results = await asText(t.http.get(`/import/${id}/results`).set(auth));
    expect(results.status).toBe(200);
    return { done, results: ndjsonLines<Json>(results.body as string) };
  };

  it('every import fails a line whose key is of a JSON type its member does not take, naming the key, and finishes', async () => {
    expect(IMPORT_RESOURCES.map((r) => `/${r}`).filter((path) => !BATCH_KEYS[path])).toEqual([]);
    const wrong = [];
    for (const resource of IMPORT_RESOURCES) {
      const field = BATCH_KEYS[`/${resource}`];
      const member = (doc.paths[`/${resource}`].put.requestBody.content['application/json'].schema.items.$ref as string).replace(/^#/, '');
      const { done, results } = await imported(
        resource,
        EVERY_TYPE.map((value) => JSON.stringify({ [field]: value })),
      );
      if (done.status !== 'completed' || done.processed !== EVERY_TYPE.length || results.length !== EVERY_TYPE.length) {
        wrong.push({ resource, import: done, results });
        continue;
      }
      results.forEach((result, i) => {
        const value = EVERY_TYPE[i];
        const wrongType = typeof value !== 'string' && !admits(member, field, value);
        const named = result.status === 'failed' && typeof result.errors === 'object' && result.errors !== null && field in result.errors;
        if (wrongType && !named) wrong.push({ resource, line: JSON.stringify({ [field]: value }), result });
      });
    }
    expect(wrong).toEqual([]);
  });

  it('every import gives each generated member line a result: created, updated, unchanged, or failed with its errors', async () => {
    const wrong = [];
    const applied: Record<string, number> = {};
    for (const [n, resource] of IMPORT_RESOURCES.entries()) {
      const ref = doc.paths[`/${resource}`].put.requestBody.content['application/json'].schema.items.$ref as string;
      const schema = forGenerator({
        ...doc.components.schemas[ref.replace('#/components/schemas/', '')],
        components: doc.components,
      }) as Json;
      const gen = createGeneratorSync({
        seed: 20 + n,
        optionalsProbability: 0.7,
        useExamplesValue: false,
        useDefaultValue: false,
        maxItems: 3,
      });
      // Not checked against the schema: a line the generator got wrong must get its result as well as any other.
      const members = Array.from({ length: 30 }, () => decimalNumbers(gen.generate(schema)) as Json);
      // Every third line once more: an update or unchanged of a line before it (or the same refusal).
      const lines = [...members, ...members.filter((_, i) => i % 3 === 0)].map((m) => JSON.stringify(m));
      const { done, results } = await imported(resource, lines);
      const outcomes = results.map((r) => r.status);
      const complete =
        done.status === 'completed' &&
        done.error === null &&
        done.processed === lines.length &&
        results.length === lines.length &&
        results.every((r, i) => r.line === i + 1);
      if (!complete) wrong.push({ resource, import: done, outcomes });
      for (const result of results) {
        const ok = ['created', 'updated', 'unchanged'].includes(result.status as string) && typeof result.id === 'number';
        const failed =
          result.status === 'failed' &&
          typeof result.errors === 'object' &&
          result.errors !== null &&
          Object.keys(result.errors).length > 0;
        if (!ok && !failed) wrong.push({ resource, line: lines[(result.line as number) - 1], result });
        if (ok) applied[resource] = (applied[resource] ?? 0) + 1;
      }
    }
    expect(wrong).toEqual([]);
    // The lines reach the writes, not only validation: most resources apply some of them.
    expect(Object.keys(applied).length).toBeGreaterThanOrEqual(IMPORT_RESOURCES.length / 2);
  });
});
