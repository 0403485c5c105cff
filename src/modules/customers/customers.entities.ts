import { CustomerGroup } from './customer-group.entity.js';

/** Entities of the customers module: customers, addresses, groups, coupons, billing plans. */
export const CUSTOMERS_ENTITIES: Function[] = [CustomerGroup];
