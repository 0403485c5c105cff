import type { EntityManager } from 'typeorm';

/**
 * How a shared write path records the events of its resource (EventRecorder.for, in
 * src/modules/webhooks): `<resource>.created|updated|deleted` with the resource as GET shows it
 * after the change (as it was, for a delete), in the write's transaction. A nested resource is
 * named after its owner: `shipment.trackingcode`, `country.state`, `product.variant`. `D` is the
 * type of `data` the event catalog gives the resource (a write path presenting anything else
 * fails to compile).
 */
export interface ResourceEvents<D> {
  resource: string;
  record: (m: EntityManager, action: 'created' | 'updated' | 'deleted', id: number, data: D) => Promise<void>;
  /** The events of many writes (a batch), in one statement. */
  recordMany: (m: EntityManager, events: { action: 'created' | 'updated' | 'deleted'; id: number; data: D }[]) => Promise<void>;
}
