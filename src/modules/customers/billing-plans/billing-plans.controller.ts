import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../../common/auth/scopes.js';
import { ApiItem, ApiPage, ApiPathParams } from '../../../openapi/decorators.js';
import { BillingPlanView } from './billing-plans.views.js';
import { ItemQuery, SyncListQuery } from '../../../common/paging/list-query.dto.js';
import { BillingPlansService } from './billing-plans.service.js';
import { BillingPlanCreate, BillingPlanPatch } from './dto/billing-plan.input.js';
import { BILLING_PLAN_LIST } from '../customers.lists.js';

const PLAN = ['billingplan/:id', 'billingplans/:id'];

@ApiPathParams({ id: 'Billing plan id.' })
@Controller()
@ScopeGroup('billing_plans')
export class BillingPlansController {
  constructor(private readonly plans: BillingPlansService) {}

  @Get('billingplans')
  @ApiPage(BillingPlanView, BILLING_PLAN_LIST)
  list(@Query() query: SyncListQuery) {
    return this.plans.list(query);
  }

  @Post(['billingplan', 'billingplans'])
  @ApiItem(BillingPlanView)
  create(@Body() body: BillingPlanCreate) {
    return this.plans.create(body);
  }

  @Get(PLAN)
  @ApiItem(BillingPlanView)
  get(@Param('id') id: string, @Query() query: ItemQuery) {
    return this.plans.get(id, query);
  }

  @Patch(PLAN)
  @ApiItem(BillingPlanView)
  update(@Param('id') id: string, @Body() body: BillingPlanPatch) {
    return this.plans.update(id, body);
  }

  @Put(PLAN)
  @ApiItem(BillingPlanView)
  replace(@Param('id') id: string, @Body() body: BillingPlanCreate) {
    return this.plans.replace(id, body);
  }

  @Delete(PLAN)
  @ApiItem(BillingPlanView)
  remove(@Param('id') id: string) {
    return this.plans.remove(id);
  }
}
