import { IsIn, IsString, Matches } from 'class-validator';
import { IsDecimal, IsFlag, IsText, IsTimestamp, Nullable, Optional, RequiredFields } from '../../../../common/validation/decorators.js';
import { API_CODE, API_CODE_MESSAGE } from '../../dto/customer-group.input.js';
import { DISCOUNT_TYPES, type DiscountType } from '../domain/coupon-rules.js';

export class CouponPatch {
  /** Unique case-insensitively (UQ_coupons_code on lower(code)); stored as given. */
  @Optional()
  @IsString({ message: 'must be a string' })
  @Matches(API_CODE, { message: API_CODE_MESSAGE })
  code?: string;

  @Nullable()
  @IsText(255)
  name?: string | null;

  @Optional()
  @IsIn(DISCOUNT_TYPES, { message: `must be one of: ${DISCOUNT_TYPES.join(', ')}` })
  discount_type?: DiscountType;

  /** A percentage (at most 100) or an amount, checked against the type by the service. */
  @Optional()
  @IsDecimal({ places: 2, min: 0 })
  discount_value?: string;

  @Optional()
  @IsFlag()
  is_active?: boolean;

  @Nullable()
  @IsTimestamp()
  starts_at?: Date | null;

  @Nullable()
  @IsTimestamp()
  ends_at?: Date | null;
}

@RequiredFields('code', 'discount_type', 'discount_value')
export class CouponCreate extends CouponPatch {}
