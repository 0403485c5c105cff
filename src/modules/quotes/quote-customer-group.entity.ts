import { Entity, Index, PrimaryColumn, type Relation } from 'typeorm';
import { CustomerGroup } from '../customers/customer-group.entity.js';
import { Quote } from './quote.entity.js';
import { StoreColumn, StoreReference } from '../../database/store-column.js';

/** The groups a quote applies to (the specification's pivot). A group on a quote cannot be deleted (409). */
@Entity({ name: 'quote_customer_groups' })
@Index('IDX_quote_customer_groups_customer_group_id', ['customer_group_id'])
export class QuoteCustomerGroup {
  /** The store the row belongs to (docs/architecture.md#stores): filled and held by the database. */
  @StoreColumn()
  store_id?: number;

  @PrimaryColumn({ type: 'integer' })
  quote_id: number;

  @PrimaryColumn({ type: 'integer' })
  customer_group_id: number;

  @StoreReference(() => Quote, 'quote_id', 'CASCADE')
  quote?: Relation<Quote>;

  @StoreReference(() => CustomerGroup, 'customer_group_id', 'RESTRICT')
  group?: Relation<CustomerGroup>;
}
