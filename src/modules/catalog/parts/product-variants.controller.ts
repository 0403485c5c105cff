import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../../common/auth/scopes.js';
import { ArrayBodyRoute } from '../../../common/batch/array-body.js';
import { BatchBody } from '../../../common/batch/batch-body.pipe.js';
import { ProductWriteService } from '../products/product-write.service.js';
import { ApiItem, ApiItems, ApiPage, ApiPathParams } from '../../../openapi/decorators.js';
import { VariantView } from '../catalog.views.js';
import { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { VariantPut } from '../products/dto/product-put.input.js';
import { routes } from '../catalog.routes.js';
import { VariantCreate, VariantPatch } from './dto/variant.input.js';
import { ProductVariantsService } from './product-variants.service.js';
import { VARIANT_LIST } from '../catalog.lists.js';

/** Variants of a product, and GET /variant/{id|sku} outside the product path. */
@ApiPathParams({ owner: 'Product id or SKU.', id: 'Variant id or SKU (of this product).', key: 'Variant id or SKU.' })
@Controller()
@ScopeGroup('catalog')
export class ProductVariantsController {
  constructor(
    private readonly service: ProductVariantsService,
    private readonly upsert: ProductWriteService,
  ) {}

  /** The product's variants become exactly the array sent (`[]` empties them), matched as in a product PUT. */
  @Put(routes('product|products/:owner/variants|variant'))
  @ArrayBodyRoute()
  @ApiItems(VariantView, { summary: 'Replace the variants of a product' })
  replaceAll(@Param('owner') owner: string, @BatchBody(VariantPut) body: VariantPut[]) {
    return this.upsert.putPart(owner, 'variants', body);
  }

  @Get(routes('product|products/:owner/variants|variant'))
  @ApiPage(VariantView, VARIANT_LIST)
  list(@Param('owner') owner: string, @Query() query: ListQuery) {
    return this.service.list(owner, query);
  }

  @Post(routes('product|products/:owner/variant|variants'))
  @ApiItem(VariantView)
  create(@Param('owner') owner: string, @Body() body: VariantCreate) {
    return this.upsert.writeMember(owner, 'variants', { action: 'create', input: body });
  }

  @Get(routes('product|products/:owner/variant|variants/:id'))
  @ApiItem(VariantView)
  get(@Param('owner') owner: string, @Param('id') id: string, @Query() query: ItemQuery) {
    return this.service.get(owner, id, query);
  }

  @Patch(routes('product|products/:owner/variant|variants/:id'))
  @ApiItem(VariantView)
  update(@Param('owner') owner: string, @Param('id') id: string, @Body() body: VariantPatch) {
    return this.upsert.writeMember(owner, 'variants', { action: 'update', key: id, input: body });
  }

  /** Replaces a variant: a field left out takes what a create gives it. */
  @Put(routes('product|products/:owner/variant|variants/:id'))
  @ApiItem(VariantView)
  replace(@Param('owner') owner: string, @Param('id') id: string, @Body() body: VariantCreate) {
    return this.upsert.writeMember(owner, 'variants', { action: 'replace', key: id, input: body });
  }

  @Delete(routes('product|products/:owner/variant|variants/:id'))
  @ApiItem(VariantView)
  remove(@Param('owner') owner: string, @Param('id') id: string) {
    return this.upsert.writeMember(owner, 'variants', { action: 'delete', key: id });
  }

  @Get(routes('variant|variants/:key'))
  @ApiItem(VariantView, { summary: 'Get a variant by id or SKU' })
  getVariant(@Param('key') key: string, @Query() query: ItemQuery) {
    return this.service.getVariant(key, query);
  }
}
