import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, ValidateNested } from 'class-validator';
import { QueryInt, SyncListQuery } from '../../../common/paging/list-query.dto.js';
import { IsDecimal, IsId, IsIntIn, IsTimestamp, Nullable, Optional, RequiredFields } from '../../../common/validation/decorators.js';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../domain/subscription-state.js';

const STATUS_MESSAGE = `must be one of: ${SUBSCRIPTION_STATUSES.join(', ')}`;
const MAX_QUANTITY = 1_000_000;
const MAX_PRODUCTS_ON_CREATE = 100;

/** What a subscription product carries besides its product. */
class SubscriptionProductFields {
  /** Null or absent: the product itself. */
  @Nullable()
  @IsId()
  variant_id?: number | null;

  @Optional()
  @IsIntIn(1, MAX_QUANTITY)
  quantity?: number;

  /** Unit price; null or absent: the product's resolved price for the quantity and the customer's group. */
  @Nullable()
  @IsDecimal({ places: 2, min: 0, max: 9999999999.99 })
  price?: string | null;
}

/** POST /subscription/{id}/products. */
@RequiredFields('product_id')
export class SubscriptionProductCreate extends SubscriptionProductFields {
  @Optional()
  @IsId()
  product_id?: number;
}

/** An item of `products` in POST /subscriptions (nested bodies cannot use @RequiredFields). */
export class SubscriptionProductItem extends SubscriptionProductFields {
  @IsDefined({ message: 'is required' })
  @IsId()
  product_id: number;
}

/** PATCH /subscription/{id}: the status (see domain/subscription-state.ts) and the plan for the next renewals. */
export class SubscriptionPatch {
  @Optional()
  @IsIn(SUBSCRIPTION_STATUSES, { message: STATUS_MESSAGE })
  status?: SubscriptionStatus;

  @Optional()
  @IsId()
  billing_plan_id?: number;
}

/**
 * PUT /subscription/{id}: a subscription's whole writable representation, its plan (required, as on
 * create) and its status; a left-out status stays (it moves only by the rules of PATCH and renew).
 */
@RequiredFields('billing_plan_id')
export class SubscriptionPut extends SubscriptionPatch {}

/** POST /subscriptions: always starts active; `products` are added in the same transaction. */
@RequiredFields('customer_id', 'billing_plan_id')
export class SubscriptionCreate {
  @Optional()
  @IsId()
  customer_id?: number;

  @Optional()
  @IsId()
  billing_plan_id?: number;

  /** Default: now. */
  @Optional()
  @IsTimestamp()
  started_at?: Date;

  @Optional()
  // class-validator runs these bottom-up and stops at the first failure: the array check goes last.
  @ArrayMaxSize(MAX_PRODUCTS_ON_CREATE, { message: `must have at most ${MAX_PRODUCTS_ON_CREATE} items` })
  @IsArray({ message: 'must be an array' })
  @ValidateNested({ each: true, message: 'must be an object' })
  @Type(() => SubscriptionProductItem)
  products?: SubscriptionProductItem[];
}

/** GET /subscriptions filters. */
export class SubscriptionListQuery extends SyncListQuery {
  @Optional()
  @IsIn(SUBSCRIPTION_STATUSES, { message: STATUS_MESSAGE })
  status?: SubscriptionStatus;

  @Optional()
  @QueryInt()
  @IsId()
  customer_id?: number;
}
