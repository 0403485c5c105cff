import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ArrayBodyRoute } from '../../../common/batch/array-body.js';
import { BatchBody } from '../../../common/batch/batch-body.pipe.js';
import { batchAnswer } from '../../../common/batch/batch-result.js';
import { ScopeGroup } from '../../../common/auth/scopes.js';
import { ItemQuery, SyncListQuery } from '../../../common/paging/list-query.dto.js';
import { ApiBatch, ApiItem, ApiPage, ApiPathParams } from '../../../openapi/decorators.js';
import { routes } from '../catalog.routes.js';
import { ProductTypeView } from '../catalog.views.js';
import { PRODUCT_TYPE_BATCH_KEY, ProductTypeCreate, ProductTypePatch } from './dto/product-type.input.js';
import { ProductTypesService } from './product-types.service.js';
import { PRODUCT_TYPE_LIST } from '../catalog.lists.js';

/** Product types, addressed by id or api_code (compared in any case); they share the `catalog` scope group. */
@ApiPathParams({ key: 'Product type id or api_code.' })
@Controller()
@ScopeGroup('catalog')
export class ProductTypesController {
  constructor(private readonly types: ProductTypesService) {}

  @Get(routes('producttypes|producttype'))
  @ApiPage(ProductTypeView, PRODUCT_TYPE_LIST)
  list(@Query() query: SyncListQuery) {
    return this.types.list(query);
  }

  @Put('producttypes')
  @ArrayBodyRoute()
  @ApiBatch(ProductTypeView, {
    description:
      'Each member is matched by `api_code` (any case): an unknown one is created, a known one replaced as its PUT would. Up to 1,000 members, all or nothing; nothing is deleted. The store has exactly one default type: one member may take the default (`is_default: 1`; two → 422, on the later one), and the default type replaced without it while no member takes the default is a 409.',
  })
  putMany(@BatchBody(ProductTypeCreate, { key: PRODUCT_TYPE_BATCH_KEY }) members: ProductTypeCreate[]) {
    return this.types.upsertMany(members).then(batchAnswer);
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

  @Put(routes('producttype|producttypes/:key'))
  @ApiItem(ProductTypeView, {
    creates: 'Created: no product type had the api_code of the path.',
    description:
      'The type becomes the body: a flag left out is 1 and `is_default` 0, as on create, so a PUT of the default type without `is_default: 1` is a 409 (as PATCH `is_default: 0`). An `api_code` no type has creates the type (201).',
  })
  replace(@Param('key') key: string, @Body() body: ProductTypeCreate) {
    return this.types.replace(key, body);
  }

  @Delete(routes('producttype|producttypes/:key'))
  @ApiItem(ProductTypeView, { description: 'The default type, or a type products use, is a 409.' })
  remove(@Param('key') key: string) {
    return this.types.remove(key);
  }
}
