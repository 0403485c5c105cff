import { IsIn } from 'class-validator';
import { QueryInt, SyncListQuery } from '../../../common/paging/list-query.dto.js';
import { IsIntIn, IsText, IsTimestamp, Nullable, Optional } from '../../../common/validation/decorators.js';
import { FULFILLMENT_STATUSES, INITIAL_PAYMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from '../domain/order-status.js';

/** POST /quote/{id|number}/order: both optional. */
export class OrderCreate {
  @Optional()
  @IsIn(INITIAL_PAYMENT_STATUSES, { message: `must be one of: ${INITIAL_PAYMENT_STATUSES.join(', ')}` })
  payment_status?: (typeof INITIAL_PAYMENT_STATUSES)[number];

  @Nullable()
  @IsText(10000)
  notes?: string | null;
}

/** PATCH /order/{id|number}. */
export class OrderPatch {
  @Optional()
  @IsIn(PAYMENT_STATUSES, { message: `must be one of: ${PAYMENT_STATUSES.join(', ')}` })
  payment_status?: (typeof PAYMENT_STATUSES)[number];

  @Nullable()
  @IsText(10000)
  notes?: string | null;

  /** Only `completed`: an order is cancelled with POST …/cancel. */
  @Optional()
  @IsIn(['completed'], { message: 'must be completed (cancel with POST /order/{id}/cancel)' })
  status?: 'completed';
}

/** GET /orders: the collection parameters and the contract's filters. */
export class OrderListQuery extends SyncListQuery {
  @Optional()
  @IsIn(ORDER_STATUSES, { message: `must be one of: ${ORDER_STATUSES.join(', ')}` })
  status?: string;

  @Optional()
  @IsIn(PAYMENT_STATUSES, { message: `must be one of: ${PAYMENT_STATUSES.join(', ')}` })
  payment_status?: string;

  @Optional()
  @IsIn(FULFILLMENT_STATUSES, { message: `must be one of: ${FULFILLMENT_STATUSES.join(', ')}` })
  fulfillment_status?: string;

  @Optional()
  @QueryInt()
  @IsIntIn(1)
  customer_id?: number;

  @Optional()
  @IsTimestamp({ fromQuery: true })
  created_at_min?: Date;

  @Optional()
  @IsTimestamp({ fromQuery: true })
  created_at_max?: Date;
}
