import { createGeneratorSync } from 'json-schema-faker';
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
 * Covered so far: the webhook endpoints (the URL rule as a pattern, the event patterns) and the
 * creates that refer to nothing (decimals in steps of their places, real calendar dates, no NUL). The api
 * runs with WEBHOOK_ALLOW_PRIVATE=true: whether a host resolves to a public address is a fact of
 * the network, not of the body.
 */
describeE2E('OpenAPI request schemas: generated valid bodies are not refused', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let doc: Json;
  let schemaAt: ReturnType<typeof documentSchemas>;

  beforeAll(async () => {
    t = await bootTestApp('openapi_strict', { WEBHOOK_ALLOW_PRIVATE: 'true' });
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

  const generated = (path: string, method: string, seed: number): Json[] => {
    const { schema, pointer } = bodySchema(path, method);
    const valid = schemaAt(pointer);
    const gen = createGeneratorSync({ seed, optionalsProbability: 0.7, useExamplesValue: false, useDefaultValue: false });
    return Array.from({ length: BODIES }, () => {
      const body = gen.generate(schema) as Json;
      expect({ body, errors: valid(body) ? null : valid.errors }).toEqual({ body, errors: null });
      return body;
    });
  };

  /** A refusal no schema can state: a value already taken, a reference to a row that does not exist. */
  const outsideSchemas = (status: number, error: unknown) => {
    if (status === 409) return true;
    const message = (error as { message?: unknown } | undefined)?.message;
    if (status !== 422 || typeof message !== 'object' || message === null) return false;
    return Object.values(message as Record<string, string[]>)
      .flat()
      .every((m) => /does not exist|already (exists|taken|in use)|is taken/.test(m));
  };

  /** The answers that are neither the 2xx expected nor a refusal outside the schemas, with the body that got them. */
  const refusals = (answers: { body: Json; status: number; error?: unknown }[], ok: number) =>
    answers
      .filter((a) => a.status !== ok && !outsideSchemas(a.status, a.error))
      .map((a) => ({ body: a.body, status: a.status, error: a.error }));

  it('POST /webhook takes every body its schema admits', async () => {
    const answers = [];
    for (const body of generated('/webhook', 'post', 1)) {
      const res = await t.http.post('/webhook').set(auth).send(body);
      answers.push({ body, status: res.status, error: res.body.error });
    }
    expect(refusals(answers, 201)).toEqual([]);
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
  });

  // Resources whose create bodies refer to nothing that must exist first. Not /coupon yet: its
  // cross-field rules (a percentage at most 100, ends_at after starts_at) are not in its schema.
  it.each(['/country', '/customergroup', '/shipment', '/billingplan', '/taxclass', '/category'])(
    'POST %s takes every body its schema admits',
    async (path) => {
      const answers = [];
      for (const body of generated(path, 'post', 3)) {
        const res = await t.http.post(path).set(auth).send(body);
        answers.push({ body, status: res.status, error: res.body.error });
      }
      expect(refusals(answers, 201)).toEqual([]);
    },
  );
});
