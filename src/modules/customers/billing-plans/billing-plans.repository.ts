import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
import { Table } from '../../../database/table.js';
import { BillingPlan } from './billing-plan.entity.js';

/** Every statement of billing plans: those of their table, and the reads of the subscriptions that refer to them. */
@Injectable()
export class BillingPlansRepository {
  /** `{id}` only. */
  readonly billingPlans: Table<BillingPlan>;

  constructor(dataSource: DataSource) {
    this.billingPlans = new Table(dataSource, BillingPlan, { alt: null, label: 'Billing plan' });
  }

  @GenerateSql({ args: [SqlArg.manager, 1] })
  planById(m: EntityManager, id: number): Promise<BillingPlan | null> {
    return m.getRepository(BillingPlan).findOneBy({ id });
  }

  /** A plan a foreign key guarantees. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  referencedPlan(m: EntityManager, id: number): Promise<BillingPlan> {
    return m.getRepository(BillingPlan).findOneByOrFail({ id });
  }

  @GenerateSql({ args: [SqlArg.manager, 1] })
  planExists(m: EntityManager, id: number): Promise<boolean> {
    return m.getRepository(BillingPlan).existsBy({ id });
  }

  /** Plans by id (embeds); unknown ids are absent. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  plansByIds(m: EntityManager, ids: number[]): Promise<BillingPlan[]> {
    return m.getRepository(BillingPlan).find({ where: { id: In(ids) } });
  }
}
