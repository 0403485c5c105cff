import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import { IsCalendarDate, IsFlag, IsIntIn, Nullable, Optional } from '../../../../common/validation/decorators.js';
import { IsMoney, IsSaleRule, IsSku } from '../../dto/catalog-validators.js';

/** An object of at most 50 option names → values, all non-empty strings of at most 255 characters. */
const IsOptionChoice = () =>
  ValidateBy({
    name: 'isOptionChoice',
    validator: {
      validate: (v: unknown) =>
        v !== null &&
        typeof v === 'object' &&
        !Array.isArray(v) &&
        Object.keys(v).length <= 50 &&
        Object.entries(v).every(([k, x]) => k.length > 0 && k.length <= 255 && typeof x === 'string' && x.length > 0 && x.length <= 255),
      defaultMessage: () => 'must be an object of option name → value (strings)',
    },
  });

export class VariantPatch {
  @Nullable()
  @IsSku()
  sku?: string | null;

  /** Null: the product's base price. */
  @Nullable()
  @IsMoney()
  base_price?: string | null;

  @Nullable()
  @IsMoney()
  cost?: string | null;

  @Nullable()
  @IsMoney()
  weight?: string | null;

  @Nullable()
  @IsMoney()
  depth?: string | null;

  @Nullable()
  @IsMoney()
  width?: string | null;

  @Nullable()
  @IsMoney()
  height?: string | null;

  @Optional()
  @IsFlag()
  enabled?: boolean;

  @Optional()
  @IsFlag()
  is_on_sale?: boolean;

  @Nullable()
  @IsSaleRule()
  sale_price_or_discount?: string | null;

  @Optional()
  @IsFlag()
  track_inventory?: boolean;

  @Nullable()
  @IsIntIn(-2147483648)
  in_stock_amount?: number | null;

  @Nullable()
  @IsCalendarDate()
  expected_availability_date?: string | null;

  /** Checked against the product's options by the service. */
  @Optional()
  @IsOptionChoice()
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', minLength: 1, maxLength: 255 },
    maxProperties: 50,
    // Names are 1 to 255 characters too (JSON Schema's propertyNames; the swagger types lack it).
    ...{ propertyNames: { minLength: 1, maxLength: 255 } },
    example: { Color: 'White', Size: 'L' },
  })
  options?: Record<string, string>;
}

/** POST /product/{p}/variant: nothing is required; `options` defaults to {} (valid only without options). */
export class VariantCreate extends VariantPatch {}
