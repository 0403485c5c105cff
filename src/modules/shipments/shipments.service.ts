import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { changesOf, deleteById, insertReturning, updateReturning } from '../../common/crud/write.js';
import { type EmbedSelection, groupBy, parseEmbed } from '../../common/embed/embed.js';
import { assertIfMatch } from '../../common/http/etag.js';
import { findByKey } from '../../common/http/identifiers.js';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { paginate, sortableColumns, toPage } from '../../common/paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { ShipmentCreate, ShipmentPatch } from './dto/shipment.input.js';
import type { TrackingCodeCreate, TrackingCodePatch } from './dto/tracking-code.input.js';
import { Shipment } from './shipment.entity.js';
import { presentShipment, presentTrackingCode } from './shipments.presenter.js';
import { TrackingCode } from './tracking-code.entity.js';

const SHIPMENT_EMBEDS = { trackingcodes: {} };
const SHIPMENT_SORT = sortableColumns('id', 'number', 'status', 'created_at', 'updated_at');
const TRACKING_CODE_SORT = sortableColumns('id', 'code', 'created_at');

const shipmentKey = (lock = false) => ({ alt: 'number', label: 'Shipment', lock });

@Injectable()
export class ShipmentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  async listShipments(query: ListQuery) {
    const embed = parseEmbed(query.embed, SHIPMENT_EMBEDS);
    const qb = this.dataSource.getRepository(Shipment).createQueryBuilder('r');
    return toPage(await paginate(qb, query, SHIPMENT_SORT), (rows) => this.presentShipments(this.dataSource.manager, rows, embed));
  }

  async getShipment(key: string, query: ItemQuery) {
    const embed = parseEmbed(query.embed, SHIPMENT_EMBEDS);
    const shipment = await this.findShipment(this.dataSource.manager, key);
    return (await this.presentShipments(this.dataSource.manager, [shipment], embed))[0];
  }

  createShipment(input: ShipmentCreate) {
    return this.tx.run(async (m) => presentShipment(await insertReturning(m, Shipment, changesOf(input))));
  }

  updateShipment(key: string, input: ShipmentPatch) {
    return this.tx.run(async (m) => {
      const current = await this.findShipment(m, key, true);
      assertIfMatch(presentShipment(current));
      return presentShipment(await updateReturning(m, Shipment, current, changesOf(input)));
    });
  }

  /** Tracking codes go with their shipment (ON DELETE CASCADE). */
  deleteShipment(key: string) {
    return this.tx.run(async (m) => {
      const current = await this.findShipment(m, key, true);
      assertIfMatch(presentShipment(current));
      await deleteById(m, Shipment, current.id);
      return presentShipment(current);
    });
  }

  async listTrackingCodes(shipmentKeyValue: string, query: ListQuery) {
    parseEmbed(query.embed, {});
    const shipment = await this.findShipment(this.dataSource.manager, shipmentKeyValue);
    const qb = this.dataSource.getRepository(TrackingCode).createQueryBuilder('r').where('r.shipment_id = :sid', { sid: shipment.id });
    return toPage(await paginate(qb, query, TRACKING_CODE_SORT), (rows) => rows.map(presentTrackingCode));
  }

  async getTrackingCode(shipmentKeyValue: string, codeKey: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    return presentTrackingCode(await this.findTrackingCode(this.dataSource.manager, shipmentKeyValue, codeKey, false));
  }

  /** The shipment row is locked so a concurrent delete cannot leave the new code without a parent. */
  createTrackingCode(shipmentKeyValue: string, input: TrackingCodeCreate) {
    return this.tx.run(async (m) => {
      const shipment = await this.findShipment(m, shipmentKeyValue, true);
      return presentTrackingCode(await insertReturning(m, TrackingCode, { ...changesOf(input), shipment_id: shipment.id }));
    });
  }

  updateTrackingCode(shipmentKeyValue: string, codeKey: string, input: TrackingCodePatch) {
    return this.tx.run(async (m) => {
      const current = await this.findTrackingCode(m, shipmentKeyValue, codeKey, true);
      assertIfMatch(presentTrackingCode(current));
      return presentTrackingCode(await updateReturning(m, TrackingCode, current, changesOf(input)));
    });
  }

  deleteTrackingCode(shipmentKeyValue: string, codeKey: string) {
    return this.tx.run(async (m) => {
      const current = await this.findTrackingCode(m, shipmentKeyValue, codeKey, true);
      assertIfMatch(presentTrackingCode(current));
      await deleteById(m, TrackingCode, current.id);
      return presentTrackingCode(current);
    });
  }

  /** `{id|number}`: a digit segment is the id first, then a number (CONTRACT §2). */
  findShipment(m: EntityManager, key: string, lock = false): Promise<Shipment> {
    return findByKey(m, Shipment, key, shipmentKey(lock));
  }

  /** A tracking code is addressed by id or by its code, always within the shipment of the path. */
  private async findTrackingCode(m: EntityManager, shipmentKeyValue: string, codeKey: string, lock: boolean): Promise<TrackingCode> {
    const shipment = await this.findShipment(m, shipmentKeyValue);
    return findByKey(m, TrackingCode, codeKey, { alt: 'code', label: 'Tracking code', lock, where: { shipment_id: shipment.id } });
  }

  /** One query for the tracking codes of the whole page, whatever its size. */
  private async presentShipments(m: EntityManager, shipments: Shipment[], embed: EmbedSelection) {
    const codes =
      embed.trackingcodes && shipments.length > 0
        ? groupBy(
            await m.getRepository(TrackingCode).find({ where: { shipment_id: In(shipments.map((s) => s.id)) }, order: { id: 'ASC' } }),
            (c) => c.shipment_id,
          )
        : null;
    return shipments.map((s) => presentShipment(s, embed.trackingcodes ? { trackingcodes: codes?.get(s.id) ?? [] } : {}));
  }
}
