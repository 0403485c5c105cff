import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BulkAdapter, type BulkResourceAdapter, type ConflictWording } from '../../../common/bulk/bulk-resource.adapter.js';
import { threadFile } from '../../../common/threads/thread-pool.js';
import { PRODUCT_BATCH_KEY, ProductBatchMember } from './dto/product-put.input.js';
import { ProductAttribute } from '../parts/product-attribute.entity.js';
import { ProductCategory } from '../parts/product-category.entity.js';
import { ProductCustomFieldValue } from '../parts/product-custom-field-value.entity.js';
import { ProductExtra } from '../parts/product-extra.entity.js';
import { ProductOption } from '../parts/product-option.entity.js';
import { ProductPriceTier } from '../parts/product-price-tier.entity.js';
import { ProductVariant } from '../parts/product-variant.entity.js';
import { ProductWriteService } from './product-write.service.js';
import { ProductsService } from './products.service.js';
import { Product } from './product.entity.js';
import { VariantPriceTier } from '../parts/variant-price-tier.entity.js';

/** Products with their parts in bulk imports and exports, matched by `sku` as their batch PUT matches them. */
@Injectable()
@BulkAdapter()
export class ProductsBulkAdapter implements BulkResourceAdapter<ProductBatchMember> {
  readonly resource = 'products';
  readonly member = ProductBatchMember;
  readonly memberFile = threadFile(import.meta.url, 'dto/product-put.input.js');
  readonly key = PRODUCT_BATCH_KEY;
  readonly tables = [
    Product,
    ProductOption,
    ProductVariant,
    ProductPriceTier,
    VariantPriceTier,
    ProductCategory,
    ProductAttribute,
    ProductExtra,
    ProductCustomFieldValue,
  ];

  constructor(
    private readonly writes: ProductWriteService,
    private readonly reads: ProductsService,
  ) {}

  async upsert(members: ProductBatchMember[], conflict: ConflictWording) {
    return (await this.writes.upsertBatch(members, conflict)).map(({ outcome, id }) => ({ outcome, id }));
  }

  // A product's member is not its view (parts nested by key): the products read side has a read for it.
  exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null) {
    return this.reads.exportPage(m, afterId, limit, updatedMin);
  }
}
