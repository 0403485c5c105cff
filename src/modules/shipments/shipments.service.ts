import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { ChildResourceService } from '../../common/crud/child-resource.js';
import { CrudResource } from '../../common/crud/crud-resource.js';
import { type EmbedSelection, groupBy } from '../../common/embed/embed.js';
import { sortableColumns } from '../../common/paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';
import { Shipment } from './shipment.entity.js';
import { presentShipment, presentTrackingCode } from './shipments.presenter.js';
import { TrackingCode } from './tracking-code.entity.js';

/** Shipments, `{id|number}` (CONTRACT §2). Deleting one deletes its tracking codes (ON DELETE CASCADE). */
@Injectable()
export class ShipmentsService extends CrudResource<Shipment, ReturnType<typeof presentShipment>> {
  constructor(dataSource: DataSource, tx: TransactionRunner) {
    super(dataSource, tx, {
      entity: Shipment,
      lookup: { alt: 'number', label: 'Shipment' },
      sort: sortableColumns('id', 'number', 'status', 'created_at', 'updated_at'),
      embeds: { trackingcodes: {} },
      present: presentShipments,
    });
  }
}

/**
 * A shipment's tracking codes, addressed by id or by code within the shipment. Writes lock the
 * shipment row, so a concurrent delete cannot leave a new code without its parent.
 */
@Injectable()
export class TrackingCodesService extends ChildResourceService<TrackingCode, Shipment> {
  constructor(dataSource: DataSource, tx: TransactionRunner, shipments: ShipmentsService) {
    super(dataSource, tx, {
      entity: TrackingCode,
      owner: 'shipment_id',
      findOwner: (m, key, lock) => shipments.find(m, key, lock),
      label: 'Tracking code',
      alt: { column: 'code' },
      sort: sortableColumns('id', 'code', 'created_at'),
      present: presentTrackingCode,
    });
  }
}

/** One query for the tracking codes of the whole page, whatever its size. */
async function presentShipments(m: EntityManager, shipments: Shipment[], embed: EmbedSelection) {
  const codes =
    embed.trackingcodes && shipments.length > 0
      ? groupBy(
          await m.getRepository(TrackingCode).find({ where: { shipment_id: In(shipments.map((s) => s.id)) }, order: { id: 'ASC' } }),
          (c) => c.shipment_id,
        )
      : null;
  return shipments.map((s) => presentShipment(s, embed.trackingcodes ? { trackingcodes: codes?.get(s.id) ?? [] } : {}));
}
