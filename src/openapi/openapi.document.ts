import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type INestApplication, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { DECORATORS, DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { isPublicPath } from '../common/auth/authentication.middleware.js';
import { NDJSON } from '../common/http/ndjson-body.js';
import { ANY_KEY, BY_RESOURCE, SCOPE_GROUP_KEY, SCOPE_KEY, SCOPE_RESOURCE_GROUPS_KEY, scopeFor } from '../common/auth/scopes.js';
import {
  ERRORS,
  SHARED_HEADERS,
  SHARED_PARAMETERS,
  SHARED_SCHEMAS,
  errorResponses,
  errorSchemas,
  streamHeaders,
  successHeaders,
} from './components.js';
import { REQUEST_EXAMPLES, sampleOf } from './examples.js';
import { documentedPath } from './spellings.js';
import { NDJSON_DOC, type NdjsonDoc, PATH_PARAMS_DOC, RESPONSE_DOC, type ResponseDoc } from './decorators.js';
import { DtoSchemas, type JsonSchema, schemaRef } from './dto-schema.js';
import { VIEW_CLASSES } from './fields.js';
import { EVENT_CATALOG } from '../modules/webhooks/domain/event-catalog.js';
import { DELIVERY_PARAMETERS, webhookSection } from './webhooks.js';

/**
 * The OpenAPI 3.1 document, generated from the running app: @nestjs/swagger scans every controller
 * (paths, aliases, methods, path parameters, the response views of `@ApiItem`/`@ApiPage`), and this
 * file adds what follows from the app's own conventions, so a controller added later is documented
 * by its decorators alone: the envelopes, request bodies and query parameters derived from the DTOs'
 * validation metadata, the scope each operation needs, the error responses, the caching and
 * conditional-request headers, tags by scope group.
 */

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];

interface Handler {
  controller: Function;
  name: string;
  paths: string[];
  method: string;
  scope: string | null;
  group: string | null;
  /** `@ScopeByResource(groups)`: the groups whose read or write scope the route needs, by the resource it names. */
  resourceGroups: string[];
  status: number;
  doc?: ResponseDoc;
  /** `@ApiNdjson`: the answer is a stream of NDJSON lines. */
  ndjson?: NdjsonDoc;
  body?: Function;
  /** The body is a JSON array of `body` (a collection PUT or a batch: `@BatchBody`). */
  bodyIsArray: boolean;
  /** A body declared by its schema alone (`@ApiBody({ schema })`: an array of ids), with its `example`. */
  bodySchema?: JsonSchema;
  /** `@ApiBody({ description })`. */
  bodyDescription?: string;
  /** `@ApiConsumes(...)`: the media types the body is taken in (else `application/json`). */
  consumes: string[];
  query?: Function;
  pathParams: Record<string, string>;
}

type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
  security?: Record<string, string[]>[];
};

const EVENT_SCHEMAS = new Set<string>(EVENT_CATALOG.map((e) => e.schema));

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'store-api' && pkg.version) return pkg.version;
    }
    const parent = dirname(dir);
    if (parent === dir) return '0.0.0';
    dir = parent;
  }
}

/** Every handler of every controller, as the router sees it (the same reading as RouteTable). */
function handlers(app: INestApplication): Map<string, Handler> {
  const discovery = app.get(DiscoveryService);
  const scanner = new MetadataScanner();
  const reflector = app.get(Reflector);
  const table = new Map<string, Handler>();
  for (const wrapper of discovery.getControllers()) {
    const instance = wrapper.instance as object | undefined;
    const controller = wrapper.metatype as Function | undefined;
    if (!instance || !controller) continue;
    const prototype = Object.getPrototypeOf(instance) as Record<string, Function>;
    const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, controller) ?? '/');
    const pathParams = (reflector.get<Record<string, string> | undefined>(PATH_PARAMS_DOC, controller) ?? {}) as Record<string, string>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const fn = prototype[name];
      const paths = Reflect.getMetadata(PATH_METADATA, fn) as string | string[] | undefined;
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod | undefined;
      if (paths === undefined || requestMethod === undefined) continue;
      const method = RequestMethod[requestMethod];
      const full = prefixes.flatMap((prefix) =>
        ([] as string[]).concat(paths).map(
          (p) =>
            `/${[prefix, p]
              .map((s) => s.replace(/^\/+|\/+$/g, ''))
              .filter(Boolean)
              .join('/')}`,
        ),
      );
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, { index: number }>;
      const types = (Reflect.getMetadata('design:paramtypes', prototype, name) ?? []) as Function[];
      const argOf = (kind: RouteParamtypes) => {
        const entry = Object.entries(args).find(([key]) => Number(key.split(':')[0]) === kind);
        const type = entry ? types[entry[1].index] : undefined;
        return type && type !== Object ? type : undefined;
      };
      const info: Handler = {
        controller,
        name,
        paths: full,
        method,
        scope: reflector.getAllAndOverride<string | undefined>(SCOPE_KEY, [fn, controller]) ?? null,
        group: reflector.getAllAndOverride<string | undefined>(SCOPE_GROUP_KEY, [fn, controller]) ?? null,
        resourceGroups: reflector.getAllAndOverride<string[] | undefined>(SCOPE_RESOURCE_GROUPS_KEY, [fn, controller]) ?? [],
        status: (Reflect.getMetadata(HTTP_CODE_METADATA, fn) as number | undefined) ?? (method === 'POST' ? 201 : 200),
        doc: Reflect.getMetadata(RESPONSE_DOC, fn) as ResponseDoc | undefined,
        ndjson: Reflect.getMetadata(NDJSON_DOC, fn) as NdjsonDoc | undefined,
        body: explicitBodySchema(fn) ? undefined : (explicitBody(fn) ?? argOf(RouteParamtypes.BODY)),
        bodyIsArray: explicitBodyIsArray(fn),
        bodySchema: explicitBodySchema(fn),
        bodyDescription: explicitBodyDescription(fn),
        consumes: reflector.getAllAndOverride<string[] | undefined>(DECORATORS.API_CONSUMES, [fn, controller]) ?? [],
        query: argOf(RouteParamtypes.QUERY),
        pathParams,
      };
      for (const path of full) table.set(`${method} ${toOpenApiPath(path)}`, info);
    }
  }
  return table;
}

/** A body read through a custom parameter decorator is declared with `@ApiBody({ type })`. */
function explicitBody(fn: Function): Function | undefined {
  const params = (Reflect.getMetadata(DECORATORS.API_PARAMETERS, fn) ?? []) as { in?: string; type?: unknown }[];
  const type = params.find((p) => p.in === 'body')?.type;
  return typeof type === 'function' && type !== Object ? type : undefined;
}

/** `@ApiBody({ schema })`: a body of plain values, described by its schema. */
function explicitBodySchema(fn: Function): JsonSchema | undefined {
  const params = (Reflect.getMetadata(DECORATORS.API_PARAMETERS, fn) ?? []) as { in?: string; schema?: JsonSchema }[];
  return params.find((p) => p.in === 'body')?.schema;
}

/** `@ApiBody({ description })`: what the body is, when its schema cannot say it (an NDJSON upload). */
function explicitBodyDescription(fn: Function): string | undefined {
  const params = (Reflect.getMetadata(DECORATORS.API_PARAMETERS, fn) ?? []) as { in?: string; description?: string }[];
  return params.find((p) => p.in === 'body')?.description;
}

/** `@ApiBody({ type, isArray: true })`, as `@BatchBody` declares it. */
function explicitBodyIsArray(fn: Function): boolean {
  const params = (Reflect.getMetadata(DECORATORS.API_PARAMETERS, fn) ?? []) as { in?: string; isArray?: boolean }[];
  return params.find((p) => p.in === 'body')?.isArray === true;
}

const humanize = (s: string) => s.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
const words = (className: string) =>
  className
    .replace(/View$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
const plural = (s: string) => (/[^aeiou]y$/.test(s) ? `${s.slice(0, -1)}ies` : /(s|x|ch|sh)$/.test(s) ? `${s}es` : `${s}s`);
const article = (s: string) => (/^[aeiou]/.test(s) ? `an ${s}` : `a ${s}`);

function autoSummary(h: Handler): string {
  const label = h.doc ? words(h.doc.view.name) : words(h.name);
  if (h.doc?.shape === 'page') return `List ${plural(label)}`;
  if (h.method === 'GET') return h.doc?.shape === 'array' ? `List ${plural(label)}` : `Get ${article(label)}`;
  if (h.method === 'POST' && h.status === 201) return `Create ${article(label)}`;
  if (h.method === 'PATCH' || h.method === 'PUT') return `Update ${article(label)}`;
  if (h.method === 'DELETE') return `Delete ${article(label)}`;
  return humanize(words(h.name));
}

const envelopeName = (doc: ResponseDoc) =>
  `${doc.view.name.replace(/View$/, '')}${{ item: '', array: 'List', page: 'Page', batch: 'Batch' }[doc.shape]}Envelope`;

function envelopeSchema(doc: ResponseDoc): JsonSchema {
  const view = { $ref: schemaRef(doc.view.name) };
  return {
    type: 'object',
    required: ['meta', 'data'],
    additionalProperties: false,
    properties: {
      meta: { $ref: schemaRef(doc.shape === 'page' ? 'PageMeta' : doc.shape === 'batch' ? 'BatchMeta' : 'Meta') },
      data: doc.shape === 'item' ? view : { type: 'array', items: view },
    },
  };
}

/**
 * Which of the error responses an operation can meet. Every method reads a body when one is sent (so
 * 400/413/415 are possible on a GET too) and refuses unknown query parameters (422).
 */
function errorStatuses(h: Handler, path: string): number[] {
  const statuses = [400, 401, 403, 405, 413, 415, 422, 429, 500, 503, ...(h.doc?.errors ?? [])];
  if (path.includes('{')) statuses.push(404);
  if (h.method !== 'GET') statuses.push(409);
  for (const status of h.ndjson?.errors ?? []) if (!statuses.includes(status)) statuses.push(status);
  if (['PATCH', 'PUT', 'DELETE'].includes(h.method)) statuses.push(412);
  return statuses.sort((a, b) => a - b);
}

/** `shipping_addresses` → `shippingAddresses`, per dotted segment. */
const camel = (name: string) =>
  name
    .split('.')
    .map((part) => part.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase()))
    .join('.');
/**
 * `embed`: a comma list (`style: form, explode: false`) of the relations this operation embeds, in
 * both spellings the API accepts. A parent named with a dot path is embedded too.
 */
function embedParameter(allowed: readonly string[]): JsonSchema {
  const names = [...new Set(allowed.flatMap((e) => [e, camel(e)]))];
  return {
    name: 'embed',
    in: 'query',
    required: false,
    style: 'form',
    explode: false,
    description:
      `Comma-separated relations to embed; dots nest. Allowed: ${allowed.map((e) => `\`${e}\``).join(', ')} ` +
      '(camelCase spellings too). Each appears as `{"data": …}` under its snake_case name; any other name is 422.',
    schema: { type: 'array', items: { type: 'string', enum: names } },
    example: allowed.slice(0, 2),
  };
}

const lowerFirst = (s: string) => s.replace(/^./, (c) => c.toLowerCase());
const upperFirst = (s: string) => s.replace(/^./, (c) => c.toUpperCase());

/** Does a value satisfy the (simple) schema of a field? Used to borrow response examples for inputs. */
function accepts(schema: JsonSchema, value: unknown): boolean {
  if (value === undefined) return false;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).some((s) => accepts({ ...schema, anyOf: undefined, ...s }, value));
  if (Array.isArray(schema.enum)) return schema.enum.includes(value);
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (types.length && !types.includes(kind) && !(kind === 'integer' && types.includes('number'))) return false;
  if (typeof value === 'string') {
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) return false;
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) return false;
  }
  return true;
}

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Store API')
    .setVersion(packageVersion())
    .setDescription(DESCRIPTION)
    .addServer('/', 'The server that serves this document')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        description:
          "An API key's access token (`npm run cli -- api-key:create`). Scopes: `<group>:read` for GET/HEAD/OPTIONS, `<group>:write` for the rest, `<group>:*`, `quotes:send`, `*`; each operation lists the one it needs.",
      },
      'bearer',
    )
    .addSecurityRequirements('bearer')
    .build();
  // Access tokens are opaque (`sk_…`), not JWTs.
  delete (config.components?.securitySchemes?.bearer as { bearerFormat?: string } | undefined)?.bearerFormat;
  const table = handlers(app);
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller}.${method}`,
    // The event catalog's `data` schemas are documented under `webhooks` even when no route answers with one.
    extraModels: [...VIEW_CLASSES].filter((cls) => EVENT_SCHEMAS.has(cls.name)),
    // Tags come from the scope group below (one per module), unless a controller sets @ApiTags.
    autoTagControllers: false,
  });
  const schemas = (document.components!.schemas ??= {}) as Record<string, JsonSchema>;
  const dtos = new DtoSchemas();
  const tags = new Map<string, Set<string>>();
  const bodyViews = new Map<string, string>();

  const examples = new Map<string, JsonSchema>();
  const successExamples: { name: string; envelope: string; status: number }[] = [];

  for (const [path, item] of Object.entries(document.paths) as [string, Partial<Record<HttpMethod, Operation>>][]) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const h = table.get(`${method.toUpperCase()} ${path}`);
      if (!h) throw new Error(`OpenAPI: no handler found for ${method.toUpperCase()} ${path}`);
      // One operation per endpoint: documented under the specification's spelling, the aliases named.
      const paths = [...new Set(h.paths.map(toOpenApiPath))];
      if (path !== documentedPath(h.method, paths)) {
        delete item[method];
        continue;
      }
      const aliases = paths.filter((p) => p !== path);
      // Stable and usable as a method name: the controller and handler names, e.g. `quotesSend`.
      op.operationId = `${lowerFirst(h.controller.name.replace(/Controller$/, ''))}${upperFirst(h.name)}`;
      const isPublic = isPublicPath(path);

      // Tags by scope group: the unit of permission and of module.
      if (!op.tags?.length) op.tags = [h.group ? humanize(h.group) : humanize(h.controller.name.replace(/Controller$/, ''))];
      // A route whose scope follows the resource it names (`POST /imports?resource=customers`): any one
      // of its groups' scopes, as alternative requirements.
      const byResource = h.scope === BY_RESOURCE;
      // A route any key may call (`GET /store`): a token, no scope.
      const scope = byResource || h.scope === ANY_KEY ? null : (h.scope ?? (h.group ? scopeFor(h.group, h.method) : null));
      const alternatives = byResource ? h.resourceGroups.map((g) => scopeFor(g, h.method)) : [];
      if (byResource && !alternatives.length) throw new Error(`OpenAPI: ${h.method} ${path} is @ScopeByResource() without its groups`);
      for (const tag of op.tags) {
        const scopes = tags.get(tag) ?? new Set<string>();
        if (h.group) scopes.add(`${h.group}:read`).add(`${h.group}:write`);
        for (const one of scope ? scope.split(' ') : alternatives) scopes.add(one);
        tags.set(tag, scopes);
      }
      op.security = isPublic
        ? []
        : byResource
          ? alternatives.map((one) => ({ bearer: [one] }))
          : [{ bearer: scope ? scope.split(' ') : [] }];

      // Parameters: path (described, and present even when the handler does not read them), query from the DTO, headers.
      const parameters = (op.parameters ?? []).filter((p) => p.in !== 'query');
      for (const name of [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) {
        let param = parameters.find((p) => p.in === 'path' && p.name === name);
        if (!param) parameters.push((param = { name, in: 'path', required: true, schema: { type: 'string' } }));
        param.description ??= h.pathParams[name] ?? 'Identifier.';
      }
      if (h.query) {
        for (const [name, prop] of dtos.properties(h.query)) {
          const schema = { ...prop.schema };
          if (name === 'sort' && h.doc?.sort) schema.enum = h.doc.sort;
          if (name === 'embed') {
            const allowed = h.doc?.embed ?? [];
            // Nothing embeds here: the parameter is not documented (any name is 422).
            if (!allowed.length) continue;
            parameters.push(embedParameter(allowed));
            continue;
          }
          const { description, example, ...rest } = schema;
          parameters.push({
            name,
            in: 'query',
            required: prop.required,
            ...(description ? { description } : {}),
            schema: rest,
            ...(example !== undefined ? { example } : {}),
          });
        }
      }
      if (!isPublic) {
        if (h.method === 'GET')
          parameters.push({ $ref: '#/components/parameters/IfNoneMatch' }, { $ref: '#/components/parameters/IfModifiedSince' });
        if (['PATCH', 'PUT', 'DELETE'].includes(h.method)) parameters.push({ $ref: '#/components/parameters/IfMatch' });
        if (h.method === 'POST' || (h.method === 'PUT' && h.bodyIsArray))
          parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
      }
      op.parameters = parameters;

      // Request body: the DTO's derived schema as a component, with an example that the API accepts.
      if (h.body) {
        const name = dtos.component(h.body);
        const bodySchema = dtos.components.get(h.body) ?? {};
        const required =
          h.bodyIsArray ||
          [bodySchema, ...((bodySchema.oneOf as JsonSchema[] | undefined) ?? [])].some(
            (s) => ((s.required as string[] | undefined) ?? []).length > 0,
          );
        const exampleName = h.bodyIsArray ? `${name}List` : name;
        const memberExample = REQUEST_EXAMPLES[name];
        const example = REQUEST_EXAMPLES[exampleName] ?? (h.bodyIsArray && memberExample !== undefined ? [memberExample] : undefined);
        if (example !== undefined) examples.set(exampleName, { summary: `A ${exampleName} body the API accepts`, value: example });
        op.requestBody = {
          required,
          ...(required ? {} : { description: 'May be omitted (an empty body is `{}`).' }),
          content: {
            'application/json': {
              schema: h.bodyIsArray ? { type: 'array', items: { $ref: schemaRef(name) }, maxItems: 1000 } : { $ref: schemaRef(name) },
              ...(example !== undefined ? { examples: { [exampleName]: { $ref: `#/components/examples/${exampleName}` } } } : {}),
            },
          },
        };
        if (h.doc && !bodyViews.has(name)) bodyViews.set(name, h.doc.view.name);
      } else if (h.bodySchema) {
        const { example, ...schema } = h.bodySchema;
        const exampleName = `${h.controller.name.replace(/Controller$/, '')}${h.name.replace(/^./, (c) => c.toUpperCase())}Body`;
        examples.set(exampleName, { summary: 'A body the API accepts', value: example });
        const media = { schema, examples: { [exampleName]: { $ref: `#/components/examples/${exampleName}` } } };
        // `@ApiConsumes`: a body in other media types (an NDJSON upload), each with the same schema and example.
        const types = h.consumes.length ? h.consumes : ['application/json'];
        op.requestBody = {
          required: true,
          ...(h.bodyDescription ? { description: h.bodyDescription } : {}),
          content: Object.fromEntries(types.map((type) => [type, media])),
        };
      } else {
        delete op.requestBody;
      }

      op.summary ||= h.doc?.summary ?? h.ndjson?.summary ?? autoSummary(h);

      // Responses: the success envelope, then the errors this operation can meet.
      const explicit = Object.fromEntries(Object.entries(op.responses ?? {}).filter(([, r]) => r.description));
      const responses: Record<string, JsonSchema> = {};
      if (h.doc) {
        const name = envelopeName(h.doc);
        schemas[name] ??= envelopeSchema(h.doc);
        // An item PUT that creates by its key answers 201 then, 200 otherwise: both are documented.
        const statuses = h.doc.creates ? [h.status, 201] : [h.status];
        for (const status of statuses) {
          const exampleName = `${name.replace(/Envelope$/, '')}${status}`;
          if (!successExamples.some((e) => e.name === exampleName)) successExamples.push({ name: exampleName, envelope: name, status });
          responses[String(status)] = {
            description: status === h.status ? op.summary : h.doc.creates,
            headers: {
              ...successHeaders(),
              ...(h.doc.location
                ? { Location: { description: h.doc.location, schema: { type: 'string', pattern: '^/', example: '/import/42' } } }
                : {}),
              ...(h.method === 'POST' ? { 'Idempotent-Replayed': { $ref: '#/components/headers/Idempotent-Replayed' } } : {}),
            },
            content: {
              'application/json': {
                schema: { $ref: schemaRef(name) },
                examples: { [exampleName]: { $ref: `#/components/examples/${exampleName}` } },
              },
            },
          };
        }
      } else if (h.ndjson) {
        // A stream of lines (`NdjsonBody`): no envelope, no ETag, never cached; errors still come as JSON envelopes.
        responses[String(h.status)] = {
          description: `${op.summary}: \`application/x-ndjson\`, one JSON object per line, each ending with \`\\n\`.`,
          headers: streamHeaders(h.ndjson.attachment !== undefined),
          content: { [NDJSON]: { schema: { type: 'string' }, example: h.ndjson.example } },
        };
      } else if (!isPublic) {
        // A handler without @ApiItem/@ApiPage: still listed, flagged so the e2e test points at it.
        responses[String(h.status)] = {
          description: 'Success (response view not documented).',
          'x-undocumented-response': true,
          content: { 'application/json': { schema: { type: 'object', properties: { meta: { $ref: schemaRef('Meta') }, data: {} } } } },
        };
      } else {
        responses[String(h.status)] = { description: 'Success.' };
      }
      if (h.method === 'GET' && !isPublic && !h.ndjson)
        responses['304'] = { description: 'Not modified: the `If-None-Match` / `If-Modified-Since` copy is current (no body).' };
      if (!isPublic) {
        for (const status of errorStatuses(h, path)) {
          responses[String(status)] = { $ref: `#/components/responses/${ERRORS[status].name}` };
        }
      }
      op.responses = { ...responses, ...explicit };
      op.description = [
        op.description,
        h.doc?.description,
        h.ndjson?.description,
        h.ndjson?.attachment ? `Sent as a file: \`Content-Disposition: attachment\` (${h.ndjson.attachment}).` : undefined,
        scope
          ? `Scope: \`${scope}\`.`
          : byResource
            ? `Scope: the ${h.method === 'GET' ? 'read' : 'write'} scope of the resource it names: ${alternatives.map((a) => `\`${a}\``).join(', ')}.`
            : isPublic
              ? 'No token needed.'
              : undefined,
        aliases.length
          ? `Also answers at ${aliases.map((p) => `\`${p}\``).join(', ')} (${aliases.length > 1 ? 'aliases' : 'an alias'}, the same operation).`
          : undefined,
      ]
        .filter(Boolean)
        .join('\n\n');
      if (aliases.length) (op as Record<string, unknown>)['x-aliases'] = aliases;
    }
    if (!HTTP_METHODS.some((m) => item[m])) delete document.paths[path];
  }

  // Components: the DTOs as derived, the views closed, the shared envelopes and errors.
  for (const [cls, schema] of dtos.components) schemas[cls.name] = schema;
  const dtoNames = new Set([...dtos.components.keys()].map((c) => c.name));
  if (dtoNames.size !== dtos.components.size) throw new Error('OpenAPI: two request classes share a name');
  for (const cls of VIEW_CLASSES) {
    const schema = schemas[cls.name];
    if (!schema) continue;
    if (dtoNames.has(cls.name)) throw new Error(`OpenAPI: a view and a request class are both named ${cls.name}`);
    schema.additionalProperties = false;
  }
  borrowExamples(schemas, bodyViews);
  Object.assign(schemas, SHARED_SCHEMAS, errorSchemas());
  for (const schema of Object.values(schemas)) unwrapSingleAllOf(schema);
  const components = document.components as Record<string, unknown>;
  components.responses = errorResponses();
  components.headers = SHARED_HEADERS;
  components.parameters = { ...SHARED_PARAMETERS, ...DELIVERY_PARAMETERS };
  // What the API POSTs to webhook endpoints: one entry per event type.
  const { webhooks, envelopes } = webhookSection(schemas);
  Object.assign(schemas, envelopes);
  (document as OpenAPIObject & { webhooks?: Record<string, JsonSchema> }).webhooks = webhooks;
  const exampleComponents: Record<string, JsonSchema> = {};
  for (const { name, envelope, status } of successExamples) {
    const value = sampleOf({ $ref: schemaRef(envelope) }, schemas) as { meta: { status: number } };
    value.meta.status = status;
    exampleComponents[name] = { summary: `${status} answer`, value };
  }
  for (const [name, example] of examples) exampleComponents[name] = example;
  components.examples = exampleComponents;
  document.tags = [...tags].map(([name, scopes]) => ({
    name,
    ...(scopes.size
      ? { description: `Scopes ${[...scopes].map((s) => `\`${s}\``).join(', ')}; each operation names the one it needs.` }
      : {}),
  }));
  listAliasesAtDocumentedPaths(document.paths as Record<string, Partial<Record<HttpMethod, Operation>>>);
  return document;
}

/**
 * An alias that is itself a documented path (`GET /countries/{id}`, where `DELETE /countries/{id}` is
 * documented) is listed there too, as a copy of its operation marked `x-alias-of`: a tool reads a path
 * item's methods as all the path answers (anything else a 405), and `x-aliases` is invisible to it.
 * An alias at a path the document does not otherwise name stays in `x-aliases` only.
 */
function listAliasesAtDocumentedPaths(paths: Record<string, Partial<Record<HttpMethod, Operation>>>): void {
  const key = (path: string) => path.replace(/\{\w+\}/g, '{}').toLowerCase();
  const documented = new Map(Object.keys(paths).map((p) => [key(p), p]));
  const copies: { path: string; method: HttpMethod; op: Operation }[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method] as (Operation & { 'x-aliases'?: string[] }) | undefined;
      for (const alias of op?.['x-aliases'] ?? []) {
        const at = documented.get(key(alias));
        if (at === undefined) continue;
        if (at !== alias) throw new Error(`OpenAPI: alias ${alias} of ${method.toUpperCase()} ${path} names its parameters unlike ${at}`);
        if (paths[at][method]) throw new Error(`OpenAPI: ${method.toUpperCase()} ${at} is both an operation and an alias of ${path}`);
        const { 'x-aliases': _aliases, ...rest } = structuredClone(op!) as Operation & { 'x-aliases'?: string[] };
        const spelled = alias
          .split('/')
          .filter((segment) => segment && !segment.startsWith('{'))
          .map((segment) => upperFirst(segment.replace(/[^A-Za-z]/g, '')))
          .join('');
        copies.push({
          path: at,
          method,
          op: {
            ...rest,
            operationId: `${op!.operationId}At${spelled}`,
            description: `The same operation as \`${method.toUpperCase()} ${path}\` (\`${op!.operationId}\`), at its alias \`${alias}\`.\n\n${(op!.description ?? '').replace(/\n\nAlso answers at [^\n]*$/, '')}`,
            'x-alias-of': op!.operationId,
          } as Operation,
        });
      }
    }
  }
  for (const { path, method, op } of copies) paths[path][method] = op;
}

/** `allOf: [{$ref}]` (how @nestjs/swagger adds a description to a reference) → the reference itself; 3.1 allows siblings. */
function unwrapSingleAllOf(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as JsonSchema;
  if (Array.isArray(s.allOf) && s.allOf.length === 1) {
    const [only] = s.allOf as JsonSchema[];
    delete s.allOf;
    Object.assign(s, only);
  }
  for (const value of Object.values(s)) unwrapSingleAllOf(value);
}

/** Inputs borrow the examples of the same-named output fields when they fit, so "Try it out" starts from a sensible body. */
function borrowExamples(schemas: Record<string, JsonSchema>, bodyViews: Map<string, string>): void {
  for (const [dto, view] of bodyViews) {
    const input = schemas[dto]?.properties as Record<string, JsonSchema> | undefined;
    const output = schemas[view]?.properties as Record<string, JsonSchema> | undefined;
    if (!input || !output) continue;
    for (const [name, schema] of Object.entries(input)) {
      const example = output[name]?.example;
      if (schema.example === undefined && example !== null && accepts(schema, example)) schema.example = example;
    }
  }
}

const DESCRIPTION = `JSON REST API of the online store: quotes, catalog, customers, geography, custom fields, taxes, shipments and subscriptions.

The repository's \`docs/api.md\` ("API decisions") is the reference of this API: the specification's paths
(\`online-store-api.md\`) and every rule settled around them. This document is generated from the code at start-up.

**Envelope.** Success: \`{"meta": {"status": <http status>, "success": true}, "data": …}\`; collections add
\`meta.pagination\`. Failure: \`{"meta": {"status": …, "success": false}, "error": {"message": …}}\`, where \`message\` is a
string, or for 422 an object of field path → messages.

**Formats.** Timestamps \`YYYY-MM-DD HH:MM:SS\` (UTC), years 0001 to 9999 always of four digits (\`0404-02-29 00:00:01\`); flags 0/1; money two-decimal strings (quote item \`price\`/\`total\`
are numbers). Every documented field is always present (\`null\` when blank, \`[]\` when empty).

**Paths.** Singular and plural spellings are aliases: each endpoint is listed under the specification's spelling, and
its description (and \`x-aliases\`) names the other paths that answer the same way. An alias that is itself a path of
this document is listed there too, as a copy marked \`x-alias-of\` (its operationId that of the endpoint plus \`At…\`),
so every path lists each method it answers; any other method is 405 with \`Allow\`. \`{id}\` segments of digits
are looked up as ids first, then by the resource's other key (SKU, code, number, …).

**Collections.** \`limit\` 1–250 (default 250), \`page\` ≥ 1, \`cursor\` (ids above it), \`sort\` (per-resource list),
\`order\` ASC/DESC. **Embedding.** \`embed=a,b.c\` adds relations as \`{"data": …}\`; the operations that embed
list the names they accept, the others take no \`embed\`.

**Caching.** Every success carries \`ETag\`, \`Last-Modified\`, \`Cache-Control: private, max-age=60\`; GET honours
\`If-None-Match\` / \`If-Modified-Since\` (304); PATCH/DELETE honour \`If-Match\` (412). \`HEAD\` works on every GET path
and \`OPTIONS\` on every path (\`Allow\` and \`data.methods\`); neither is listed below.

**The buyer's side.** A quote's \`cart_link\` opens \`GET /cart/{cart_link_id}\`, an HTML page served without a token
(the link is the capability), with \`/cart/{cart_link_id}/pdf\` and the "Accept quote" form
\`POST /cart/{cart_link_id}/accept\`. They are pages, not API operations, so they are not listed below; accepting sets
the quote's \`accepted_at\` and its \`status\` then reads \`accepted\`. \`GET /quote/{id}/pdf\` gives integrators the same PDF.`;
