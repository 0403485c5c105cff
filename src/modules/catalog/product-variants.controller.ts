import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { routes } from './catalog-routes.js';
import { VariantCreate, VariantPatch } from './dto/variant.input.js';
import { ProductVariantsService } from './product-variants.service.js';

/** Variants of a product, and GET /variant/{id|sku} outside the product path. */
@Controller()
@ScopeGroup('catalog')
export class ProductVariantsController {
  constructor(private readonly service: ProductVariantsService) {}

  @Get(routes('product|products/:owner/variants|variant'))
  list(@Param('owner') owner: string, @Query() query: ListQuery) {
    return this.service.list(owner, query);
  }

  @Post(routes('product|products/:owner/variant|variants'))
  create(@Param('owner') owner: string, @Body() body: VariantCreate) {
    return this.service.create(owner, body);
  }

  @Get(routes('product|products/:owner/variant|variants/:id'))
  get(@Param('owner') owner: string, @Param('id') id: string, @Query() query: ItemQuery) {
    return this.service.get(owner, id, query);
  }

  @Patch(routes('product|products/:owner/variant|variants/:id'))
  update(@Param('owner') owner: string, @Param('id') id: string, @Body() body: VariantPatch) {
    return this.service.update(owner, id, body);
  }

  @Delete(routes('product|products/:owner/variant|variants/:id'))
  remove(@Param('owner') owner: string, @Param('id') id: string) {
    return this.service.remove(owner, id);
  }

  @Get(routes('variant|variants/:key'))
  getVariant(@Param('key') key: string, @Query() query: ItemQuery) {
    return this.service.getVariant(key, query);
  }
}
