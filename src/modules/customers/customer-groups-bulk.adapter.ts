import { serviceBulkAdapter } from '../../common/bulk/bulk-resource.adapter.js';
import { threadFile } from '../../common/threads/thread-pool.js';
import { CUSTOMER_GROUP_BATCH_KEY, CustomerGroupCreate } from './dto/customer-group.input.js';
import { CustomerGroup } from './customer-group.entity.js';
import { CustomerGroupsService } from './customer-groups.service.js';

/** Customer groups in bulk imports and exports. */
export const CustomerGroupsBulkAdapter = serviceBulkAdapter('CustomerGroupsBulkAdapter', CustomerGroupsService, {
  resource: 'customergroups',
  member: CustomerGroupCreate,
  memberFile: threadFile(import.meta.url, 'dto/customer-group.input.js'),
  key: CUSTOMER_GROUP_BATCH_KEY,
  tables: [CustomerGroup],
});
