import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { CrudResource } from '../../../common/crud/crud-resource.js';
import type { BillingPlan } from './billing-plan.entity.js';
import { type BillingPlanJson, presentBillingPlan } from './billing-plans.presenter.js';
import { BillingPlansRepository } from './billing-plans.repository.js';
import type { BillingPlanCreate, BillingPlanPatch } from './dto/billing-plan.input.js';
import { EventRecorder } from '../../webhooks/event-recorder.service.js';
import { BILLING_PLAN_LIST } from '../customers.lists.js';

@Injectable()
export class BillingPlansService {
  private readonly crud: CrudResource<BillingPlan, BillingPlanJson>;

  constructor(
    tx: TransactionRunner,
    private readonly repository: BillingPlansRepository,
    recorder: EventRecorder,
  ) {
    this.crud = new CrudResource(tx, {
      events: recorder.for('billingplan'),
      table: repository.billingPlans,
      list: BILLING_PLAN_LIST,
      present: async (_m, rows) => rows.map(presentBillingPlan),
    });
  }

  /** A plan by id (a subscription's reference); null when there is none. */
  find(m: EntityManager, id: number): Promise<BillingPlan | null> {
    return this.repository.planById(m, id);
  }

  /** The plan a stored row refers to (its foreign key guarantees it exists). */
  referenced(m: EntityManager, id: number): Promise<BillingPlan> {
    return this.repository.referencedPlan(m, id);
  }

  exists(m: EntityManager, id: number): Promise<boolean> {
    return this.repository.planExists(m, id);
  }

  /** Plans by id (embeds); unknown ids are absent. */
  byIds(m: EntityManager, ids: number[]): Promise<BillingPlan[]> {
    return this.repository.plansByIds(m, ids);
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
