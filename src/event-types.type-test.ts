import type { EntityManager } from 'typeorm';
import type { CrudSpec } from './common/crud/crud-resource.js';
import type { CategoryView } from './modules/catalog/catalog.views.js';
import type { QuoteJson } from './modules/quotes/quotes.presenter.js';
import type { ChangeEvent, EventRecorder, EventTypeOf } from './modules/webhooks/event-recorder.service.js';

/*
 * Type-level tests of the event catalog's types, never run: the build (tsconfig.build.json takes
 * every file of src/ but the unit specs) compiles this file, so each `@ts-expect-error` below must
 * be a compile error, or the build fails with "Unused '@ts-expect-error' directive".
 */
export async function _eventTypeChecks(recorder: EventRecorder, m: EntityManager, quote: QuoteJson, category: CategoryView) {
  // A type of the catalog with its resource and its data: compiles.
  await recorder.record(m, { type: 'quote.updated', resource: 'quote', resource_id: 1, data: quote });
  await recorder.record(m, [{ type: 'product.category.created', resource: 'product.category', resource_id: 1, data: category }]);

  // @ts-expect-error: no such event type in the catalog
  await recorder.record(m, { type: 'quote.changed', resource: 'quote', resource_id: 1, data: quote });
  // @ts-expect-error: a type the catalog has, with another resource's data
  await recorder.record(m, { type: 'quote.updated', resource: 'quote', resource_id: 1, data: category });
  // @ts-expect-error: the resource must be the catalog's for that type
  await recorder.record(m, { type: 'quote.updated', resource: 'order', resource_id: 1, data: quote });
  // @ts-expect-error: a plain string is not an event type
  await recorder.record(m, { type: 'quote.updated' as string, resource: 'quote', resource_id: 1, data: quote });
  // @ts-expect-error: data is required
  await recorder.record(m, { type: 'quote.updated', resource: 'quote', resource_id: 1 });

  const sent: EventTypeOf<'quote'> = 'quote.sent';
  // @ts-expect-error: an order's event is not one of the quote's
  const cancelled: EventTypeOf<'quote'> = 'order.cancelled';
  const event: ChangeEvent<'quote.sent'> = { type: sent, resource: 'quote', resource_id: 1, data: quote };
  void [cancelled, event];

  // The shared CRUD: the resource must have created/updated/deleted, and its data is the catalog's.
  const categories: CrudSpec<{ id: number }, CategoryView>['events'] = recorder.for('category');
  // @ts-expect-error: quote.created/updated/deleted exist, but a quote is not a CategoryView
  const wrongData: CrudSpec<{ id: number }, CategoryView>['events'] = recorder.for('quote');
  // @ts-expect-error: order has no order.deleted, so no shared CRUD recorder
  recorder.for('order');
  // @ts-expect-error: not a resource of the catalog
  recorder.for('quotes');
  void [categories, wrongData];
}
