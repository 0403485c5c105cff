import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BulkAdapter, type BulkResourceAdapter, exportedMembers, upsertedIds } from '../../../common/bulk/bulk-resource.adapter.js';
import { threadFile } from '../../../common/threads/thread-pool.js';
import { CATEGORY_BATCH_KEY, CategoryBatchMember } from './dto/category.input.js';
import { Category } from './category.entity.js';
import { CategoriesService } from './categories.service.js';

/** Categories in bulk imports and exports. */
@Injectable()
@BulkAdapter()
export class CategoriesBulkAdapter implements BulkResourceAdapter<CategoryBatchMember> {
  readonly resource = 'categories';
  readonly member = CategoryBatchMember;
  readonly memberFile = threadFile(import.meta.url, 'dto/category.input.js');
  readonly key = CATEGORY_BATCH_KEY;
  readonly tables = [Category];

  constructor(private readonly service: CategoriesService) {}

  async upsert(members: CategoryBatchMember[]) {
    return upsertedIds(await this.service.upsertMany(members));
  }

  async exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null) {
    return exportedMembers(CategoryBatchMember, await this.service.exportPage(m, afterId, limit, updatedMin));
  }
}
