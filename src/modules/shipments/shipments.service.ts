import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CrudResource } from '../../common/crud/crud-resource.js';
import { type EmbedSelection, groupBy } from '../../common/embed/embed.js';
import { sortableColumns } from '../../common/paging/page-request.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { Shipment } from './shipment.entity.js';
import { presentShipment } from './shipments.presenter.js';
import { ShipmentsRepository } from './shipments.repository.js';
import { EventRecorder } from '../webhooks/event-recorder.js';

/** Shipments, `{id|number}` (CONTRACT §2). Deleting one deletes its tracking codes (ON DELETE CASCADE). */
@Injectable()
export class ShipmentsService extends CrudResource<Shipment, ReturnType<typeof presentShipment>> {
  constructor(tx: TransactionRunner, repository: ShipmentsRepository, recorder: EventRecorder) {
    super(tx, {
      events: recorder.for('shipment'),
      table: repository.shipments,
      sort: sortableColumns('id', 'number', 'status', 'created_at', 'updated_at'),
      embeds: { trackingcodes: {} },
      // One statement for the tracking codes of the whole page, whatever its size.
      present: async (m: EntityManager, shipments: Shipment[], embed: EmbedSelection) => {
        const codes = embed.trackingcodes
          ? groupBy(
              await repository.trackingCodesOf(
                m,
                shipments.map((s) => s.id),
              ),
              (c) => c.shipment_id,
            )
          : null;
        return shipments.map((s) => presentShipment(s, codes ? { trackingcodes: codes.get(s.id) ?? [] } : {}));
      },
    });
  }
}
