import { TaxClass } from './tax-class.entity.js';
import { TaxRate } from './tax-rate.entity.js';

/** Entities of the tax module (registered in src/database/entities.ts). */
export const TAX_ENTITIES: Function[] = [TaxClass, TaxRate];
