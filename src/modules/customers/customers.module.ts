import { Module } from '@nestjs/common';
import { BillingPlansController } from './billing-plans/billing-plans.controller.js';
import { BillingPlansRepository } from './billing-plans/billing-plans.repository.js';
import { BillingPlansService } from './billing-plans/billing-plans.service.js';
import { CouponsController } from './coupons/coupons.controller.js';
import { CouponsRepository } from './coupons/coupons.repository.js';
import { CouponsService } from './coupons/coupons.service.js';
import { CustomerAddressesService } from './customer-addresses.service.js';
import { CustomerGroupsController } from './customer-groups.controller.js';
import { CustomerGroupsService } from './customer-groups.service.js';
import { CustomersController } from './customers.controller.js';
import { CustomerAddressesRepository } from './customer-addresses.repository.js';
import { CustomersRepository } from './customers.repository.js';
import { CustomersService } from './customers.service.js';
import { CouponsBulkAdapter } from './coupons/coupons-bulk.adapter.js';
import { CustomerGroupsBulkAdapter } from './customer-groups-bulk.adapter.js';
import { CustomersBulkAdapter } from './customers-bulk.adapter.js';
import { GeographyModule } from '../geography/geography.module.js';

/** Customers with their addresses and groups, coupons and billing plans: what quotes and subscriptions refer to. */
@Module({
  imports: [GeographyModule],
  controllers: [CustomersController, CustomerGroupsController, CouponsController, BillingPlansController],
  providers: [
    CustomersRepository,
    CustomerAddressesRepository,
    CouponsRepository,
    BillingPlansRepository,
    CustomersService,
    CustomerAddressesService,
    CustomerGroupsService,
    CouponsService,
    BillingPlansService,
    CustomersBulkAdapter,
    CustomerGroupsBulkAdapter,
    CouponsBulkAdapter,
  ],
  exports: [CustomersService, CustomersRepository, CustomerAddressesService, CustomerGroupsService, CouponsService, BillingPlansService],
})
export class CustomersModule {}
