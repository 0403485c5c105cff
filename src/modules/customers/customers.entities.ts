import { BillingPlan } from './billing-plans/billing-plan.entity.js';
import { Coupon } from './coupons/coupon.entity.js';
import { CustomerAddress } from './customer-address.entity.js';
import { CustomerGroup } from './customer-group.entity.js';
import { Customer } from './customer.entity.js';

/** Entities of the customers module: customers, addresses, groups, coupons, billing plans. */
export const CUSTOMERS_ENTITIES: Function[] = [CustomerGroup, Customer, CustomerAddress, Coupon, BillingPlan];
