import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { Matches } from 'class-validator';
import { IsDecimal, IsFlag, IsIntIn, IsText, NotBlank, Nullable, Optional, RequiredFields } from '../../../common/validation/decorators.js';

const trimmed = (upper = false) =>
  Transform(({ value }) => (typeof value === 'string' ? (upper ? value.trim().toUpperCase() : value.trim()) : value));

/**
 * The rule of a trimmed location part as a pattern on the value as sent: white space around it is
 * trimmed away, and what is left is `*` or 1 to `max` characters without `*` (so starting with one that is not white space).
 */
const trimmedPattern = (max: number) => `^\\s*(\\*|[^*\\s][^*]{0,${max - 1}})\\s*$`;

/** Blank text is stored as null, the way it is shown. */
const blankToNull = () => Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : value));

export class TaxClassPatch {
  @Optional()
  @IsText(255)
  @NotBlank()
  name?: string;

  @Nullable()
  @blankToNull()
  @IsText(4000)
  description?: string | null;

  @Optional()
  @IsFlag()
  is_default?: boolean;
}

/** POST /taxclass. */
@RequiredFields('name')
export class TaxClassCreate extends TaxClassPatch {}

/**
 * A rate's location parts are `*` (any) or one exact value. A `*` inside a value would read like a
 * pattern that the matching rule (docs/api.md#quote-pricing step 7) never applies, so it is refused.
 */
export class TaxRatePatch {
  @Optional()
  @trimmed(true)
  @Matches(/^(\*|[A-Z]{2})$/, { message: 'must be * or an ISO 3166-1 alpha-2 code (two letters)' })
  country?: string;

  @Optional()
  @trimmed(true)
  @Matches(/^(\*|[A-Z0-9]{1,10})$/, { message: 'must be * or a code of 1 to 10 letters or digits' })
  state?: string;

  @Optional()
  @trimmed()
  @ApiProperty({ pattern: trimmedPattern(20) })
  @Matches(/^(\*|[^*]{1,20})$/, { message: 'must be * or a postal code of 1 to 20 characters without *' })
  zip?: string;

  @Optional()
  @trimmed()
  @ApiProperty({ pattern: trimmedPattern(100) })
  @Matches(/^(\*|[^*]{1,100})$/, { message: 'must be * or a city name of 1 to 100 characters without *' })
  city?: string;

  /** Percent: 8.875 or "8.8750" is 8.875 %. */
  @Optional()
  @IsDecimal({ places: 4, min: 0, max: 100 })
  rate?: string;

  @Optional()
  @IsIntIn(1)
  priority?: number;

  @Nullable()
  @blankToNull()
  @IsText(255)
  tax_name?: string | null;

  @Optional()
  @IsFlag()
  is_compound?: boolean;
}

/** POST /taxclass/{id}/rate. */
@RequiredFields('rate')
export class TaxRateCreate extends TaxRatePatch {}
