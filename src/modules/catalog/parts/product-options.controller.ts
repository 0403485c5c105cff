import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../../common/auth/scopes.js';
import { ArrayBodyRoute } from '../../../common/batch/array-body.js';
import { BatchBody } from '../../../common/batch/batch-body.pipe.js';
import { ProductWriteService } from '../products/product-write.service.js';
import { ApiItem, ApiItems, ApiPage, ApiPathParams } from '../../../openapi/decorators.js';
import { OptionView } from '../catalog.views.js';
import { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { routes } from '../catalog.routes.js';
import { OptionCreate, OptionPatch } from './dto/option.input.js';
import { ProductOptionsService } from './product-options.service.js';
import { OPTION_LIST } from '../catalog.lists.js';

/** Options: /product/{p}/option(s)/… is always an option (docs/api.md#paths-and-identifiers); DELETE is soft. */
@ApiPathParams({ owner: 'Product id or SKU.', id: 'Option id (of this product).' })
@Controller()
@ScopeGroup('catalog')
export class ProductOptionsController {
  constructor(
    private readonly service: ProductOptionsService,
    private readonly upsert: ProductWriteService,
  ) {}

  /** The product's options become exactly the array sent (`[]` empties them), matched as in a product PUT. */
  @Put(routes('product|products/:owner/options|option'))
  @ArrayBodyRoute()
  @ApiItems(OptionView, { summary: 'Replace the options of a product' })
  replaceAll(@Param('owner') owner: string, @BatchBody(OptionCreate) body: OptionCreate[]) {
    return this.upsert.putPart(owner, 'options', body);
  }

  @Get(routes('product|products/:owner/options|option'))
  @ApiPage(OptionView, OPTION_LIST)
  list(@Param('owner') owner: string, @Query() query: ListQuery) {
    return this.service.list(owner, query);
  }

  @Post(routes('product|products/:owner/option|options'))
  @ApiItem(OptionView)
  create(@Param('owner') owner: string, @Body() body: OptionCreate) {
    return this.upsert.writeMember(owner, 'options', { action: 'create', input: body });
  }

  @Get(routes('product|products/:owner/option|options/:id'))
  @ApiItem(OptionView)
  get(@Param('owner') owner: string, @Param('id') id: string, @Query() query: ItemQuery) {
    return this.service.get(owner, id, query);
  }

  @Patch(routes('product|products/:owner/option|options/:id'))
  @ApiItem(OptionView)
  update(@Param('owner') owner: string, @Param('id') id: string, @Body() body: OptionPatch) {
    return this.upsert.writeMember(owner, 'options', { action: 'update', key: id, input: body });
  }

  /** Replaces an option: a field left out takes what a create gives it. */
  @Put(routes('product|products/:owner/option|options/:id'))
  @ApiItem(OptionView)
  replace(@Param('owner') owner: string, @Param('id') id: string, @Body() body: OptionCreate) {
    return this.upsert.writeMember(owner, 'options', { action: 'replace', key: id, input: body });
  }

  @Delete(routes('product|products/:owner/option|options/:id'))
  @ApiItem(OptionView, { description: 'Soft delete: `deleted_at` is set and the option leaves the product.' })
  remove(@Param('owner') owner: string, @Param('id') id: string) {
    return this.upsert.writeMember(owner, 'options', { action: 'delete', key: id });
  }
}
