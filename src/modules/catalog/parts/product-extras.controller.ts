import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../../common/auth/scopes.js';
import { ArrayBodyRoute } from '../../../common/batch/array-body.js';
import { BatchBody } from '../../../common/batch/batch-body.pipe.js';
import { ProductWriteService } from '../products/product-write.service.js';
import { ApiItem, ApiItems, ApiPage, ApiPathParams } from '../../../openapi/decorators.js';
import { ExtraView } from '../catalog.views.js';
import { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { routes } from '../catalog.routes.js';
import { ExtraCreate, ExtraPatch } from './dto/extra.input.js';
import { ProductExtrasService } from './product-extras.service.js';
import { EXTRA_LIST } from '../catalog.lists.js';

/** Extras: /product/{p}/extra(s)/…. */
@ApiPathParams({ owner: 'Product id or SKU.', id: 'Extra id (of this product).' })
@Controller()
@ScopeGroup('catalog')
export class ProductExtrasController {
  constructor(
    private readonly service: ProductExtrasService,
    private readonly upsert: ProductWriteService,
  ) {}

  /** The product's extras become exactly the array sent (`[]` empties them), matched as in a product PUT. */
  @Put(routes('product|products/:owner/extras|extra'))
  @ArrayBodyRoute()
  @ApiItems(ExtraView, { summary: 'Replace the extras of a product' })
  replaceAll(@Param('owner') owner: string, @BatchBody(ExtraCreate) body: ExtraCreate[]) {
    return this.upsert.putPart(owner, 'extras', body);
  }

  @Get(routes('product|products/:owner/extras|extra'))
  @ApiPage(ExtraView, EXTRA_LIST)
  list(@Param('owner') owner: string, @Query() query: ListQuery) {
    return this.service.list(owner, query);
  }

  @Post(routes('product|products/:owner/extra|extras'))
  @ApiItem(ExtraView)
  create(@Param('owner') owner: string, @Body() body: ExtraCreate) {
    return this.upsert.writeMember(owner, 'extras', { action: 'create', input: body });
  }

  @Get(routes('product|products/:owner/extra|extras/:id'))
  @ApiItem(ExtraView)
  get(@Param('owner') owner: string, @Param('id') id: string, @Query() query: ItemQuery) {
    return this.service.get(owner, id, query);
  }

  @Patch(routes('product|products/:owner/extra|extras/:id'))
  @ApiItem(ExtraView)
  update(@Param('owner') owner: string, @Param('id') id: string, @Body() body: ExtraPatch) {
    return this.upsert.writeMember(owner, 'extras', { action: 'update', key: id, input: body });
  }

  /** Replaces an extra: a field left out takes what a create gives it. */
  @Put(routes('product|products/:owner/extra|extras/:id'))
  @ApiItem(ExtraView)
  replace(@Param('owner') owner: string, @Param('id') id: string, @Body() body: ExtraCreate) {
    return this.upsert.writeMember(owner, 'extras', { action: 'replace', key: id, input: body });
  }

  @Delete(routes('product|products/:owner/extra|extras/:id'))
  @ApiItem(ExtraView)
  remove(@Param('owner') owner: string, @Param('id') id: string) {
    return this.upsert.writeMember(owner, 'extras', { action: 'delete', key: id });
  }
}
