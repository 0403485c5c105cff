import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BulkAdapter, type BulkResourceAdapter, exportedMembers, upsertedIds } from '../../common/bulk/bulk-resource.adapter.js';
import { threadFile } from '../../common/threads/thread-pool.js';
import { AddressCreate } from './dto/address.input.js';
import { CUSTOMER_BATCH_KEY, CustomerPut } from './dto/customer.input.js';
import { CustomerAddress } from './customer-address.entity.js';
import { Customer } from './customer.entity.js';
import { CustomersService } from './customers.service.js';

/**
 * Customers in bulk imports and exports, matched by `email` as their batch PUT matches them: a line
 * carries the customer's `addresses` (each as POST /customer/{id}/addresses takes it, in id order),
 * and its import replaces them as the customer's PUT does.
 */
@Injectable()
@BulkAdapter()
export class CustomersBulkAdapter implements BulkResourceAdapter<CustomerPut> {
  readonly resource = 'customers';
  readonly member = CustomerPut;
  readonly memberFile = threadFile(import.meta.url, 'dto/customer.input.js');
  readonly key = CUSTOMER_BATCH_KEY;
  readonly tables = [CustomerAddress, Customer];

  constructor(private readonly service: CustomersService) {}

  async upsert(members: CustomerPut[]) {
    return upsertedIds(await this.service.upsertMany(members));
  }

  async exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null) {
    const views = await this.service.exportPage(m, afterId, limit, updatedMin);
    const withAddresses = views.map(({ addresses, ...customer }) => ({
      ...customer,
      addresses: exportedMembers(AddressCreate, addresses).map((a) => a.member),
    }));
    return exportedMembers(CustomerPut, withAddresses);
  }
}
