import { ApiProperty } from '@nestjs/swagger';
import { Allow, ArrayMaxSize, IsArray, IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { IsFlag, IsIntIn, IsText, NotBlank, Nullable, Optional, RequiredFields } from '../../../common/validation/decorators.js';
import { FIELD_ENTITIES, FIELD_TYPES } from '../domain/field-value.js';

export class CustomFieldDefinitionPatch {
  @Optional()
  @IsString({ message: 'must be a string' })
  @Matches(/^[a-z][a-z0-9_]{0,63}$/, { message: 'must start with a lower-case letter and hold only a-z, 0-9 and _ (at most 64)' })
  name?: string;

  @Optional()
  @IsText(255)
  @NotBlank()
  label?: string;

  @Optional()
  @IsIn(FIELD_ENTITIES, { message: `must be one of: ${FIELD_ENTITIES.join(', ')}` })
  entity?: string;

  @Optional()
  @IsIn(FIELD_TYPES, { message: `must be one of: ${FIELD_TYPES.join(', ')}` })
  type?: (typeof FIELD_TYPES)[number];

  @Nullable()
  @IsArray({ message: 'must be an array of strings' })
  @ArrayMaxSize(500, { message: 'must have at most 500 options' })
  @IsString({ each: true, message: 'each option must be a string' })
  @MaxLength(255, { each: true, message: 'each option must be at most 255 characters' })
  options?: string[] | null;

  @Optional()
  @IsFlag()
  is_required?: boolean;

  /** Checked against the type once the whole definition is known (service). */
  @Allow()
  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }],
    description: 'Checked against `type` (and `options`) and stored as canonical text (`true` → `"1"`); null: no default.',
    example: 'none',
  })
  default_value?: unknown;

  @Nullable()
  @IsText(4000)
  description?: string | null;

  @Optional()
  @IsIntIn(-1000000, 1000000)
  sort_order?: number;
}

@RequiredFields('name', 'label', 'entity', 'type')
export class CustomFieldDefinitionCreate extends CustomFieldDefinitionPatch {}
