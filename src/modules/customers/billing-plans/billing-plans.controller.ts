import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ScopeGroup } from '../../../common/auth/scopes.js';
import { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { BillingPlansService } from './billing-plans.service.js';
import { BillingPlanCreate, BillingPlanPatch } from './dto/billing-plan.input.js';

const PLAN = ['billingplan/:id', 'billingplans/:id'];

@Controller()
@ScopeGroup('billing_plans')
export class BillingPlansController {
  constructor(private readonly plans: BillingPlansService) {}

  @Get('billingplans')
  list(@Query() query: ListQuery) {
    return this.plans.list(query);
  }

  @Post(['billingplan', 'billingplans'])
  create(@Body() body: BillingPlanCreate) {
    return this.plans.create(body);
  }

  @Get(PLAN)
  get(@Param('id') id: string, @Query() query: ItemQuery) {
    return this.plans.get(id, query);
  }

  @Patch(PLAN)
  update(@Param('id') id: string, @Body() body: BillingPlanPatch) {
    return this.plans.update(id, body);
  }

  @Delete(PLAN)
  remove(@Param('id') id: string) {
    return this.plans.remove(id);
  }
}
