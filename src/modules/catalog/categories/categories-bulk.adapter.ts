import { serviceBulkAdapter } from '../../../common/bulk/bulk-resource.adapter.js';
import { threadFile } from '../../../common/threads/thread-pool.js';
import { CATEGORY_BATCH_KEY, CategoryBatchMember } from './dto/category.input.js';
import { Category } from './category.entity.js';
import { CategoriesService } from './categories.service.js';

/** Categories in bulk imports and exports. */
export const CategoriesBulkAdapter = serviceBulkAdapter('CategoriesBulkAdapter', CategoriesService, {
  resource: 'categories',
  member: CategoryBatchMember,
  memberFile: threadFile(import.meta.url, 'dto/category.input.js'),
  key: CATEGORY_BATCH_KEY,
  tables: [Category],
});
