import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BulkAdapter, type BulkResourceAdapter, exportedMembers, upsertedIds } from '../../common/bulk/bulk-resource.adapter.js';
import { threadFile } from '../../common/threads/thread-pool.js';
import { CUSTOMER_GROUP_BATCH_KEY, CustomerGroupCreate } from './dto/customer-group.input.js';
import { CustomerGroup } from './customer-group.entity.js';
import { CustomerGroupsService } from './customer-groups.service.js';

/** Customer groups in bulk imports and exports. */
@Injectable()
@BulkAdapter()
export class CustomerGroupsBulkAdapter implements BulkResourceAdapter<CustomerGroupCreate> {
  readonly resource = 'customergroups';
  readonly member = CustomerGroupCreate;
  readonly memberFile = threadFile(import.meta.url, 'dto/customer-group.input.js');
  readonly key = CUSTOMER_GROUP_BATCH_KEY;
  readonly tables = [CustomerGroup];

  constructor(private readonly service: CustomerGroupsService) {}

  async upsert(members: CustomerGroupCreate[]) {
    return upsertedIds(await this.service.upsertMany(members));
  }

  async exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null) {
    return exportedMembers(CustomerGroupCreate, await this.service.exportPage(m, afterId, limit, updatedMin));
  }
}
