import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../../common/auth/scopes.js';
import { ArrayBodyRoute } from '../../../common/batch/array-body.js';
import { BatchBody } from '../../../common/batch/batch-body.pipe.js';
import { ProductWriteService } from '../products/product-write.service.js';
import { ApiItem, ApiItems, ApiPage, ApiPathParams } from '../../../openapi/decorators.js';
import { AttributeView } from '../catalog.views.js';
import { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { routes } from '../catalog.routes.js';
import { AttributeCreate, AttributePatch } from './dto/attribute.input.js';
import { ProductAttributesService } from './product-attributes.service.js';
import { ATTRIBUTE_LIST } from '../catalog.lists.js';

/** Attributes: /product/{p}/attribute(s)/{attribute_id} (PATCH/DELETE here, docs/api.md#paths-and-identifiers). */
@ApiPathParams({ owner: 'Product id or SKU.', id: 'Attribute id (of this product).' })
@Controller()
@ScopeGroup('catalog')
export class ProductAttributesController {
  constructor(
    private readonly service: ProductAttributesService,
    private readonly upsert: ProductWriteService,
  ) {}

  /** The product's attributes become exactly the array sent (`[]` empties them), matched as in a product PUT. */
  @Put(routes('product|products/:owner/attributes|attribute'))
  @ArrayBodyRoute()
  @ApiItems(AttributeView, { summary: 'Replace the attributes of a product' })
  replaceAll(@Param('owner') owner: string, @BatchBody(AttributeCreate) body: AttributeCreate[]) {
    return this.upsert.putPart(owner, 'attributes', body);
  }

  @Get(routes('product|products/:owner/attributes|attribute'))
  @ApiPage(AttributeView, ATTRIBUTE_LIST)
  list(@Param('owner') owner: string, @Query() query: ListQuery) {
    return this.service.list(owner, query);
  }

  @Post(routes('product|products/:owner/attribute|attributes'))
  @ApiItem(AttributeView)
  create(@Param('owner') owner: string, @Body() body: AttributeCreate) {
    return this.upsert.writeMember(owner, 'attributes', { action: 'create', input: body });
  }

  @Get(routes('product|products/:owner/attribute|attributes/:id'))
  @ApiItem(AttributeView)
  get(@Param('owner') owner: string, @Param('id') id: string, @Query() query: ItemQuery) {
    return this.service.get(owner, id, query);
  }

  @Patch(routes('product|products/:owner/attribute|attributes/:id'))
  @ApiItem(AttributeView)
  update(@Param('owner') owner: string, @Param('id') id: string, @Body() body: AttributePatch) {
    return this.upsert.writeMember(owner, 'attributes', { action: 'update', key: id, input: body });
  }

  /** Replaces an attribute: a field left out takes what a create gives it. */
  @Put(routes('product|products/:owner/attribute|attributes/:id'))
  @ApiItem(AttributeView)
  replace(@Param('owner') owner: string, @Param('id') id: string, @Body() body: AttributeCreate) {
    return this.upsert.writeMember(owner, 'attributes', { action: 'replace', key: id, input: body });
  }

  @Delete(routes('product|products/:owner/attribute|attributes/:id'))
  @ApiItem(AttributeView)
  remove(@Param('owner') owner: string, @Param('id') id: string) {
    return this.upsert.writeMember(owner, 'attributes', { action: 'delete', key: id });
  }
}
