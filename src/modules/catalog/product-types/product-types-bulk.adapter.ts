import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BulkAdapter, type BulkResourceAdapter, exportedMembers, upsertedIds } from '../../../common/bulk/bulk-resource.adapter.js';
import { threadFile } from '../../../common/threads/thread-pool.js';
import { PRODUCT_TYPE_BATCH_KEY, ProductTypeCreate } from './dto/product-type.input.js';
import { ProductType } from './product-type.entity.js';
import { ProductTypesService } from './product-types.service.js';

/** Product types in bulk imports and exports. */
@Injectable()
@BulkAdapter()
export class ProductTypesBulkAdapter implements BulkResourceAdapter<ProductTypeCreate> {
  readonly resource = 'producttypes';
  readonly member = ProductTypeCreate;
  readonly memberFile = threadFile(import.meta.url, 'dto/product-type.input.js');
  readonly key = PRODUCT_TYPE_BATCH_KEY;
  readonly tables = [ProductType];

  constructor(private readonly service: ProductTypesService) {}

  async upsert(members: ProductTypeCreate[]) {
    return upsertedIds(await this.service.upsertMany(members));
  }

  async exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null) {
    return exportedMembers(ProductTypeCreate, await this.service.exportPage(m, afterId, limit, updatedMin));
  }
}
