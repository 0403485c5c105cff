import { Shipment } from './shipment.entity.js';
import { TrackingCode } from './tracking-code.entity.js';

/** Entities of the shipments module (registered in src/database/entities.ts). */
export const SHIPMENTS_ENTITIES: Function[] = [Shipment, TrackingCode];
