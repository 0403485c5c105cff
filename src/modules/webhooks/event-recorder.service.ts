import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ResourceEvents } from '../../common/crud/resource-events.js';
import type { ChangeEvent, CrudEventResource, EventData } from './event-data.types.js';
import { EventsRepository } from './events.repository.js';

export type { ChangeEvent, EventTypeOf } from './event-data.types.js';

/**
 * Records events in the transaction of the change they describe (pass its manager): one statement
 * writes the event rows and a queued delivery for every active endpoint that subscribed, so a change
 * that rolls back leaves no event and a committed one cannot lose its deliveries.
 */
@Injectable()
export class EventRecorder {
  constructor(private readonly repository: EventsRepository) {}

  async record(m: EntityManager, events: ChangeEvent | ChangeEvent[]): Promise<void> {
    const list = Array.isArray(events) ? events : [events];
    if (list.length === 0) return;
    await this.repository.recordEvents(m, list);
  }

  /** The recorder of one resource's create/update/delete, for the shared write paths (CrudResource, ChildResourceService). */
  for<R extends CrudEventResource>(resource: R): ResourceEvents<EventData<`${R}.created` | `${R}.updated` | `${R}.deleted`>> {
    return {
      resource,
      // The type is one of R's three by construction (CrudEventResource); TypeScript cannot pair a
      // computed type with its data across a generic R, hence the one assertion.
      record: (m, action, id, data) => this.record(m, { type: `${resource}.${action}`, resource, resource_id: id, data } as ChangeEvent),
      recordMany: (m, events) =>
        this.record(
          m,
          events.map(({ action, id, data }) => ({ type: `${resource}.${action}`, resource, resource_id: id, data }) as ChangeEvent),
        ),
    };
  }
}
