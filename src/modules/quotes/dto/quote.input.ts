import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsDefined, IsIn, IsObject, IsString, Matches, ValidateNested } from 'class-validator';
import { QueryInt, SyncListQuery } from '../../../common/paging/list-query.dto.js';
import {
  EachElement,
  IsFlag,
  IsId,
  IsIntIn,
  IsText,
  NotBlank,
  Nullable,
  Optional,
  RequiredFields,
} from '../../../common/validation/decorators.js';
import { QUOTE_STATUSES } from '../domain/quote-status.js';
import { QUOTE_TYPES } from '../quote.entity.js';
import { EMAIL_LENGTHS, EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../../openapi/fields.js';
import { isEmailAddress } from '../../../common/validation/email.js';

/** An item of `items` (the specification's input shape). Options, extras and custom fields are checked against the catalog. */
export class QuoteItemInput {
  @IsDefined({ message: 'is required' })
  @IsId()
  product_id: number;

  @Optional()
  @IsIntIn(1, 1000000)
  quantity?: number;

  @Optional()
  @IsObject({ message: 'must be an object of option name to value' })
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { Color: 'White', Size: 'L' } })
  options?: Record<string, unknown>;

  @Nullable()
  @IsId()
  x_billing_plan_id?: number | null;

  @Optional()
  @IsFlag()
  is_trial_product?: boolean;

  @Optional()
  @ApiProperty({ uniqueItems: true, description: "SKUs of the product's extras, each at most once." })
  @ArrayMaxSize(100, { message: 'must have at most 100 extras' })
  @IsString({ each: true, message: 'must be an array of extra SKUs' })
  @IsArray({ message: 'must be an array of extra SKUs' })
  extras?: string[];

  @Optional()
  @IsObject({ message: 'must be an object of custom field name to value' })
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: ['string', 'number', 'boolean'] },
    description: "Custom field name (a definition of entity `cart`) → value, checked against the definition's type.",
    example: { gift_wrap: 'paper' },
  })
  custom_fields?: Record<string, unknown>;
}

/** PATCH /quote/{id|number}: the specification's attributes, all optional. */
export class QuotePatch {
  @Optional()
  @NotBlank()
  @IsText(255)
  name?: string;

  @Optional()
  @IsIn(QUOTE_TYPES, { message: `must be one of: ${QUOTE_TYPES.join(', ')}` })
  type?: (typeof QUOTE_TYPES)[number];

  @Optional()
  @ValidateNested({ each: true })
  @Type(() => QuoteItemInput)
  @ArrayMaxSize(500, { message: 'must have at most 500 items' })
  @IsArray({ message: 'must be an array of items' })
  items?: QuoteItemInput[];

  @Nullable()
  @IsId()
  x_billing_plan_id?: number | null;

  @Optional()
  @ArrayMaxSize(100, { message: 'must have at most 100 groups' })
  @IsString({ each: true, message: 'must be an array of customer group api_codes' })
  @IsArray({ message: 'must be an array of customer group api_codes' })
  customer_groups?: string[];

  /** Each address is checked on its own, so a bad one is reported at its index, with the other fields. */
  @Nullable()
  @ArrayMaxSize(100, { message: 'must have at most 100 addresses' })
  @IsArray({ message: 'must be an array of e-mail addresses' })
  @EachElement(isEmailAddress, 'must be an e-mail address')
  @Allow()
  @ApiProperty({
    type: 'array',
    items: { type: 'string', format: 'email', maxLength: EMAIL_MAX_LENGTH, pattern: EMAIL_PATTERN },
    description: EMAIL_LENGTHS,
    example: ['buyer@example.com'],
  })
  customer_emails?: unknown[] | null;

  @Nullable()
  @IsId()
  customer_id?: number | null;

  @Nullable()
  @IsText(64)
  coupon_code?: string | null;

  /** Empty (or null) means "generate one"; one a client sets is 16 to 64 letters and digits (it is the buyer's capability). */
  @Nullable()
  @Matches(/^(?:[A-Za-z0-9]{16,64})?$/, { message: 'must be 16 to 64 letters and digits' })
  @IsString({ message: 'must be a string' })
  cart_link_id?: string | null;

  @Nullable()
  @IsIntIn(0, 36500)
  expires_x_days?: number | null;
}

/** POST /quote: the PATCH attributes, `name` required. */
@RequiredFields('name')
export class QuoteCreate extends QuotePatch {}

/** GET /quotes: the collection parameters and the contract's filters. */
export class QuoteListQuery extends SyncListQuery {
  @Optional()
  @QueryInt()
  @IsIntIn(1)
  customer_id?: number;

  @Optional()
  @IsIn(QUOTE_TYPES, { message: `must be one of: ${QUOTE_TYPES.join(', ')}` })
  type?: string;

  @Optional()
  @IsIn(QUOTE_STATUSES, { message: `must be one of: ${QUOTE_STATUSES.join(', ')}` })
  status?: string;
}
