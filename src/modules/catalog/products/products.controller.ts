import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ArrayBodyRoute } from '../../../common/batch/array-body.js';
import { BatchBody } from '../../../common/batch/batch-body.pipe.js';
import { ScopeGroup } from '../../../common/auth/scopes.js';
import { ApiBatch, ApiItem, ApiPage, ApiPathParams } from '../../../openapi/decorators.js';
import { ProductView } from '../catalog.views.js';
import { ItemQuery, SyncListQuery } from '../../../common/paging/list-query.dto.js';
import { routes } from '../catalog.routes.js';
import { ProductCreate, ProductPatch } from './dto/product.input.js';
import { PRODUCT_BATCH_KEY, ProductBatchMember, ProductPut } from './dto/product-put.input.js';
import { ProductWriteService } from './product-write.service.js';
import { ProductsService } from './products.service.js';
import { PRODUCT_LIST } from '../catalog.lists.js';

/** Products by id or SKU. */
@ApiPathParams({ key: 'Product id or SKU.' })
@Controller()
@ScopeGroup('catalog')
export class ProductsController {
  constructor(
    private readonly products: ProductsService,
    private readonly upsert: ProductWriteService,
  ) {}

  @Get(routes('products|product'))
  @ApiPage(ProductView, PRODUCT_LIST)
  list(@Query() query: SyncListQuery) {
    return this.products.list(query);
  }

  @Post(routes('product|products'))
  @ApiItem(ProductView)
  create(@Body() body: ProductCreate) {
    return this.upsert.create(body);
  }

  /**
   * The specification lists POST on /product/{id|sku} as "creates from the body": it is the same
   * create as POST /product, and the segment plays no part.
   */
  @Post(routes('product|products/:key'))
  @ApiItem(ProductView, { summary: 'Create a product (the path segment plays no part)' })
  createAtKey(@Body() body: ProductCreate) {
    return this.upsert.create(body);
  }

  @Get(routes('product|products/:key'))
  @ApiItem(ProductView, { embed: PRODUCT_LIST.embed })
  get(@Param('key') key: string, @Query() query: ItemQuery) {
    return this.products.get(key, query);
  }

  @Patch(routes('product|products/:key'))
  @ApiItem(ProductView)
  update(@Param('key') key: string, @Body() body: ProductPatch) {
    return this.upsert.update(key, body);
  }

  /**
   * Replaces the product (a field left out takes what a create gives it) and the parts the body
   * carries; creates it when the segment is a SKU no product has (201).
   */
  @Put(routes('product|products/:key'))
  @ApiItem(ProductView, {
    summary: 'Replace a product and the parts sent, or create it by its SKU',
    creates: 'Created: no product had the SKU of the path.',
    // The answer embeds as GET does (ProductsService.getIn): the one declared list.
    embed: PRODUCT_LIST.embed,
  })
  put(@Param('key') key: string, @Body() body: ProductPut, @Query() query: ItemQuery) {
    return this.upsert.put(key, body, query);
  }

  /** Upserts up to 1,000 products by SKU, all or nothing; never deletes a product it does not list. */
  @Put(routes('products|product'))
  @ArrayBodyRoute()
  @ApiBatch(ProductView, { summary: 'Upsert up to 1,000 products by SKU (all or nothing)' })
  putMany(@BatchBody(ProductBatchMember, { key: PRODUCT_BATCH_KEY }) members: ProductBatchMember[]) {
    return this.upsert.putMany(members);
  }

  @Delete(routes('product|products/:key'))
  @ApiItem(ProductView)
  remove(@Param('key') key: string) {
    return this.products.remove(key);
  }
}
