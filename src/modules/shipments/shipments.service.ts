import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CrudResource } from '../../common/crud/crud-resource.js';
import { type EmbedSelection, groupBy } from '../../common/embed/embed.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { Shipment } from './shipment.entity.js';
import { presentShipment } from './shipments.presenter.js';
import { ShipmentsRepository } from './shipments.repository.js';
import { EventRecorder } from '../webhooks/event-recorder.service.js';
import { ApiError } from '../../common/http/api-error.js';
import { OrdersService } from '../orders/orders.service.js';
import { SHIPMENT_LIST } from './shipments.lists.js';

/**
 * Shipments, `{id|number}` (docs/api.md#paths-and-identifiers). Deleting one deletes its tracking codes (ON DELETE CASCADE).
 * A shipment may name its order (`order_id`), whose fulfillment_status then follows its shipments.
 */
@Injectable()
export class ShipmentsService extends CrudResource<Shipment, ReturnType<typeof presentShipment>> {
  constructor(tx: TransactionRunner, repository: ShipmentsRepository, recorder: EventRecorder, orders: OrdersService) {
    super(tx, {
      // A shipment may name its order, which must exist.
      check: async (m, values) => {
        if (typeof values.order_id === 'number' && !(await orders.exists(m, values.order_id))) {
          throw ApiError.field('order_id', 'does not exist');
        }
        return values;
      },
      // The fulfillment of the orders a write touched (the one named before and the one named after) follows their shipments.
      afterWrite: async (m, before, after) => {
        const ids = [...new Set([before?.order_id, after?.order_id].filter((id): id is number => typeof id === 'number'))];
        if (ids.length) await orders.setFulfillment(m, await repository.statusesOfOrders(m, ids));
      },
      events: recorder.for('shipment'),
      table: repository.shipments,
      list: SHIPMENT_LIST,
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
