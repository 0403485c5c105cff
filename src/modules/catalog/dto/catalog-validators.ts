import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Matches, ValidateBy } from 'class-validator';
import { INT4_MAX, IsDecimal, IsText } from '../../../common/validation/decorators.js';
import { isValidSaleRule } from '../domain/unit-price.js';

function compose(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.forEach((d) => d(target, key));
}

/** The largest amount a numeric(12,2) column holds. */
const MONEY_MAX = 9999999999.99;

/** A non-negative two-decimal amount that fits numeric(12,2). */
export const IsMoney = () => IsDecimal({ places: 2, min: 0, max: MONEY_MAX });

/** A SKU: 1 to 64 characters, no white space. */
export const IsSku = () => compose(IsText(64), Matches(/^\S+$/, { message: 'must be 1 to 64 characters without white space' }));

/** A URL name as given: letters, digits and - _ . ~ (what a URL path carries unescaped). */
export const IsUrlName = () =>
  compose(IsText(255), Matches(/^[A-Za-z0-9._~-]+$/, { message: 'must hold only letters, digits and - _ . ~' }));

/**
 * The sale rules `IsSaleRule` takes, as one pattern: a price or an amount off of up to 10 digits and
 * 2 decimals, or a percentage off from 0 to 100 (leading zeros allowed, so still 10 digits at most).
 */
const SALE_RULE_PATTERN = '^(?:-?\\d{1,10}(?:\\.\\d{1,2})?|(?:0{0,8}\\d{1,2}(?:\\.\\d{1,2})?|0{0,7}100(?:\\.0{1,2})?)%)$';

/** Sale rule of domain/unit-price.ts, with amounts that fit a money column. */
export const IsSaleRule = () =>
  compose(
    ValidateBy({
      name: 'isSaleRule',
      validator: {
        validate: (v: unknown) => typeof v === 'string' && /^-?\d{1,10}(\.\d{1,2})?%?$/.test(v) && isValidSaleRule(v),
        defaultMessage: () => 'must be a sale price ("12.00"), an amount off ("-2.50") or a percentage off up to 100 ("15%")',
      },
    }),
    // The rule lives in a closure; the OpenAPI document reads it from here.
    ApiProperty({ type: 'string', pattern: SALE_RULE_PATTERN, example: '15%' }),
  );

/** A list of distinct row ids (duplicates are dropped). */
export const IsIdList = (max = 100) =>
  compose(
    Transform(({ value }) => (Array.isArray(value) ? [...new Set(value)] : value)),
    ValidateBy({
      name: 'isIdList',
      validator: {
        validate: (v: unknown) =>
          Array.isArray(v) && v.length <= max && v.every((x) => Number.isInteger(x) && (x as number) >= 1 && (x as number) <= INT4_MAX),
        defaultMessage: () => `must be an array of at most ${max} ids (integers from 1 to ${INT4_MAX})`,
      },
    }),
    ApiProperty({ type: 'array', items: { type: 'integer', minimum: 1, maximum: INT4_MAX }, maxItems: max, example: [1] }),
  );

/** Trims surrounding white space of a string (other values pass through to fail validation). */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
