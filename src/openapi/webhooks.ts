import { EVENT_CATALOG, type EventCatalogEntry } from '../modules/webhooks/domain/event-catalog.js';
import { type JsonSchema, schemaRef } from './dto-schema.js';

/**
 * The document's top-level `webhooks` (OpenAPI 3.1): one POST per event type of EVENT_CATALOG, its
 * body the event envelope whose `data` is the resource's own response component (the one GET
 * answers with), its headers those every delivery carries, and what the receiver must answer.
 */

/** The headers of every delivery, as request parameters of the webhook operations. */
export const DELIVERY_PARAMETERS: Record<string, JsonSchema> = {
  StoreEventId: {
    name: 'Store-Event-Id',
    in: 'header',
    required: true,
    description: "The event's `id`; the same in every delivery of the event (delivery is at least once: drop the ids already applied).",
    schema: { type: 'string', pattern: '^evt_[0-9]+$', example: 'evt_42' },
  },
  StoreEventType: {
    name: 'Store-Event-Type',
    in: 'header',
    required: true,
    description: "The event's `type`.",
    schema: { type: 'string', example: 'quote.updated' },
  },
  StoreSignature: {
    name: 'Store-Signature',
    in: 'header',
    required: true,
    description:
      '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the endpoint\'s whole `secret` (`whsec_…`) ' +
      "as Stripe signs (Stripe's `constructEvent` verifies it). For 24 h after rotate-secret a second `v1` follows, " +
      'signed with the previous secret. Verify it on the raw body and refuse signatures older than 5 minutes.',
    schema: {
      type: 'string',
      pattern: '^t=[0-9]+(,v1=[0-9a-f]{64}){1,2}$',
      example: 't=1738332300,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
    },
  },
  StoreDeliveryId: {
    name: 'Store-Delivery-Id',
    in: 'header',
    required: true,
    description: 'This delivery (as `GET /webhook/{id}/deliveries` lists it); a retry of it keeps the id, a redelivery has a new one.',
    schema: { type: 'string', pattern: '^[0-9]+$', example: '1337' },
  },
  WebhookId: {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: "Standard Webhooks: the event's `id` (as `Store-Event-Id`), the same on every retry and redelivery.",
    schema: { type: 'string', pattern: '^evt_[0-9]+$', example: 'evt_42' },
  },
  WebhookTimestamp: {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Standard Webhooks: when this attempt was signed, in unix seconds (the `t` of `Store-Signature`).',
    schema: { type: 'string', pattern: '^[0-9]+$', example: '1738332300' },
  },
  WebhookSignature: {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed with the base64 ' +
      'decoding of the part of the `secret` after `whsec_`, so `new Webhook(secret).verify(body, headers)` of the ' +
      '`standardwebhooks` libraries verifies it as it is. For 24 h after rotate-secret a second entry follows, ' +
      'space-separated, signed with the previous secret.',
    schema: {
      type: 'string',
      pattern: '^v1,[A-Za-z0-9+/]{43}=( v1,[A-Za-z0-9+/]{43}=)?$',
      example: 'v1,0KYtXjhENBfNdKQMZety2FjW6FoKikScZAsE5hCr1EY=',
    },
  },
};

/** The name of the envelope component of events whose `data` is `schema`: `QuoteView` → `QuoteEvent`. */
const eventEnvelopeName = (schema: string) => `${schema.replace(/View$/, '')}Event`;

const camel = (type: string) => type.replace(/[._]([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/**
 * The `webhooks` section and the envelope components it refers to. `eventView` is the schema of
 * GET /events' items, whose common fields the envelopes share.
 */
export function webhookSection(schemas: Record<string, JsonSchema>): {
  webhooks: Record<string, JsonSchema>;
  envelopes: Record<string, JsonSchema>;
} {
  const eventView = (schemas.EventView?.properties ?? {}) as Record<string, JsonSchema>;
  const bySchema = new Map<string, { types: string[]; resources: Set<string> }>();
  for (const e of EVENT_CATALOG) {
    // A document of some controllers only (the unit specs build one) lacks the other resources'
    // schemas; test/openapi.e2e-spec.ts checks that the api's own document lists every type.
    if (!schemas[e.schema]) continue;
    const group = bySchema.get(e.schema) ?? { types: [], resources: new Set<string>() };
    group.types.push(e.type);
    for (const r of (e as EventCatalogEntry).resources ?? [e.resource]) group.resources.add(r);
    bySchema.set(e.schema, group);
  }
  const envelopes: Record<string, JsonSchema> = {};
  for (const [schema, { types, resources }] of bySchema) {
    const resourceNames = [...resources];
    envelopes[eventEnvelopeName(schema)] = {
      type: 'object',
      description: `The body of a delivery of ${types.map((t) => `\`${t}\``).join(', ')}: the event, \`data\` being the resource as GET shows it.`,
      required: ['id', 'type', 'created_at', 'resource', 'resource_id', 'sequence', 'data'],
      additionalProperties: false,
      properties: {
        id: { ...eventView.id, pattern: '^evt_[0-9]+$' },
        type: { type: 'string', enum: types, example: types[0] },
        created_at: eventView.created_at,
        resource:
          resourceNames.length === 1
            ? { type: 'string', const: resourceNames[0], example: resourceNames[0] }
            : { type: 'string', enum: resourceNames, example: resourceNames[0] },
        resource_id: { ...eventView.resource_id, description: 'The id of the resource (its own id for a nested one).' },
        sequence: {
          ...eventView.sequence,
          description: 'Counts the events of this resource (`resource`, `resource_id`) from 1: a late lower number can be dropped.',
        },
        data: {
          $ref: schemaRef(schema),
          description: 'The resource as GET shows it after the change (as it was, for a delete).',
        },
      },
    };
  }
  // GET /events' `data`: one of the resources' own schemas, not an open object.
  if (schemas.EventView?.properties) {
    (schemas.EventView.properties as Record<string, JsonSchema>).data = {
      description: 'The resource as GET shows it after the change (as it was, for a delete): the schema its type names in `webhooks`.',
      anyOf: [...bySchema.keys()].map((schema) => ({ $ref: schemaRef(schema) })),
    };
  }
  const webhooks: Record<string, JsonSchema> = {};
  for (const e of EVENT_CATALOG) {
    const envelope = eventEnvelopeName(e.schema);
    webhooks[e.type] = {
      post: {
        operationId: `${camel(e.type)}Event`,
        summary: e.description,
        description:
          `\`${e.type}\`: ${e.description} POSTed to every active endpoint whose \`events\` match it ` +
          `(\`${e.type}\`, a prefix such as \`${e.type.split('.')[0]}.*\`, or \`*\`); \`data\` is \`${e.schema}\`. ` +
          "Signed with the endpoint's secret (`Store-Signature`, and the Standard Webhooks `webhook-signature`); delivered at least once.",
        tags: ['Webhooks'],
        security: [],
        parameters: Object.keys(DELIVERY_PARAMETERS).map((name) => ({ $ref: `#/components/parameters/${name}` })),
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: schemaRef(envelope) } } },
        },
        responses: {
          '2XX': { description: 'Received: any 2xx answer within 10 s (`WEBHOOK_TIMEOUT_MS`) is a success; the body is ignored.' },
          '4XX': {
            description:
              'Not a success: retried after 30 s · 2^(n−1) (at most 6 h, ±20 % jitter), 14 attempts in all. ' +
              '`410 Gone` switches the endpoint off at once instead.',
          },
          default: {
            description:
              'Any other answer, a redirect (never followed), a timeout or a connection error is a failed attempt, retried as a 4xx is; ' +
              'an endpoint failing for 24 h straight is switched off.',
          },
        },
      },
    };
  }
  return { webhooks, envelopes };
}
