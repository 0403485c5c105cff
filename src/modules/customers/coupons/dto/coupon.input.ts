import { type BatchKey, textKey } from '../../../../common/batch/batch-body.pipe.js';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Matches } from 'class-validator';
import { ApiRules } from '../../../../openapi/decorators.js';
import { decimalPattern } from '../../../../openapi/dto-schema.js';
import { IsDecimal, IsFlag, IsText, IsTimestamp, Nullable, Optional, RequiredFields } from '../../../../common/validation/decorators.js';
import { API_CODE, API_CODE_MESSAGE } from '../../dto/customer-group.input.js';
import { DISCOUNT_TYPES, type DiscountType } from '../domain/coupon-rules.js';

/**
 * A percentage coupon's value is at most 100: one branch per `discount_type` (a patch without it
 * is checked against the stored type). That `ends_at` comes after `starts_at` JSON Schema cannot
 * say; its description does.
 */
const byDiscountType = (typeRequired: boolean) => ({
  anyOf: [
    {
      properties: {
        discount_type: { const: 'percentage' },
        discount_value: {
          anyOf: [
            { type: 'string', pattern: decimalPattern('100', 2) },
            { type: 'number', multipleOf: 0.01, minimum: 0, maximum: 100 },
          ],
        },
      },
      required: ['discount_type'],
    },
    { properties: { discount_type: { const: 'fixed_amount' } }, required: ['discount_type'] },
    ...(typeRequired ? [] : [{ properties: { discount_type: false } }]),
  ],
});

@ApiRules(byDiscountType(false))
export class CouponPatch {
  /** Unique case-insensitively (UQ_coupons_code on its stored lower(code)); stored as given. */
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
  @ApiProperty({ description: 'A percentage (at most 100 when `discount_type` is `percentage`) or an amount off, up to 2 decimals.' })
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
  @ApiProperty({
    description:
      'UTC `YYYY-MM-DD HH:MM:SS`, or ISO 8601 with `Z` or an offset (a real calendar date); after `starts_at` when both are set ' +
      '(a patch compares with the stored value of the one it does not send). From `ends_at` on, the coupon no longer applies.',
    // After the example `starts_at` (the timestamp fields' own example), as the server requires.
    example: '2025-02-28 23:59:59',
  })
  ends_at?: Date | null;
}

@RequiredFields('code', 'discount_type', 'discount_value')
@ApiRules(byDiscountType(true))
export class CouponCreate extends CouponPatch {}

/** What a batch PUT (and an import line) of this resource is matched by; a repeated key is refused on the later member. */
export const COUPON_BATCH_KEY: BatchKey<CouponCreate> = textKey('code', { folded: true });
