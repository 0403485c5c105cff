import { type BatchKey, textKey } from '../../../common/batch/batch-body.pipe.js';
import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, Matches, ValidateBy, ValidateNested } from 'class-validator';
import { IsFlag, IsText, NotBlank, Nullable, Optional, RequiredFields } from '../../../common/validation/decorators.js';

const upper = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toUpperCase() : value));

/** PATCH /country/{id}: every field optional. */
export class CountryPatch {
  @Optional()
  @IsText(255)
  @NotBlank()
  name?: string;

  @Optional()
  @upper()
  @Matches(/^[A-Z]{2}$/, { message: 'must be an ISO 3166-1 alpha-2 code (two letters)' })
  code?: string;

  @Nullable()
  @upper()
  @Matches(/^[A-Z]{3}$/, { message: 'must be an ISO 3166-1 alpha-3 code (three letters)' })
  code_3?: string | null;

  @Optional()
  @IsFlag()
  enabled?: boolean;
}

/** POST /country. */
@RequiredFields('name', 'code')
export class CountryCreate extends CountryPatch {}

export class StatePatch {
  @Optional()
  @IsText(255)
  @NotBlank()
  name?: string;

  @Optional()
  @upper()
  @Matches(/^[A-Z0-9]{1,10}$/, { message: 'must be 1 to 10 letters or digits' })
  code?: string;

  @Optional()
  @IsFlag()
  enabled?: boolean;
}

/** POST /country/{id}: a state in that country. */
@RequiredFields('name', 'code')
export class StateCreate extends StatePatch {}

/** The most states a country's PUT may carry. */
const MAX_STATES = 1000;

/** The first `code` a list of states repeats (any case), or null. */
function repeatedCode(states: unknown[]): string | null {
  const seen = new Set<string>();
  for (const s of states) {
    const code = s !== null && typeof s === 'object' ? (s as { code?: unknown }).code : undefined;
    if (typeof code !== 'string') continue;
    const key = code.trim().toUpperCase();
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return null;
}

/**
 * PUT /country/{id}, a member of PUT /countries and a line of a countries import: the country's
 * whole writable representation, with its `states` when sent (docs/api.md#put-replace-a-resource):
 * they replace the country's states as PUT /country/{id}/states does (matched by `code`); left
 * out, the states stay as they are.
 */
export class CountryPut extends CountryCreate {
  @ApiProperty({
    description: `Must be an array of states; must have at most ${MAX_STATES} states. Each \`code\` unique (any case). Sent, the country's states become them (matched by \`code\`, as PUT /country/{id}/states does); left out, they stay.`,
  })
  @ValidateBy({
    name: 'uniqueStateCodes',
    validator: {
      validate: (v: unknown) => !Array.isArray(v) || repeatedCode(v) === null,
      defaultMessage: (args) => `must not repeat a code (${repeatedCode(args?.value as unknown[])})`,
    },
  })
  @Optional()
  @ValidateNested({ each: true, message: 'must be an object' })
  @Type(() => StateCreate)
  @ArrayMaxSize(MAX_STATES, { message: `must have at most ${MAX_STATES} states` })
  @IsArray({ message: 'must be an array of states' })
  states?: StateCreate[];
}

/** What a batch PUT (and an import line) of this resource is matched by; a repeated key is refused on the later member. */
export const COUNTRY_BATCH_KEY: BatchKey<CountryCreate> = textKey('code');
