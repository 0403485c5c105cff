import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ApiBatch, ApiItem, ApiPage, ApiPathParams } from '../../openapi/decorators.js';
import { CustomerGroupView } from './customers.views.js';
import { ItemQuery, SyncListQuery } from '../../common/paging/list-query.dto.js';
import { CustomerGroupsService } from './customer-groups.service.js';
import { CUSTOMER_GROUP_BATCH_KEY, CustomerGroupCreate, CustomerGroupPatch } from './dto/customer-group.input.js';
import { ArrayBodyRoute } from '../../common/batch/array-body.js';
import { BatchBody } from '../../common/batch/batch-body.pipe.js';
import { batchAnswer } from '../../common/batch/batch-result.js';
import { CUSTOMER_GROUP_LIST } from './customers.lists.js';

const GROUP = ['customergroup/:key', 'customergroups/:key'];

/** Customer groups, addressed by id or api_code; they share the `customers` scope group. */
@ApiPathParams({ key: 'Customer group id or api_code.' })
@Controller()
@ScopeGroup('customers')
export class CustomerGroupsController {
  constructor(private readonly groups: CustomerGroupsService) {}

  @Get('customergroups')
  @ApiPage(CustomerGroupView, CUSTOMER_GROUP_LIST)
  list(@Query() query: SyncListQuery) {
    return this.groups.list(query);
  }

  @Put('customergroups')
  @ArrayBodyRoute()
  @ApiBatch(CustomerGroupView, {
    description:
      'Each member is matched by `api_code`: an unknown one is created, a known one replaced as its PUT would. Up to 1,000 members, all or nothing; nothing is deleted.',
  })
  putMany(@BatchBody(CustomerGroupCreate, { key: CUSTOMER_GROUP_BATCH_KEY }) members: CustomerGroupCreate[]) {
    return this.groups.upsertMany(members).then(batchAnswer);
  }

  @Post(['customergroup', 'customergroups'])
  @ApiItem(CustomerGroupView)
  create(@Body() body: CustomerGroupCreate) {
    return this.groups.create(body);
  }

  @Get(GROUP)
  @ApiItem(CustomerGroupView)
  get(@Param('key') key: string, @Query() query: ItemQuery) {
    return this.groups.get(key, query);
  }

  @Patch(GROUP)
  @ApiItem(CustomerGroupView)
  update(@Param('key') key: string, @Body() body: CustomerGroupPatch) {
    return this.groups.update(key, body);
  }

  @Put(GROUP)
  @ApiItem(CustomerGroupView, { creates: 'Created: no customer group had the api_code of the path.' })
  replace(@Param('key') key: string, @Body() body: CustomerGroupCreate) {
    return this.groups.replace(key, body);
  }

  @Delete(GROUP)
  @ApiItem(CustomerGroupView)
  remove(@Param('key') key: string) {
    return this.groups.remove(key);
  }
}
