import { Field } from '../../openapi/fields.js';
import { SHIPMENT_STATUSES } from './domain/shipment-fields.js';

/** The JSON of a tracking code (presentTrackingCode). */
export class TrackingCodeView {
  @Field.id() id: number;
  @Field.id() shipment_id: number;
  @Field.text({ example: '1Z999AA10123456784' }) code: string;
  @Field.text({ nullable: true, example: 'UPS' }) carrier: string | null;
  @Field.text({ nullable: true, example: 'https://carrier.example/track/1Z999AA10123456784' }) url: string | null;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

/** The JSON of a shipment (presentShipment). */
export class ShipmentView {
  @Field.id() id: number;
  @Field.text({ example: 'SH-1001' }) number: string;
  @Field.text({ nullable: true, example: 'O1001' }) order_reference: string | null;
  @Field.integer({
    nullable: true,
    example: null,
    description: 'The order this shipment fulfills (`GET /order/{id}`); the order’s `fulfillment_status` follows its shipments.',
  })
  order_id: number | null;
  @Field.enum(SHIPMENT_STATUSES) status: string;
  @Field.text({ nullable: true, example: 'Ground' }) shipping_method: string | null;
  @Field.text({ nullable: true, example: 'Leave at the front desk.' }) notes: string | null;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
  @Field.embed(() => TrackingCodeView, { many: true }) trackingcodes?: { data: TrackingCodeView[] };
}

declare module '../webhooks/event-data.types.js' {
  /** The `data` of this module's events, by the event catalog's schema name (src/modules/webhooks/event-data.types.ts). */
  interface EventDataBySchema {
    ShipmentView: ShipmentView;
    TrackingCodeView: TrackingCodeView;
  }
}
