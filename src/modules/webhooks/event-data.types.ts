import type { EventEntry, EventSchema, EventType } from './domain/event-catalog.js';
import type { WebhookView } from './webhooks.views.js';

/**
 * The type of `data` for each schema of the catalog: the resource as its presenter builds it for
 * GET. Each module adds its own schemas where their types live (`declare module
 * '…/webhooks/event-data.js' { interface EventDataBySchema { … } }` beside its views or presenter),
 * so the webhooks module imports no other module. A schema of the catalog that no module adds, or
 * one added that the catalog lacks, fails to compile (`_SchemasMatch` below and the lookup in EventData).
 * @public (exported for those module augmentations, which no import shows)
 */
export interface EventDataBySchema {
  WebhookView: WebhookView;
}

/** Fails to compile when the map and the catalog's schemas differ (either way). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type AssertTrue<T extends true> = T;
type _SchemasMatch = AssertTrue<Same<keyof EventDataBySchema, EventSchema>>;

/** The `data` of an event type. */
export type EventData<T extends EventType> = EventDataBySchema[EventEntry<T>['schema']];

/**
 * An event as a write path records it: one of the catalog's types with its resource and the shape
 * of its data (a union over the catalog, so a wrong name or a wrong `data` fails to compile).
 */
export type ChangeEvent<T extends EventType = EventType> = {
  [K in T]: { type: K; resource: EventEntry<K>['resource']; resource_id: number; data: EventData<K> };
}[T];

/** The resources that have `.created`, `.updated` and `.deleted` (the shared CRUD write paths). */
export type CrudEventResource = {
  [T in EventType]: T extends `${infer R}.created`
    ? `${R}.updated` extends EventType
      ? `${R}.deleted` extends EventType
        ? R
        : never
      : never
    : never;
}[EventType];

/** The event types of one resource (`EventTypeOf<'order'>`: `order.created`, `order.updated`, `order.cancelled`). */
export type EventTypeOf<R extends EventEntry<EventType>['resource']> = Extract<ChangeEvent, { resource: R }>['type'];
