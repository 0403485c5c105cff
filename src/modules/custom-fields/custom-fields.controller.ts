import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ApiBatch, ApiItem, ApiPage, ApiPathParams } from '../../openapi/decorators.js';
import { CustomFieldDefinitionView } from './custom-fields.views.js';
import { ItemQuery, SyncListQuery } from '../../common/paging/list-query.dto.js';
import { CustomFieldsService } from './custom-fields.service.js';
import { CUSTOM_FIELD_BATCH_KEY, CustomFieldDefinitionCreate, CustomFieldDefinitionPatch } from './dto/custom-field-definition.input.js';
import { ArrayBodyRoute } from '../../common/batch/array-body.js';
import { BatchBody } from '../../common/batch/batch-body.pipe.js';
import { batchAnswer } from '../../common/batch/batch-result.js';
import { CUSTOM_FIELD_LIST } from './custom-fields.lists.js';

/** Custom field definitions, addressed by their unique name (or id). */
@ApiPathParams({ name: 'Definition name (or id).' })
@Controller()
@ScopeGroup('custom_fields')
export class CustomFieldsController {
  constructor(private readonly fields: CustomFieldsService) {}

  @Get('customfielddefinitions')
  @ApiPage(CustomFieldDefinitionView, CUSTOM_FIELD_LIST)
  list(@Query() query: SyncListQuery) {
    return this.fields.list(query);
  }

  @Put('customfielddefinitions')
  @ArrayBodyRoute()
  @ApiBatch(CustomFieldDefinitionView, {
    description:
      'Each member is matched by `name`: an unknown one is created, a known one replaced as its PUT would. Up to 1,000 members, all or nothing; nothing is deleted.',
  })
  putMany(@BatchBody(CustomFieldDefinitionCreate, { key: CUSTOM_FIELD_BATCH_KEY }) members: CustomFieldDefinitionCreate[]) {
    return this.fields.upsertMany(members).then(batchAnswer);
  }

  @Post(['customfielddefinitions', 'customfielddefinition'])
  @ApiItem(CustomFieldDefinitionView)
  create(@Body() body: CustomFieldDefinitionCreate) {
    return this.fields.create(body);
  }

  @Get(['customfielddefinitions/:name', 'customfielddefinition/:name'])
  @ApiItem(CustomFieldDefinitionView)
  get(@Param('name') name: string, @Query() query: ItemQuery) {
    return this.fields.get(name, query);
  }

  @Patch(['customfielddefinitions/:name', 'customfielddefinition/:name'])
  @ApiItem(CustomFieldDefinitionView)
  update(@Param('name') name: string, @Body() body: CustomFieldDefinitionPatch) {
    return this.fields.update(name, body);
  }

  @Put(['customfielddefinitions/:name', 'customfielddefinition/:name'])
  @ApiItem(CustomFieldDefinitionView, { creates: 'Created: no custom field definition had the name of the path.' })
  replace(@Param('name') name: string, @Body() body: CustomFieldDefinitionCreate) {
    return this.fields.replace(name, body);
  }

  @Delete(['customfielddefinitions/:name', 'customfielddefinition/:name'])
  @ApiItem(CustomFieldDefinitionView)
  remove(@Param('name') name: string) {
    return this.fields.remove(name);
  }
}
