import { serviceBulkAdapter } from '../../../common/bulk/bulk-resource.adapter.js';
import { threadFile } from '../../../common/threads/thread-pool.js';
import { PRODUCT_TYPE_BATCH_KEY, ProductTypeCreate } from './dto/product-type.input.js';
import { ProductType } from './product-type.entity.js';
import { ProductTypesService } from './product-types.service.js';

/** Product types in bulk imports and exports. */
export const ProductTypesBulkAdapter = serviceBulkAdapter('ProductTypesBulkAdapter', ProductTypesService, {
  resource: 'producttypes',
  member: ProductTypeCreate,
  memberFile: threadFile(import.meta.url, 'dto/product-type.input.js'),
  key: PRODUCT_TYPE_BATCH_KEY,
  tables: [ProductType],
});
