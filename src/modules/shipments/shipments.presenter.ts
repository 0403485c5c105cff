import { embedded } from '../../common/embed/embed.js';
import { timestamp } from '../../common/format/format.js';
import type { Shipment } from './shipment.entity.js';
import type { TrackingCode } from './tracking-code.entity.js';
import type { ShipmentView, TrackingCodeView } from './shipments.views.js';

export function presentTrackingCode(c: TrackingCode): TrackingCodeView {
  return {
    id: c.id,
    shipment_id: c.shipment_id,
    code: c.code,
    carrier: c.carrier,
    url: c.url,
    created_at: timestamp(c.created_at),
    updated_at: timestamp(c.updated_at),
  };
}

export function presentShipment(s: Shipment, embeds: { trackingcodes?: TrackingCode[] } = {}): ShipmentView {
  return {
    id: s.id,
    number: s.number,
    order_reference: s.order_reference,
    order_id: s.order_id,
    status: s.status,
    shipping_method: s.shipping_method,
    notes: s.notes,
    created_at: timestamp(s.created_at),
    updated_at: timestamp(s.updated_at),
    ...(embeds.trackingcodes ? { trackingcodes: embedded(embeds.trackingcodes.map(presentTrackingCode)) } : {}),
  };
}
