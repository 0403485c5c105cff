import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Table } from '../../../database/table.js';
import { BillingPlan } from './billing-plan.entity.js';

/** Every statement of billing plans: those of their table. */
@Injectable()
export class BillingPlansRepository {
  /** `{id}` only. */
  readonly billingPlans: Table<BillingPlan>;

  constructor(dataSource: DataSource) {
    this.billingPlans = new Table(dataSource, BillingPlan, { alt: null, label: 'Billing plan' });
  }
}
