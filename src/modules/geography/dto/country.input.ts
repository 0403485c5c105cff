import { type BatchKey, textKey } from '../../../common/batch/batch-body.pipe.js';
import { Transform } from 'class-transformer';
import { Matches } from 'class-validator';
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

/** What a batch PUT (and an import line) of this resource is matched by; a repeated key is refused on the later member. */
export const COUNTRY_BATCH_KEY: BatchKey<CountryCreate> = textKey('code');
