import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { CustomerGroup } from '../customers/customer-group.entity.js';
import { Quote } from './quote.entity.js';
import { StoreColumn } from '../../database/store-column.js';

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

  @ManyToOne(() => Quote, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'quote_id' })
  quote?: Relation<Quote>;

  @ManyToOne(() => CustomerGroup, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'customer_group_id' })
  group?: Relation<CustomerGroup>;
}
