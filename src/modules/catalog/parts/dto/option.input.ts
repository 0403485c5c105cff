import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { IsIntIn, IsText, NotBlank, Optional, RequiredFields } from '../../../../common/validation/decorators.js';
import { Trim } from '../../dto/catalog-validators.js';

/** 1 to 100 distinct, non-blank strings of at most 255 characters (trimmed). */
const IsOptionValues = () =>
  ValidateBy({
    name: 'isOptionValues',
    validator: {
      validate: (v: unknown) =>
        Array.isArray(v) &&
        v.length >= 1 &&
        v.length <= 100 &&
        v.every((x) => typeof x === 'string' && x.length > 0 && x.length <= 255) &&
        new Set(v).size === v.length,
      defaultMessage: () => 'must be an array of 1 to 100 distinct, non-blank strings of at most 255 characters',
    },
  });

/** What IsOptionValues accepts, for the OpenAPI document. */
const OPTION_VALUES_SCHEMA = ApiProperty({
  type: 'array',
  // Trimmed before the check: a value of white space alone is blank (`\S`: something besides it).
  items: { type: 'string', minLength: 1, maxLength: 255, pattern: '\\S', not: { type: 'string', pattern: '\\u0000' } },
  minItems: 1,
  maxItems: 100,
  uniqueItems: true,
  // uniqueItems compares the values as sent; the server compares them trimmed, which no keyword can say.
  description:
    'Each value is trimmed of the white space around it, then must be non-blank, at most 255 characters and distinct from the others: `" M "` and `"M"` are the same value, refused together.',
  example: ['S', 'M', 'L'],
});

export class OptionPatch {
  @Optional()
  @Trim()
  @IsText(255)
  @NotBlank()
  name?: string;

  @Optional()
  @Transform(({ value }) => (Array.isArray(value) ? value.map((x) => (typeof x === 'string' ? x.trim() : x)) : value))
  @IsOptionValues()
  @OPTION_VALUES_SCHEMA
  values?: string[];

  @Optional()
  @IsIntIn(-2147483648)
  sort_order?: number;
}

@RequiredFields('name', 'values')
export class OptionCreate extends OptionPatch {}
