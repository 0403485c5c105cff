import { serviceBulkAdapter } from '../../common/bulk/bulk-resource.adapter.js';
import { threadFile } from '../../common/threads/thread-pool.js';
import { CUSTOMER_BATCH_KEY, CustomerCreate } from './dto/customer.input.js';
import { CustomerAddress } from './customer-address.entity.js';
import { Customer } from './customer.entity.js';
import { CustomersService } from './customers.service.js';

/** Customers in bulk imports and exports, matched by `email` as their batch PUT matches them. */
export const CustomersBulkAdapter = serviceBulkAdapter('CustomersBulkAdapter', CustomersService, {
  resource: 'customers',
  member: CustomerCreate,
  memberFile: threadFile(import.meta.url, 'dto/customer.input.js'),
  key: CUSTOMER_BATCH_KEY,
  tables: [CustomerAddress, Customer],
});
