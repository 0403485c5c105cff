import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { EventRecorder } from '../webhooks/event-recorder.service.js';
import type { ChangeEvent } from '../webhooks/event-data.types.js';
import type { Export, Import } from './bulk.entities.js';
import { presentExport, presentImport } from './bulk.presenter.js';
import { type BulkResource, isBulkResource } from './domain/bulk-resources.js';
import { EVENT_RESOURCE_OF } from './domain/bulk-event-names.js';

/**
 * The events of bulk jobs: `import.completed`, `import.failed`, `export.completed`, recorded in the
 * transaction that finishes the job. Their `resource` is `<member>.import` / `<member>.export`
 * (`customer.import`), so a webhook or a key sees them when it reads those members.
 */
@Injectable()
export class BulkEventRecorder {
  constructor(private readonly events: EventRecorder) {}

  async importFinished(m: EntityManager, job: Import): Promise<void> {
    if (job.status !== 'completed' && job.status !== 'failed') return;
    await this.events.record(m, {
      type: `import.${job.status}`,
      resource: this.named(job.resource, 'import'),
      resource_id: job.id,
      data: presentImport(job),
    } as ChangeEvent);
  }

  async exportCompleted(m: EntityManager, job: Export): Promise<void> {
    await this.events.record(m, {
      type: 'export.completed',
      resource: this.named(job.resource, 'export'),
      resource_id: job.id,
      data: presentExport(job),
    } as ChangeEvent);
  }

  // The catalog types these events' `resource` by its first name (`product.import`); the others of
  // its `resources` list are the same event about another member resource, hence the assertions above.
  private named(resource: string, what: 'import' | 'export'): string {
    return `${isBulkResource(resource) ? EVENT_RESOURCE_OF[resource as BulkResource] : resource}.${what}`;
  }
}
