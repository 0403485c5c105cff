import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { routes } from './catalog-routes.js';
import { CustomFieldValueInput } from './dto/custom-field-value.input.js';
import { ProductCustomFieldsService } from './product-custom-fields.service.js';

/** A product's custom field values: /product/{p}/customfields and /product/{p}/customfield/{customfield_name}. */
@Controller()
@ScopeGroup('catalog')
export class ProductCustomFieldsController {
  constructor(private readonly fields: ProductCustomFieldsService) {}

  @Get(routes('product|products/:owner/customfields|customfield'))
  list(@Param('owner') owner: string, @Query() query: ListQuery) {
    return this.fields.list(owner, query);
  }

  @Get(routes('product|products/:owner/customfield|customfields/:name'))
  get(@Param('owner') owner: string, @Param('name') name: string, @Query() query: ItemQuery) {
    return this.fields.get(owner, name, query);
  }

  @Patch(routes('product|products/:owner/customfield|customfields/:name'))
  update(@Param('owner') owner: string, @Param('name') name: string, @Body() body: CustomFieldValueInput) {
    return this.fields.update(owner, name, body);
  }
}
