import { createGeneratorSync } from 'json-schema-faker';
import { parseTimestamp } from '../src/common/format/format.js';
import { type Json, documentSchemas } from './support/openapi-schema.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

/** Bodies generated per operation: enough to reach every branch of the schemas below, quick to send. */
const BODIES = 60;

/**
 * The request schemas are as strict as the server: a body the document calls valid is not refused
 * with 422 (Schemathesis-style positive checks). Bodies are generated from the live document's
 * request schemas with json-schema-faker, checked against the same schema with ajv (so a generator
 * slip is not blamed on the api), and sent; the only refusals allowed are those no schema can
 * state (a value already taken, a reference to a row that does not exist).
 *
 * Covered so far: the webhook endpoints (the URL rule as a pattern, the event patterns), the
 * creates that refer to nothing (decimals in steps of their places, real calendar dates, no NUL),
 * custom field definitions (options and default value by `type`), coupons (a percentage at most
 * 100) and customers (the server's e-mail rule), and the patches and nested creates of rows those
 * creates made (states, tax rates, addresses, tracking codes). A rule no schema can state and only a description
 * gives (a select's default is one of its options, a coupon ends after it starts) is applied to
 * the generated body before it is sent, as a client reading the description would. The api
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
    return { schema: { ...doc.components.schemas[name], components: doc.components }, pointer: `#/components/schemas/${name}` };
  };

  const generated = (path: string, method: string, seed: number, described: (body: Json) => Json = (b) => b): Json[] => {
    const { schema, pointer } = bodySchema(path, method);
    const valid = schemaAt(pointer);
    const gen = createGeneratorSync({ seed, optionalsProbability: 0.7, useExamplesValue: false, useDefaultValue: false });
    return Array.from({ length: BODIES }, () => {
      const body = described(decimalNumbers(gen.generate(schema)) as Json);
      expect({ body, errors: valid(body) ? null : valid.errors }).toEqual({ body, errors: null });
      return body;
    });
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

  /** The answers that are neither the 2xx expected nor a refusal outside the schemas, with the body that got them. */
  const refusals = (answers: { body: Json; status: number; error?: unknown }[], ok: number) =>
    answers
      .filter((a) => a.status !== ok && !outsideSchemas(a.status, a.error))
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

  /** What a description adds to the schema of a body, applied to a generated one. */
  const described: Record<string, (body: Json) => Json> = {
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
    for (const body of generated(path, method, 4)) {
      const res = await t.http[method](url).set(auth).send(body);
      answers.push({ body, status: res.status, error: res.body.error });
    }
    expect(refusals(answers, ok)).toEqual([]);
  });
});
