import { Injectable } from '@nestjs/common';
import type { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { CrudResource } from '../../../common/crud/crud-resource.js';
import type { BillingPlan } from './billing-plan.entity.js';
import { type BillingPlanJson, presentBillingPlan } from './billing-plans.presenter.js';
import { BillingPlansRepository } from './billing-plans.repository.js';
import type { BillingPlanCreate, BillingPlanPatch } from './dto/billing-plan.input.js';
import { EventRecorder } from '../../webhooks/event-recorder.js';
import { BILLING_PLAN_LIST } from '../customers.lists.js';

@Injectable()
export class BillingPlansService {
  private readonly crud: CrudResource<BillingPlan, BillingPlanJson>;

  constructor(tx: TransactionRunner, repository: BillingPlansRepository, recorder: EventRecorder) {
    this.crud = new CrudResource(tx, {
      events: recorder.for('billingplan'),
      table: repository.billingPlans,
      list: BILLING_PLAN_LIST,
      present: async (_m, rows) => rows.map(presentBillingPlan),
    });
  }

  list(query: ListQuery) {
    return this.crud.list(query);
  }

  get(id: string, query: ItemQuery) {
    return this.crud.get(id, query);
  }

  create(input: BillingPlanCreate) {
    return this.crud.create(input);
  }

  update(id: string, input: BillingPlanPatch) {
    return this.crud.update(id, input);
  }

  /** PUT: the plan becomes the body. */
  replace(id: string, input: BillingPlanCreate) {
    return this.crud.replace(id, input);
  }

  /** A plan still used by subscriptions or quotes is a 409 through their foreign keys. */
  remove(id: string) {
    return this.crud.remove(id);
  }
}
