import { Body, Controller, Get, Param, Patch, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../../common/auth/scopes.js';
import { ApiItem, ApiPage, ApiPathParams } from '../../../openapi/decorators.js';
import { ProductCustomFieldView } from '../catalog.views.js';
import { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { routes } from '../catalog.routes.js';
import { CustomFieldValueInput } from './dto/custom-field-value.input.js';
import { ProductCustomFieldsService } from './product-custom-fields.service.js';
import { ProductWriteService } from '../products/product-write.service.js';
import { PRODUCT_CUSTOM_FIELD_LIST } from '../catalog.lists.js';

/** A product's custom field values: /product/{p}/customfields and /product/{p}/customfield/{customfield_name}. */
@ApiPathParams({ owner: 'Product id or SKU.', name: 'Custom field name (or id) of a `product` definition.' })
@Controller()
@ScopeGroup('catalog')
export class ProductCustomFieldsController {
  constructor(
    private readonly fields: ProductCustomFieldsService,
    private readonly upsert: ProductWriteService,
  ) {}

  @Get(routes('product|products/:owner/customfields|customfield'))
  @ApiPage(ProductCustomFieldView, PRODUCT_CUSTOM_FIELD_LIST, {
    summary: 'List the custom field values of a product',
    description: 'Every `product` definition, with the stored value, else its default, else null.',
  })
  list(@Param('owner') owner: string, @Query() query: ListQuery) {
    return this.fields.list(owner, query);
  }

  @Get(routes('product|products/:owner/customfield|customfields/:name'))
  @ApiItem(ProductCustomFieldView, { summary: 'Get a custom field value of a product' })
  get(@Param('owner') owner: string, @Param('name') name: string, @Query() query: ItemQuery) {
    return this.fields.get(owner, name, query);
  }

  @Patch(routes('product|products/:owner/customfield|customfields/:name'))
  @ApiItem(ProductCustomFieldView, {
    summary: 'Set a custom field value of a product',
    description: 'The value is checked against the definition type; null clears it.',
  })
  update(@Param('owner') owner: string, @Param('name') name: string, @Body() body: CustomFieldValueInput) {
    return this.upsert.setCustomField(owner, name, body);
  }

  /** The value is the whole representation: PUT sets it as PATCH does. */
  @Put(routes('product|products/:owner/customfield|customfields/:name'))
  @ApiItem(ProductCustomFieldView, {
    summary: 'Set a custom field value of a product',
    description: 'The same as PATCH: the value is the whole writable representation; null clears it.',
  })
  replace(@Param('owner') owner: string, @Param('name') name: string, @Body() body: CustomFieldValueInput) {
    return this.upsert.setCustomField(owner, name, body);
  }
}
