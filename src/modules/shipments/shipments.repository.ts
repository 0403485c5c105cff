import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { Table } from '../../database/table.js';
import { Shipment } from './shipment.entity.js';
import { TrackingCode } from './tracking-code.entity.js';

/** Every statement of the shipments module: shipments and their tracking codes. */
@Injectable()
export class ShipmentsRepository {
  /** `{id|number}`; numbers compare as stored (case-sensitive, on the plain unique index). */
  readonly shipments: Table<Shipment>;
  /** Within a shipment, `{id|code}`; codes compare as stored (the unique (shipment_id, code) index). */
  readonly trackingCodes: Table<TrackingCode>;

  constructor(dataSource: DataSource) {
    this.shipments = new Table(dataSource, Shipment, { alt: 'number', label: 'Shipment' });
    this.trackingCodes = new Table(dataSource, TrackingCode, { alt: 'code', label: 'Tracking code' });
  }

  /** The tracking codes of a page of shipments, in one statement. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  trackingCodesOf(m: EntityManager, shipmentIds: number[]): Promise<TrackingCode[]> {
    return this.trackingCodes.whereIn(m, 'shipment_id', shipmentIds);
  }

  /** The statuses of the shipments that name these orders (order id → statuses), in one statement. */
  @GenerateSql({ args: [SqlArg.manager, [1001, 1002]] })
  async statusesOfOrders(m: EntityManager, orderIds: number[]): Promise<Map<number, string[]>> {
    const byOrder = new Map<number, string[]>(orderIds.map((id) => [id, []]));
    if (orderIds.length === 0) return byOrder;
    const rows = await m
      .createQueryBuilder(Shipment, 's')
      .select(['s.order_id', 's.status'])
      .where('s.order_id IN (:...ids)', { ids: [...new Set(orderIds)] })
      .orderBy('s.id', 'ASC')
      .getMany();
    for (const r of rows) byOrder.get(r.order_id!)?.push(r.status);
    return byOrder;
  }
}
