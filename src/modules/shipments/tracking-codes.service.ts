import { Injectable } from '@nestjs/common';
import { ChildResourceService } from '../../common/crud/child-resource.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { Shipment } from './shipment.entity.js';
import { presentTrackingCode } from './shipments.presenter.js';
import { ShipmentsRepository } from './shipments.repository.js';
import { ShipmentsService } from './shipments.service.js';
import type { TrackingCode } from './tracking-code.entity.js';
import { EventRecorder } from '../webhooks/event-recorder.service.js';
import { TRACKING_CODE_LIST } from './shipments.lists.js';

/**
 * A shipment's tracking codes, addressed by id or by code within the shipment. Writes lock the
 * shipment row, so a concurrent delete cannot leave a new code without its parent.
 */
@Injectable()
export class TrackingCodesService extends ChildResourceService<TrackingCode, Shipment, ReturnType<typeof presentTrackingCode>> {
  constructor(tx: TransactionRunner, repository: ShipmentsRepository, shipments: ShipmentsService, recorder: EventRecorder) {
    super(tx, {
      events: recorder.for('shipment.trackingcode'),
      table: repository.trackingCodes,
      owner: 'shipment_id',
      findOwner: (m, key, lock) => shipments.find(m, key, lock),
      list: TRACKING_CODE_LIST,
      present: presentTrackingCode,
    });
  }
}
