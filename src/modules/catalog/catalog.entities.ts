/** Entities of the catalog module (registered in src/database/entities.ts). */
export const CATALOG_ENTITIES: Function[] = [];
