import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { ApiItem, ApiPage, ApiPathParams } from '../../openapi/decorators.js';
import { routes } from './catalog-routes.js';
import { ProductTypeView } from './catalog.views.js';
import { ProductTypeCreate, ProductTypePatch } from './dto/product-type.input.js';
import { PRODUCT_TYPE_SORT, ProductTypesService } from './product-types.service.js';

/** Product types, addressed by id or api_code (compared in any case); they share the `catalog` scope group. */
@ApiPathParams({ key: 'Product type id or api_code.' })
@Controller()
@ScopeGroup('catalog')
export class ProductTypesController {
  constructor(private readonly types: ProductTypesService) {}

  @Get(routes('producttypes|producttype'))
  @ApiPage(ProductTypeView, { sort: [...PRODUCT_TYPE_SORT] })
  list(@Query() query: ListQuery) {
    return this.types.list(query);
  }

  @Post(routes('producttype|producttypes'))
  @ApiItem(ProductTypeView)
  create(@Body() body: ProductTypeCreate) {
    return this.types.create(body);
  }

  @Get(routes('producttype|producttypes/:key'))
  @ApiItem(ProductTypeView)
  get(@Param('key') key: string, @Query() query: ItemQuery) {
    return this.types.get(key, query);
  }

  @Patch(routes('producttype|producttypes/:key'))
  @ApiItem(ProductTypeView, {
    description:
      '`is_default: 1` moves the default to this type (the previous default records `product_type.updated`); `is_default: 0` on the default type is a 409.',
  })
  update(@Param('key') key: string, @Body() body: ProductTypePatch) {
    return this.types.update(key, body);
  }

  @Delete(routes('producttype|producttypes/:key'))
  @ApiItem(ProductTypeView, { description: 'The default type, or a type products use, is a 409.' })
  remove(@Param('key') key: string) {
    return this.types.remove(key);
  }
}
