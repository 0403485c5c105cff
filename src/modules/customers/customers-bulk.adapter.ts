import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BulkAdapter, type BulkResourceAdapter, exportedMembers, upsertedIds } from '../../common/bulk/bulk-resource.adapter.js';
import { threadFile } from '../../common/threads/thread-pool.js';
import { CUSTOMER_BATCH_KEY, CustomerCreate } from './dto/customer.input.js';
import { CustomerAddress } from './customer-address.entity.js';
import { Customer } from './customer.entity.js';
import { CustomersService } from './customers.service.js';

/** Customers in bulk imports and exports, matched by `email` as their batch PUT matches them. */
@Injectable()
@BulkAdapter()
export class CustomersBulkAdapter implements BulkResourceAdapter<CustomerCreate> {
  readonly resource = 'customers';
  readonly member = CustomerCreate;
  readonly memberFile = threadFile(import.meta.url, 'dto/customer.input.js');
  readonly key = CUSTOMER_BATCH_KEY;
  readonly tables = [CustomerAddress, Customer];

  constructor(private readonly service: CustomersService) {}

  async upsert(members: CustomerCreate[]) {
    return upsertedIds(await this.service.upsertMany(members));
  }

  async exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null) {
    return exportedMembers(CustomerCreate, await this.service.exportPage(m, afterId, limit, updatedMin));
  }
}
