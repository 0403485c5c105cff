import { Validator } from '@seriousme/openapi-schema-validator';
import type { Response } from 'supertest';
import { RouteTable } from '../src/common/http/route-table.js';
import { EVENT_CATALOG } from '../src/modules/webhooks/domain/event-catalog.js';
import { SWAGGER_UI_VERSION } from '../src/openapi/openapi.setup.js';
import { SPEC_ENDPOINTS, endpointKey } from '../src/openapi/spellings.js';
import { eventually } from './support/eventually.js';
import { type Json, METHODS, documentSchemas, pointer } from './support/openapi-schema.js';
import { type TestApp, bootTestApp, describeE2E } from './support/test-app.js';

/** The scope groups of the resources a bulk import takes, as the document lists their alternatives. */
const BULK_GROUPS = ['catalog', 'customers', 'coupons', 'geography', 'custom_fields'];

describeE2E('OpenAPI document (/openapi.json) and docs (/docs)', () => {
  let t: TestApp;
  let auth: { Authorization: string };
  let doc: Json;
  let validatorAt: ReturnType<typeof documentSchemas>;

  beforeAll(async () => {
    t = await bootTestApp('openapi');
    auth = { Authorization: `Bearer ${await t.token()}` };
    const res = await t.http.get('/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body as Json;
    validatorAt = documentSchemas(doc);
  });
  afterAll(() => t?.close());

  /** The documented path template a concrete path falls under, directly or as an alias (the most literal one wins). */
  function templateOf(method: string, path: string): string {
    const matches = (template: string) => new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`, 'i').test(path);
    const candidates = Object.keys(doc.paths).filter((template) => {
      const op = doc.paths[template][method] as Json | undefined;
      return op && [template, ...((op['x-aliases'] as string[] | undefined) ?? [])].some(matches);
    });
    expect(candidates).not.toHaveLength(0);
    const literal = (template: string) =>
      Math.max(
        ...[template, ...((doc.paths[template][method]['x-aliases'] as string[] | undefined) ?? [])]
          .filter(matches)
          .map((t) => t.replace(/\{\w+\}/g, '').length),
      );
    return candidates.sort((a, b) => literal(b) - literal(a))[0];
  }

  /** What a local `$ref` points at. */
  const resolve = (ref: string): Json =>
    ref
      .slice(2)
      .split('/')
      .reduce((at: Json, part) => at[part.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, doc);

  /** Validates a live response against the schema documented for its operation and status; returns the errors. */
  function violations(method: string, path: string, res: Response): string[] {
    const template = templateOf(method, path.split('?')[0]);
    const responses = doc.paths[template][method].responses as Json;
    const documented = responses[String(res.status)];
    if (!documented) return [`status ${res.status} is not documented for ${method.toUpperCase()} ${template}`];
    const at = documented.$ref
      ? `${documented.$ref as string}/content/application~1json/schema`
      : `#/${pointer('paths', template, method, 'responses', String(res.status), 'content', 'application/json', 'schema')}`;
    const validate = validatorAt(at);
    if (validate(res.body)) return [];
    return (validate.errors ?? []).map(
      (e: { instancePath: string; message?: string; params: unknown }) =>
        `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
    );
  }

  async function expectDocumented(method: string, path: string, res: Response, status: number) {
    expect({ path, status: res.status }).toEqual({ path, status });
    expect(violations(method, path, res)).toEqual([]);
  }

  it('serves an OpenAPI 3.1 document without a token, and a real validator finds it valid', async () => {
    const res = await t.http.get('/openapi.json');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toEqual(expect.objectContaining({ title: 'Store API', version: expect.stringMatching(/^\d+\.\d+\.\d+/) }));
    expect(doc.info.description).toContain('docs/api.md');
    expect(doc.components.securitySchemes.bearer).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect(doc.security).toEqual([{ bearer: [] }]);

    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has no look-around in any pattern: generators and client validators choke on them', () => {
    const found: { at: string; pattern: string }[] = [];
    const walk = (value: unknown, at: string) => {
      if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${at}/${i}`));
      if (!value || typeof value !== 'object') return;
      for (const [key, v] of Object.entries(value)) {
        const here = `${at}/${pointer(key)}`;
        if (key === 'pattern' && typeof v === 'string') found.push({ at: here, pattern: v });
        if (key === 'patternProperties' && v && typeof v === 'object') for (const p of Object.keys(v)) found.push({ at: here, pattern: p });
        walk(v, here);
      }
    };
    walk(doc, '#');
    expect(found.length).toBeGreaterThan(100);
    expect(found.filter(({ pattern }) => ['(?=', '(?!', '(?<=', '(?<!'].some((a) => pattern.includes(a)))).toEqual([]);
  });

  it('states the rules of a batch member and of a product PUT that the server applies, as far as JSON Schema can', () => {
    const schemas = doc.components.schemas as Json;
    // A batch member's key is required and never null: null is refused as "is required".
    expect(schemas.CategoryBatchMember.required).toEqual(expect.arrayContaining(['name', 'api_code']));
    expect(schemas.CategoryBatchMember.properties.api_code.type).toBe('string');
    // Keys unique within a product's lists: by a field of the member, so in the description (uniqueItems compares whole members).
    const put = schemas.ProductPut.properties;
    expect(put.attributes.description).toContain('`name` unique');
    expect(put.options.description).toContain('`name` unique');
    expect(put.extras.description).toContain('`sku` unique');
    expect(put.price_tiers.description).toContain('`quantity` unique');
    expect(put.variants.description).toMatch(/`sku` unique.*`options` unique/);
    expect(schemas.VariantPut.properties.price_tiers.description).toContain('`quantity` unique');
    for (const list of ['attributes', 'options', 'extras', 'price_tiers', 'variants']) expect(put[list].uniqueItems).toBeUndefined();
    expect(schemas.ProductTypeCreate.properties.is_default.description).toContain('exactly one default');
    expect(doc.paths['/producttypes'].put.description).toContain('exactly one default');
    // The longest default a definition takes (a text field's).
    expect(schemas.CustomFieldDefinitionCreate.properties.default_value.anyOf[0]).toEqual(
      expect.objectContaining({ type: 'string', maxLength: 65535 }),
    );
  });

  it('documents every event type of the catalog under `webhooks`: a signed POST of the event envelope around the GET schema', () => {
    expect(Object.keys(doc.webhooks as Json).sort()).toEqual(EVENT_CATALOG.map((e) => e.type).sort());
    for (const e of EVENT_CATALOG) {
      const op = doc.webhooks[e.type].post as Json;
      expect(op.operationId).toMatch(/Event$/);
      expect(op.security).toEqual([]);
      expect(op.parameters.map((p: Json) => resolve(p.$ref as string).name)).toEqual([
        'Store-Event-Id',
        'Store-Event-Type',
        'Store-Signature',
        'Store-Delivery-Id',
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
      expect(op.responses['2XX'].description).toContain('10 s');
      const envelope = resolve(op.requestBody.content['application/json'].schema.$ref as string);
      expect(envelope.required).toEqual(['id', 'type', 'created_at', 'resource', 'resource_id', 'sequence', 'data']);
      expect(envelope.properties.type.enum).toContain(e.type);
      expect(envelope.properties.data.$ref).toBe(`#/components/schemas/${e.schema}`);
    }
    // `data` is the very component the resource's GET answers with.
    expect(doc.paths['/quote/{id}'].get.responses['200'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/QuoteEnvelope',
    );
    expect(doc.components.schemas.QuoteEnvelope.properties.data.$ref).toBe(
      doc.webhooks['quote.updated'].post.requestBody.content['application/json'].schema.$ref.replace('QuoteEvent', 'QuoteView'),
    );
  });

  it("documents every endpoint once, under the specification's spelling, and names every alias", () => {
    const routes = t.app.get(RouteTable).all();
    expect(routes.length).toBeGreaterThan(100);
    // The endpoints, each under its spelling; the copies at an alias path (`x-alias-of`, below) apart.
    const operations = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
      Object.entries(item as Json)
        .filter(([m, op]) => METHODS.includes(m) && !(op as Json)['x-alias-of'])
        .map(([m, op]) => ({ method: m.toUpperCase(), path, aliases: ((op as Json)['x-aliases'] as string[] | undefined) ?? [] })),
    );
    // Every route the API answers is an operation's path or one of its aliases; nothing is listed that does not answer.
    const answered = new Set(operations.flatMap((o) => [o.path, ...o.aliases].map((p) => `${o.method} ${p}`)));
    const declared = new Set(routes.map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`));
    expect([...declared].filter((r) => !answered.has(r))).toEqual([]);
    expect([...answered].filter((r) => !declared.has(r))).toEqual([]);
    // One operation per endpoint: no route is documented twice.
    expect(answered.size).toBe(operations.reduce((n, o) => n + 1 + o.aliases.length, 0));
    expect(operations).toHaveLength(213);
    // Each endpoint of the specification (and the contract's additions) is documented under that spelling.
    const documented = new Set(operations.map((o) => endpointKey(o.method, o.path)));
    expect(SPEC_ENDPOINTS.filter((e) => !documented.has(endpointKey(e.split(' ')[0], e.split(' ')[1])))).toEqual([]);
    expect(doc.paths['/countries/{id}'].delete['x-aliases']).toEqual(['/country/{id}']);
    // GET answers at /countries/{id}, a documented path (of DELETE): listed there, as the alias it is.
    expect(doc.paths['/countries/{id}'].get['x-alias-of']).toBe(doc.paths['/country/{id}'].get.operationId);
    expect(doc.paths['/country/{id}'].get.description).toContain('Also answers at `/countries/{id}` (an alias, the same operation).');
    expect(doc.paths['/taxclass/{id}/rates/{rateId}'].get).toBeDefined();
    expect(doc.paths['/taxclass/{id}/rate/{rateId}'].patch).toBeDefined();
  });

  it('lists at every documented path each method the API answers there: an alias at a documented path is an operation of it', async () => {
    const byId = new Map<string, { path: string; method: string; op: Json }>();
    for (const [path, item] of Object.entries(doc.paths as Json))
      for (const [method, op] of Object.entries(item as Json))
        if (METHODS.includes(method)) byId.set((op as Json).operationId as string, { path, method, op: op as Json });
    const copies = [...byId.values()].filter(({ op }) => op['x-alias-of']);
    expect(copies.length).toBeGreaterThan(40);
    for (const { path, method, op } of copies) {
      const of = byId.get(op['x-alias-of'] as string)!;
      const where = `${method.toUpperCase()} ${path}`;
      // The same operation as the one it is an alias of: same method, its path one of that one's aliases, the rest alike.
      expect({ where, method: of.method, alias: (of.op['x-aliases'] as string[]).includes(path) }).toEqual({ where, method, alias: true });
      const { operationId, description, 'x-alias-of': _of, ...rest } = op;
      const { operationId: _id, description: _d, 'x-aliases': _aliases, ...original } = of.op;
      expect({ where, rest }).toEqual({ where, rest: original });
      expect(operationId).toMatch(new RegExp(`^${of.op.operationId as string}At[A-Z][A-Za-z]+$`));
      expect(description).toContain(`The same operation as \`${of.method.toUpperCase()} ${of.path}\``);
      expect(op['x-aliases']).toBeUndefined();
    }
    // What OPTIONS answers at each documented path (any id) is what the document lists there.
    const wrong = [];
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      if (path.startsWith('/openapi') || path.startsWith('/docs')) continue;
      const res = await t.http.options(path.replace(/\{\w+\}/g, '1')).set(auth);
      const listed = METHODS.filter((m) => (item as Json)[m]).map((m) => m.toUpperCase());
      const allowed = String(res.headers.allow ?? '')
        .split(', ')
        .filter((m) => !['HEAD', 'OPTIONS'].includes(m));
      if ([...allowed].sort().join() !== [...listed].sort().join()) wrong.push({ path, allowed, listed });
    }
    expect(wrong).toEqual([]);
  });

  it('documents every operation: success envelope, scope, tag, path parameters, errors, and request bodies from the DTOs', () => {
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json).filter(([m]) => METHODS.includes(m)) as [string, Json][]) {
        const where = `${method.toUpperCase()} ${path}`;
        expect({ where, undocumented: Object.values(op.responses).some((r) => (r as Json)['x-undocumented-response']) }).toEqual({
          where,
          undocumented: false,
        });
        expect({ where, operationIdUnique: !operationIds.has(op.operationId) }).toEqual({ where, operationIdUnique: true });
        expect({ where, operationId: op.operationId }).toEqual({ where, operationId: expect.stringMatching(/^[a-z][A-Za-z]+$/) });
        operationIds.add(op.operationId);
        expect(op.tags).toHaveLength(1);
        // Making an order from a quote needs two scopes; a bulk route the one of the resource it names
        // (alternatives: one requirement per scope group); every other operation one.
        const one = expect.stringMatching(/^[a-z_]+:(read|write|send)$/);
        // GET /store answers any key of the store: a token, no scope.
        if (op.operationId === 'storesGet') expect(op.security).toEqual([{ bearer: [] }]);
        else if (op.operationId === 'ordersConvert') expect(op.security).toEqual([{ bearer: ['quotes:write', 'orders:write'] }]);
        else if (/^\/(import|export)s?(\/|$)/.test(path))
          expect(op.security).toEqual(BULK_GROUPS.map((g) => ({ bearer: [`${g}:${method === 'get' ? 'read' : 'write'}`] })));
        else expect(op.security).toEqual([{ bearer: [one] }]);
        expect(op.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
        for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) {
          expect(op.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name, in: 'path', required: true })]));
        }
        const success = Object.keys(op.responses).find((s) => /^2\d\d$/.test(s));
        expect({ where, success: !!success }).toEqual({ where, success: true });
        // A body is read on every method, and unknown query parameters are 422 on every method.
        for (const status of ['400', '413', '415', '422']) {
          expect({ where, status, listed: !!op.responses[status] }).toEqual({ where, status, listed: true });
        }
        // The success example shows its own status (the PDF of a quote answers application/pdf, an import's
        // results and an export's file NDJSON: no envelope).
        const content = op.responses[success!].content as Json;
        const streamed: Record<string, string> = {
          'GET /quote/{id}/pdf': 'application/pdf',
          'GET /import/{id}/results': 'application/x-ndjson',
          'GET /export/{id}/file': 'application/x-ndjson',
        };
        expect({ where, types: Object.keys(content) }).toEqual({ where, types: [streamed[where] ?? 'application/json'] });
        if (!content['application/json']) continue;
        const [ref] = Object.values(content['application/json'].examples) as Json[];
        const value = doc.components.examples[(ref.$ref as string).split('/').pop()!].value;
        expect({ where, status: value.meta.status }).toEqual({ where, status: Number(success) });
      }
    }
    expect(doc.paths['/quote/{id}/send-quote'].post.security).toEqual([{ bearer: ['quotes:send'] }]);
    expect(doc.paths['/quote/{id}/send-quote'].post.responses['202']).toBeDefined();
    expect(doc.paths['/subscription/{id}/renew'].post.responses['200']).toBeDefined();
    expect(doc.paths['/country'].post.responses['201']).toBeDefined();
    expect(doc.paths['/countries'].post['x-alias-of']).toBe('countriesCreate');
    expect(doc.paths['/quote'].post.responses['201'].headers['Idempotent-Replayed']).toEqual({
      $ref: '#/components/headers/Idempotent-Replayed',
    });
    expect(doc.components.securitySchemes.bearer.bearerFormat).toBeUndefined();
    // An NDJSON upload: 202 with the import and where to poll it; its results a stream of lines, never cached.
    const upload = doc.paths['/imports'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['application/x-ndjson', 'application/jsonl']);
    expect(upload.requestBody.content['application/x-ndjson'].schema).toEqual({ type: 'string' });
    expect(upload.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'resource', in: 'query', required: true })]));
    expect(Object.keys(upload.responses).filter((s) => /^2/.test(s))).toEqual(['202']);
    expect(upload.responses['202'].headers.Location).toEqual(expect.objectContaining({ description: 'The import: `/import/{id}`.' }));
    expect(upload.requestBody.description).toContain('one member per line');
    expect(upload.responses['202'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ImportEnvelope' });
    // Uploads arriving at once are bounded (429 with Retry-After), and one that goes idle is cut (408).
    expect(upload.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(doc.components.responses.TooManyRequests.headers['Retry-After']).toEqual({ $ref: '#/components/headers/Retry-After' });
    expect(upload.responses['408']).toEqual({ $ref: '#/components/responses/RequestTimeout' });
    expect(doc.paths['/imports'].get.responses['408']).toBeUndefined();
    const results = doc.paths['/import/{id}/results'].get;
    expect(results.responses['200'].headers['Cache-Control']).toEqual({ $ref: '#/components/headers/Cache-Control-No-Store' });
    expect(results.responses['200'].headers.ETag).toBeUndefined();
    expect(results.responses['304']).toBeUndefined();
    expect(
      results.responses['200'].content['application/x-ndjson'].example
        .split('\n')
        .filter(Boolean)
        .map((l: string) => JSON.parse(l).line),
    ).toEqual([1, 2]);
    expect(doc.tags.find((tag: Json) => tag.name === 'Quotes').description).toContain('`quotes:send`');
    expect(doc.tags.map((tag: Json) => tag.name)).toEqual(
      expect.arrayContaining(['Geography', 'Custom fields', 'Tax', 'Catalog', 'Customers', 'Coupons', 'Billing plans', 'Shipments']),
    );

    // Request bodies come from the DTOs' validation metadata; create bodies carry @RequiredFields.
    const schemas = doc.components.schemas as Json;
    expect(doc.paths['/country'].post.requestBody).toEqual({
      required: true,
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/CountryCreate' },
          examples: { CountryCreate: { $ref: '#/components/examples/CountryCreate' } },
        },
      },
    });
    expect(schemas.CountryCreate).toEqual(
      expect.objectContaining({ type: 'object', required: ['name', 'code'], additionalProperties: false }),
    );
    expect(schemas.CountryCreate.properties.code).toEqual(expect.objectContaining({ type: 'string', pattern: '^[A-Z]{2}$' }));
    expect(schemas.CountryCreate.properties.code_3.type).toEqual(['string', 'null']);
    expect(schemas.CountryCreate.properties.enabled.enum).toEqual([true, false, 0, 1]);
    expect(schemas.CountryCreate.properties.name).toEqual(expect.objectContaining({ type: 'string', maxLength: 255, minLength: 1 }));
    expect(schemas.CountryPatch.required).toBeUndefined();
    expect(schemas.CustomFieldDefinitionCreate.properties.type.enum).toEqual([
      'string',
      'text',
      'integer',
      'decimal',
      'boolean',
      'date',
      'select',
    ]);
    expect(schemas.QuoteCreate.properties.items).toEqual(
      expect.objectContaining({ type: 'array', maxItems: 500, items: { $ref: '#/components/schemas/QuoteItemInput' } }),
    );
    expect(schemas.QuoteItemInput.required).toEqual(['product_id']);
    expect(schemas.QuoteItemInput.properties.quantity).toEqual(expect.objectContaining({ type: 'integer', minimum: 1, maximum: 1000000 }));
    expect(schemas.TaxRateCreate.properties.rate.anyOf).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'number', minimum: 0, maximum: 100 })]),
    );
    expect(doc.paths['/quote/{id}/send-quote'].post.requestBody).toEqual(
      expect.objectContaining({
        required: false,
        content: {
          'application/json': expect.objectContaining({ schema: { $ref: '#/components/schemas/SendQuoteInput' } }),
        },
      }),
    );
    // Typed maps and arrays, exact formats, exclusive fields.
    // Maps: neither their names nor their string values hold NUL (the validation pipe refuses it in both).
    const noNul = { type: 'string', pattern: '\\u0000' };
    expect(schemas.QuoteItemInput.properties.options.additionalProperties).toEqual({ type: 'string', not: noNul });
    expect(schemas.QuoteItemInput.properties.options.propertyNames).toEqual({ not: noNul });
    expect(schemas.QuoteItemInput.properties.custom_fields.additionalProperties).toEqual({
      type: ['string', 'number', 'boolean'],
      not: noNul,
    });
    expect(schemas.QuoteItemInput.properties.custom_fields.propertyNames).toEqual({ not: noNul });
    // A variant's option names are 1 to 255 characters; an option's values are not white space alone.
    expect(schemas.VariantCreate.properties.options.propertyNames).toEqual({ minLength: 1, maxLength: 255, not: noNul });
    expect(schemas.OptionCreate.properties.values.items.pattern).toBe('\\S');
    expect(schemas.QuoteCreate.properties.customer_emails.items).toEqual({
      type: 'string',
      format: 'email',
      maxLength: 254,
      pattern: expect.any(String),
    });
    // The lengths the pattern cannot state without a look-ahead: maxLength, and the local part's in the description.
    for (const field of [
      schemas.CustomerCreate.properties.email,
      schemas.ReviewCreate.properties.author_email,
      schemas.QuoteCreate.properties.customer_emails,
    ]) {
      expect(field.description).toContain('at most 254 characters, at most 64 of them before the `@`');
    }
    expect(schemas.CustomerCreate.properties.email.maxLength).toBe(254);
    // The server's e-mail rule: a top-level domain of letters, which `format: email` alone does not require.
    const email = new RegExp(schemas.QuoteCreate.properties.customer_emails.items.pattern as string);
    expect(['buyer@example.com', 'a@localhost', 'a@b.c1', 'a@example.com.'].map((v) => email.test(v))).toEqual([true, false, false, false]);
    expect(schemas.CustomerCreate.properties.email.pattern).toBe(email.source);
    const timestamp = new RegExp(schemas.CouponCreate.properties.starts_at.pattern as string);
    expect(['2025-01-31 14:05:00', '2025-01-31T14:05:00Z', '2025-01-31T14:05+02:00'].filter((v) => !timestamp.test(v))).toEqual([]);
    expect(
      ['2025-92-01 00:00:00', '2025-01-32 00:00:00', '2025-01-31 24:00:00', '0000-01-01 00:00:00'].filter((v) => timestamp.test(v)),
    ).toEqual([]);
    // Years 0001 to 9999 of four digits, in timestamps and in dates (year 0000 is no year PostgreSQL has).
    expect(['0404-02-29 00:00:01', '0001-01-01T00:00:00Z'].filter((v) => !timestamp.test(v))).toEqual([]);
    const date = new RegExp(schemas.ProductPut.properties.expected_availability_date.pattern as string);
    expect(['0404-02-29', '0001-01-01', '2024-02-29'].filter((v) => !date.test(v))).toEqual([]);
    expect(['0000-01-01', '0000-02-29', '2023-02-29', '404-02-28'].filter((v) => date.test(v))).toEqual([]);
    const money = new RegExp(schemas.ExtraCreate.properties.price.anyOf[0].pattern as string);
    expect(['0', '2.5', '9999999999.99'].filter((v) => !money.test(v))).toEqual([]);
    expect(['-1', '10000000000', '1.234', '123456789012345'].filter((v) => money.test(v))).toEqual([]);
    const rate = new RegExp(schemas.TaxRateCreate.properties.rate.anyOf[0].pattern as string);
    expect(['100', '8.875', '100.0000'].filter((v) => !rate.test(v))).toEqual([]);
    expect(['100.0001', '101', '-8'].filter((v) => rate.test(v))).toEqual([]);
    expect(schemas.CategoryLinkInput.oneOf.map((s: Json) => s.required)).toEqual([['category_id'], ['category_ids']]);

    // Query parameters of ListQuery, with the resource's sort whitelist.
    const params = doc.paths['/countries'].get.parameters as Json[];
    const param = (name: string) => params.find((p) => p.name === name);
    expect(param('limit')).toEqual(expect.objectContaining({ in: 'query', required: false }));
    expect(param('limit')!.schema).toEqual(expect.objectContaining({ type: 'integer', minimum: 1, maximum: 250 }));
    expect(param('page')!.schema).toEqual(expect.objectContaining({ type: 'integer', minimum: 1 }));
    expect(param('cursor')!.schema).toEqual(expect.objectContaining({ type: 'integer', minimum: 0 }));
    expect(param('sort')!.schema.enum).toEqual(['id', 'name', 'code', 'created_at', 'updated_at']);
    const quoteFilters = (doc.paths['/quotes'].get.parameters as Json[]).map((p) => p.name);
    expect(quoteFilters).toEqual(expect.arrayContaining(['customer_id', 'type', 'status', 'updated_at_min', 'updated_at_max', 'embed']));
  });

  describe('live responses match their documented schemas', () => {
    const ids: Record<string, number | string> = {};
    const get = (path: string) => t.http.get(path).set(auth);
    const post = (path: string, body: object) => t.http.post(path).set(auth).send(body);

    beforeAll(async () => {
      const created = async (path: string, body: object) => {
        const res = await post(path, body);
        if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
        expect(violations('post', path, res)).toEqual([]);
        return res.body.data as Json;
      };
      ids.country = (await created('/country', { name: 'United States', code: 'US', code_3: 'USA' })).id;
      await created(`/country/US`, { name: 'New York', code: 'NY' });
      await created('/customfielddefinitions', { name: 'origin', label: 'Origin', entity: 'product', type: 'string' });
      await created('/customfielddefinitions', {
        name: 'finish',
        label: 'Finish',
        entity: 'product',
        type: 'select',
        options: ['matte', 'gloss'],
      });
      ids.taxClass = (await created('/taxclass', { name: 'Standard', is_default: true })).id;
      await created(`/taxclass/${ids.taxClass}/rate`, { country: 'US', state: 'NY', rate: '8.875', tax_name: 'NY tax' });
      ids.category = (await created('/category', { name: 'Cups' })).id;
      ids.product = (await created('/product', { name: 'Cup', sku: 'CUP', base_price: '10', category_ids: [ids.category] })).id;
      await created('/product/CUP/option', { name: 'Color', values: ['Red', 'Blue'] });
      ids.variant = (await created('/product/CUP/variant', { sku: 'CUP-RED', options: { Color: 'Red' } })).id;
      await created('/product/CUP/extra', { sku: 'LID', name: 'Lid', price: '1.5' });
      await created('/product/CUP/attribute', { name: 'Volume', value: '250 ml' });
      await created('/product/CUP/pricetier', { quantity: 6, price: '9' });
      await created('/variant/CUP-RED/pricetier', { quantity: 6, price: '8.5' });
      ids.group = (await created('/customergroup', { name: 'Wholesale', api_code: 'wholesale' })).id;
      ids.customer = (await created('/customer', { email: 'ada@example.com', first_name: 'Ada', customer_group_id: ids.group })).id;
      await created(`/customer/${ids.customer}/addresses`, { kind: 'shipping', country_code: 'US', state_code: 'NY', is_default: true });
      await created('/coupon', { code: 'SPRING10', discount_type: 'percentage', discount_value: '10' });
      ids.plan = (await created('/billingplan', { name: 'Monthly', interval_unit: 'month' })).id;
      const quote = await created('/quote', {
        name: 'Office cups',
        customer_id: ids.customer,
        customer_groups: ['wholesale'],
        coupon_code: 'spring10',
        expires_x_days: 30,
        items: [{ product_id: ids.product, quantity: 7, options: { Color: 'Red' }, extras: ['LID'] }],
      });
      ids.quote = quote.id;
      ids.quoteNumber = quote.number;
      ids.subscription = (
        await created('/subscriptions', {
          customer_id: ids.customer,
          billing_plan_id: ids.plan,
          products: [{ product_id: ids.product, quantity: 2 }],
        })
      ).id;
      const ordered = await created('/quote', {
        name: 'Ordered cups',
        customer_id: ids.customer,
        items: [{ product_id: ids.product, quantity: 1, options: { Color: 'Red' } }],
      });
      ids.order = (await created(`/quote/${ordered.id}/order`, { notes: 'Sample' })).id;
      ids.shipment = (await created('/shipment', { number: 'SH-1', status: 'shipped' })).id;
      // Written directly: the endpoint's URL needs no resolving here.
      ids.webhook = (
        await t.sql<{ id: number }>(
          "INSERT INTO webhooks (url, events, secret) VALUES ('https://erp.example.com/hook', '{webhook.ping}', 'whsec_x') RETURNING id",
        )
      )[0].id;
      await created('/shipment/SH-1/trackingcode', { code: '1Z999', carrier: 'UPS', url: 'https://carrier.example/track/1Z999' });
      const upload = await t.http
        .post('/imports?resource=customergroups')
        .set({ ...auth, 'Content-Type': 'application/x-ndjson' })
        .send('{"name":"Retail","api_code":"retail"}\n');
      expect(violations('post', '/imports', upload)).toEqual([]);
      ids.import = upload.body.data.id;
    });

    it("every event recorded so far matches its webhook's documented body", async () => {
      const events = (await get('/events?limit=250')).body.data as Json[];
      expect(events.length).toBeGreaterThan(10);
      const problems = events.flatMap((event: Json): string[] => {
        const type = String(event.type);
        const hook = doc.webhooks[type] as Json | undefined;
        if (!hook) return [`${type}: not in webhooks`];
        const validate = validatorAt(hook.post.requestBody.content['application/json'].schema.$ref as string);
        return validate(event) ? [] : [`${type}: ${JSON.stringify(validate.errors?.slice(0, 3))}`];
      });
      expect(problems).toEqual([]);
    });

    it('countries and states: list and item, with embeds', async () => {
      for (const path of [
        '/countries?embed=states',
        '/countries',
        '/country/US?embed=states',
        '/countries/us',
        '/country/US/states',
        '/country/US/state/NY',
      ]) {
        await expectDocumented('get', path, await get(path), 200);
      }
      const list = await get('/countries?embed=states');
      expect(list.body.data[0].states.data).toHaveLength(1);
    });

    it('custom field definitions and product custom fields', async () => {
      for (const path of [
        '/customfielddefinitions',
        '/customfielddefinition/finish',
        '/product/CUP/customfields',
        '/product/CUP/customfield/origin',
      ]) {
        await expectDocumented('get', path, await get(path), 200);
      }
      const set = await t.http.patch('/product/CUP/customfield/origin').set(auth).send({ value: 'Portugal' });
      await expectDocumented('patch', '/product/CUP/customfield/origin', set, 200);
    });

    it('products with every embed, without embeds, and their parts', async () => {
      const all = 'variants,options,extras,attributes,categories,pricetiers,customfields';
      for (const path of [`/products?embed=${all}`, `/product/CUP?embed=${all}`, '/product/CUP', `/products/${ids.product}`]) {
        await expectDocumented('get', path, await get(path), 200);
      }
      const full = await get(`/product/CUP?embed=${all}`);
      expect(Object.keys(full.body.data)).toEqual(expect.arrayContaining(all.split(',')));
      expect(full.body.data.options.data[0].values).toEqual(['Red', 'Blue']);
      for (const path of [
        '/product/CUP/variants',
        '/product/CUP/options',
        '/product/CUP/extras',
        '/product/CUP/attributes',
        '/product/CUP/pricetiers',
        '/product/CUP/categories',
        '/variant/CUP-RED',
        '/variant/CUP-RED/pricetiers',
        '/categories',
      ]) {
        await expectDocumented('get', path, await get(path), 200);
      }
    });

    it('customers, groups, addresses, coupons and billing plans', async () => {
      for (const path of [
        '/customers?embed=group,shippingAddresses,billing_addresses',
        `/customer/${ids.customer}?embed=group,shipping_addresses`,
        `/customer/${ids.customer}/addresses`,
        '/customergroups',
        '/customergroup/wholesale',
        '/coupons',
        '/coupon/spring10',
        '/billingplans',
        `/billingplan/${ids.plan}`,
      ]) {
        await expectDocumented('get', path, await get(path), 200);
      }
    });

    it('quotes: list with nested embeds, item, update, send and deliveries', async () => {
      for (const path of [
        '/quotes?embed=customer.group,customer.shippingAddresses,customer.billingAddresses',
        `/quote/${ids.quoteNumber}`,
        `/quotes/${ids.quote}?embed=customer`,
      ]) {
        await expectDocumented('get', path, await get(path), 200);
      }
      const quote = (await get(`/quote/${ids.quote}`)).body.data;
      expect(quote.items[0].product.id).toBe(ids.product);
      expect(typeof quote.items[0].price).toBe('number');
      const patched = await t.http
        .patch(`/quote/${ids.quote}`)
        .set(auth)
        .send({ customer_emails: ['buyer@example.com'] });
      await expectDocumented('patch', `/quote/${ids.quote}`, patched, 200);
      const sent = await post(`/quote/${ids.quote}/send-quote`, { message: 'Here it is' });
      await expectDocumented('post', `/quote/${ids.quote}/send-quote`, sent, 202);
      await expectDocumented('get', `/quote/${ids.quote}/deliveries`, await get(`/quote/${ids.quote}/deliveries`), 200);
    });

    it('subscriptions with embeds, renewal and products', async () => {
      for (const path of [
        '/subscriptions?embed=customer,billing_plan,products.product',
        `/subscription/${ids.subscription}?embed=products`,
        `/subscription/${ids.subscription}/products?embed=product`,
      ]) {
        await expectDocumented('get', path, await get(path), 200);
      }
      await expectDocumented(
        'post',
        `/subscription/${ids.subscription}/renew`,
        await post(`/subscription/${ids.subscription}/renew`, {}),
        200,
      );
    });

    it('tax classes and rates, shipments and tracking codes, deletes', async () => {
      for (const path of [
        '/taxclasses?embed=rates',
        `/taxclass/${ids.taxClass}`,
        `/taxclass/${ids.taxClass}/rates`,
        '/shipments?embed=trackingcodes',
        '/shipment/SH-1?embed=trackingcodes',
        '/shipment/SH-1/trackingcodes',
        '/shipment/SH-1/trackingcode/1Z999',
      ]) {
        await expectDocumented('get', path, await get(path), 200);
      }
      await expectDocumented(
        'delete',
        '/shipment/SH-1/trackingcode/1Z999',
        await t.http.delete('/shipment/SH-1/trackingcode/1Z999').set(auth),
        200,
      );
      await expectDocumented('delete', '/product/CUP/categories', await t.http.delete('/product/CUP/categories').set(auth), 200);
    });

    it('imports: list, item, cancel of a finished one (409) and the NDJSON results', async () => {
      const done = await eventually(async () => {
        const res = await get(`/import/${ids.import}`);
        expect(res.body.data.status).toBe('completed');
        return res;
      });
      await expectDocumented('get', `/import/${ids.import}`, done, 200);
      await expectDocumented('get', '/imports', await get('/imports'), 200);
      await expectDocumented('post', `/import/${ids.import}/cancel`, await post(`/import/${ids.import}/cancel`, {}), 409);
      const results = await get(`/import/${ids.import}/results`);
      expect({ status: results.status, type: results.headers['content-type'], lines: results.text.split('\n') }).toEqual({
        status: 200,
        type: 'application/x-ndjson; charset=utf-8',
        lines: [expect.any(String), ''],
      });
      expect(JSON.parse(results.text)).toEqual({ line: 1, status: 'created', id: expect.any(Number), key: 'retail' });
    });

    it('errors: 422 with field messages, 404, 401, 412 and 405 in the error envelope', async () => {
      const invalid = await post('/country', { code: 'USA', planet: 'earth' });
      await expectDocumented('post', '/country', invalid, 422);
      expect(invalid.body.error.message).toEqual(expect.objectContaining({ name: ['is required'], planet: ['is not a known field'] }));
      await expectDocumented('get', '/countries?limit=999', await get('/countries?limit=999'), 422);
      await expectDocumented('get', '/country/ZZ', await get('/country/ZZ'), 404);
      await expectDocumented('get', '/quote/Q999999', await get('/quote/Q999999'), 404);
      await expectDocumented('get', '/countries', await t.http.get('/countries'), 401);
      const stale = await t.http
        .patch('/country/US')
        .set({ ...auth, 'If-Match': '"stale"' })
        .send({ name: 'USA' });
      await expectDocumented('patch', '/country/US', stale, 412);
      const wrongMethod = await t.http.patch('/countries').set(auth).send({});
      expect(wrongMethod.status).toBe(405);
      // PATCH is no operation of the collection; the shared 405 response is what it answers with.
      const validate = validatorAt('#/components/responses/MethodNotAllowed/content/application~1json/schema');
      expect(validate(wrongMethod.body)).toBe(true);
    });

    it('a response that differs from its schema fails the check (extra field, wrong format, missing field)', async () => {
      const res = await get('/country/US');
      const tamper = (change: (data: Json) => void) => {
        const body = structuredClone(res.body) as Json;
        change(body.data);
        return violations('get', '/country/US', { ...res, body } as Response);
      };
      expect(violations('get', '/country/US', res)).toEqual([]);
      expect(tamper((d) => (d.surprise = 1))).not.toEqual([]);
      expect(tamper((d) => (d.created_at = '2025-01-31T14:05:00Z'))).not.toEqual([]);
      expect(tamper((d) => (d.enabled = true))).not.toEqual([]);
      expect(tamper((d) => delete d.code_3)).not.toEqual([]);
      expect(tamper((d) => (d.states = [{ id: 1 }]))).not.toEqual([]);
    });

    it('the documented sort and embed lists are the ones the API enforces', async () => {
      const sample: Record<string, string | number> = {
        webhook: ids.webhook,
        webhooks: ids.webhook,
        country: 'US',
        countries: 'US',
        product: 'CUP',
        products: 'CUP',
        variant: 'CUP-RED',
        variants: 'CUP-RED',
        customer: ids.customer,
        customers: ids.customer,
        shipment: 'SH-1',
        shipments: 'SH-1',
        taxclass: ids.taxClass,
        taxclasses: ids.taxClass,
        subscription: ids.subscription,
        subscriptions: ids.subscription,
        quote: ids.quote,
        quotes: ids.quote,
        category: ids.category,
        categories: ids.category,
        customergroup: 'wholesale',
        customergroups: 'wholesale',
        coupon: 'spring10',
        coupons: 'spring10',
        billingplan: ids.plan,
        billingplans: ids.plan,
        customfielddefinition: 'finish',
        customfielddefinitions: 'finish',
        order: ids.order,
        orders: ids.order,
        import: ids.import,
      };
      const concrete = (template: string) => {
        const segments = template.split('/');
        return segments.map((s, i) => (/^\{\w+\}$/.test(s) ? String(sample[segments[i - 1]]) : s)).join('/');
      };
      let checked = 0;
      for (const [template, item] of Object.entries(doc.paths as Json)) {
        const op = (item as Json).get as Json | undefined;
        if (!op || (template.match(/\{/g) ?? []).length > 1) continue;
        const embed = op.parameters?.find((p: Json) => p.name === 'embed');
        const path = concrete(template);
        const sort = op.parameters.find((p: Json) => p.name === 'sort');
        if (sort) {
          const res = await get(`${path}?sort=nope`);
          expect({ path, status: res.status, message: res.body.error?.message }).toEqual({
            path,
            status: 422,
            message: { sort: [`must be one of: ${sort.schema.enum.join(', ')}`] },
          });
        }
        // Where `embed` is documented its enum is what the API allows; where it is not, nothing is.
        const res = await get(`${path}?embed=nope`);
        const message = (res.body.error?.message?.embed?.[0] ?? '') as string;
        const allowed = message === 'is not a known field' ? 'none' : /allowed: (.*)$/.exec(message)?.[1];
        const documented = ((embed?.schema.items.enum as string[] | undefined) ?? []).filter((e) => !/[A-Z]/.test(e));
        expect({ path, status: res.status, allowed: allowed === 'none' ? [] : allowed?.split(', ').sort() }).toEqual({
          path,
          status: 422,
          allowed: documented.sort(),
        });
        if (embed) {
          // Every documented spelling is accepted, all at once, as the comma list `style: form, explode: false` describes.
          const all = await get(`${path}?embed=${(embed.schema.items.enum as string[]).join(',')}`);
          expect({ path, status: all.status }).toEqual({ path, status: 200 });
          expect(embed).toEqual(expect.objectContaining({ style: 'form', explode: false }));
        }
        checked += 1;
      }
      expect(checked).toBeGreaterThan(30);
    });
  });

  it('serves Swagger UI at /docs without a token, with its assets from disk', async () => {
    const page = await t.http.get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('swagger-ui');
    const bundle = await t.http.get('/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    // The UI loads /openapi.json by URL (Swagger UI links it under the title); its init script carries no copy of it.
    const init = await t.http.get('/docs/swagger-ui-init.js');
    expect(init.status).toBe(200);
    expect(init.text).toMatch(/"url":\s*"\/openapi.json"/);
    expect(init.text).not.toContain('Store API');
    expect(init.text.length).toBeLessThan(10_000);
    const css = await t.http.get('/docs/swagger-ui.css');
    expect(css.status).toBe(200);
  });

  it('serves /docs as a page that is revalidated, its swagger-ui-dist assets under their version, cached for good', async () => {
    const page = await t.http.get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toContain('<html lang="en">');
    expect(page.text).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(page.text).toContain('<title>Store API — documentation</title>');
    const links = [...page.text.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual([
      `/docs/${SWAGGER_UI_VERSION}/swagger-ui.css`,
      expect.stringMatching(/^\/docs\/docs\.css\?v=[0-9a-f]{12}$/),
      `/docs/${SWAGGER_UI_VERSION}/swagger-ui-bundle.js`,
      expect.stringMatching(/^\/docs\/swagger-ui-init\.js\?v=[0-9a-f]{12}$/),
    ]);
    for (const link of links) {
      const res = await t.http.get(link);
      expect({ link, status: res.status, cache: res.headers['cache-control'] }).toEqual({
        link,
        status: 200,
        cache: 'public, max-age=31536000, immutable',
      });
    }
    // The same page at /docs/ and /docs/index.html; the init and stylesheet without their version are revalidated.
    expect((await t.http.get('/docs/')).text).toBe(page.text);
    expect((await t.http.get('/docs/index.html')).text).toBe(page.text);
    expect((await t.http.get('/docs/swagger-ui-init.js')).headers['cache-control']).toBe('no-cache');
    expect((await t.http.get('/docs/docs.css?v=0')).headers['cache-control']).toBe('no-cache');
    expect((await t.http.get(`/docs/${SWAGGER_UI_VERSION}/no-such-file.js`)).status).toBe(404);
  });

  it('serves only the files its page uses, never swagger-ui-dist’s others, and no page of it in a frame', async () => {
    const v = SWAGGER_UI_VERSION;
    for (const path of [
      'README.md',
      'package.json',
      'index.html',
      'swagger-initializer.js',
      'swagger-ui.js',
      'swagger-ui-bundle.js.map',
      'LICENSE',
    ]) {
      // `/docs/index.html` is the page itself.
      for (const at of path === 'index.html' ? [`/docs/${v}/${path}`] : [`/docs/${v}/${path}`, `/docs/${path}`]) {
        const res = await t.http.get(at);
        expect({ at, status: res.status, body: res.body }).toEqual({
          at,
          status: 404,
          body: { meta: { status: 404, success: false }, error: { message: `Cannot GET ${at}` } },
        });
      }
    }
    for (const path of [
      '/docs',
      '/docs/',
      `/docs/${v}/swagger-ui-bundle.js`,
      '/docs/swagger-ui.css',
      '/docs/swagger-ui-init.js',
      '/docs/docs.css',
      '/docs/README.md',
    ]) {
      const res = await t.http.get(path);
      expect({ path, frame: res.headers['x-frame-options'], csp: res.headers['content-security-policy'] }).toEqual({
        path,
        frame: 'DENY',
        csp: "frame-ancestors 'none'",
      });
    }
  });

  it('configures Swagger UI to keep no key in the browser: persistAuthorization is false', async () => {
    const init = await t.http.get('/docs/swagger-ui-init.js');
    expect(init.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(init.text).toMatch(/"persistAuthorization":\s*false/);
    expect(init.text).not.toMatch(/localStorage/);
  });

  it('sends /openapi.json and the docs assets gzip-compressed to clients that accept it, and API responses never', async () => {
    for (const path of ['/openapi.json', '/docs/swagger-ui-bundle.js', '/docs/swagger-ui.css']) {
      const gzipped = await t.http.get(path).set('Accept-Encoding', 'gzip');
      expect({ path, status: gzipped.status, encoding: gzipped.headers['content-encoding'] }).toEqual({
        path,
        status: 200,
        encoding: 'gzip',
      });
      const plain = await t.http.get(path).set('Accept-Encoding', 'identity');
      expect({ path, status: plain.status, encoding: plain.headers['content-encoding'] }).toEqual({
        path,
        status: 200,
        encoding: undefined,
      });
    }
    const json = await t.http.get('/openapi.json').set('Accept-Encoding', 'gzip');
    expect(json.body).toEqual(doc);
    const api = await t.http.get('/countries').set(auth).set('Accept-Encoding', 'gzip');
    expect({ status: api.status, encoding: api.headers['content-encoding'] }).toEqual({ status: 200, encoding: undefined });
  });
});
