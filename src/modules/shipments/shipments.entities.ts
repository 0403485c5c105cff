/** Entities of the shipments module (registered in src/database/entities.ts). */
export const SHIPMENTS_ENTITIES: Function[] = [];
