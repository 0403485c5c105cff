import { type BatchKey, textKey } from '../../../common/batch/batch-body.pipe.js';
import { ApiProperty } from '@nestjs/swagger';
import { Allow, ArrayMaxSize, IsArray, IsIn, IsString, Matches, MaxLength } from 'class-validator';
import { IsFlag, IsIntIn, IsText, NotBlank, Nullable, Optional, RequiredFields } from '../../../common/validation/decorators.js';
import { ApiRules } from '../../../openapi/decorators.js';
import { ANY_YEAR_DATE } from '../../../openapi/fields.js';
import { FIELD_ENTITIES, FIELD_TYPES, type FieldType } from '../domain/field-value.js';

const NO_NUL = { not: { type: 'string', pattern: '\\u0000' } };
/** What `normalizeFieldValue` takes per type, besides null (no default): `true`/`false` count as `"1"`/`"0"`. */
const DEFAULT_BY_TYPE: Record<Exclude<FieldType, 'select'>, Record<string, unknown>[]> = {
  string: [{ type: 'string', maxLength: 255, ...NO_NUL }, { type: ['number', 'boolean', 'null'] }],
  text: [{ type: 'string', maxLength: 65535, ...NO_NUL }, { type: ['number', 'boolean', 'null'] }],
  // Up to 18 digits, as text (surrounding white space trimmed) or as a JSON integer.
  integer: [
    { type: 'string', pattern: '^\\s*-?\\d{1,18}\\s*$' },
    { type: 'integer', exclusiveMinimum: -1e18, exclusiveMaximum: 1e18 },
    { type: ['boolean', 'null'] },
  ],
  // Up to 15 integer digits and 6 decimals.
  decimal: [
    { type: 'string', pattern: '^\\s*-?\\d{1,15}(\\.\\d{1,6})?\\s*$' },
    { type: 'number', multipleOf: 0.000001, exclusiveMinimum: -1e15, exclusiveMaximum: 1e15 },
    { type: ['boolean', 'null'] },
  ],
  boolean: [{ type: 'string', pattern: '^\\s*(?:[01]|[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])\\s*$' }, { enum: [0, 1, true, false, null] }],
  date: [{ type: 'string', pattern: `^\\s*${ANY_YEAR_DATE}\\s*$` }, { type: 'null' }],
};

/**
 * The rules that depend on `type`, as the service checks them, as one branch per type (`anyOf`, the
 * branches exclusive by `type`'s const): a select field has a non-empty list of distinct `options`
 * (`typeRequired`, a create: it must send them), any other type has none (null); `default_value` has
 * the shape of its type. A select's default must be one of its options, which JSON Schema cannot say
 * (the description does). A patch may leave `type` out: then its fields are checked against the
 * stored type.
 */
const typeRules = (typeRequired: boolean) => ({
  anyOf: [
    {
      properties: {
        type: { const: 'select' },
        options: { type: 'array', items: { type: 'string' }, minItems: 1, uniqueItems: true },
        // One of the options, each at most 255 characters.
        default_value: { anyOf: [{ type: 'string', maxLength: 255, ...NO_NUL }, { type: ['number', 'boolean', 'null'] }] },
      },
      required: typeRequired ? ['type', 'options'] : ['type'],
    },
    ...Object.entries(DEFAULT_BY_TYPE).map(([type, anyOf]) => ({
      properties: { type: { const: type }, options: { type: 'null' }, default_value: { anyOf } },
      required: ['type'],
    })),
    ...(typeRequired ? [] : [{ properties: { type: false } }]),
  ],
});

@ApiRules(typeRules(false))
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
  @ApiProperty({
    description: 'The choices of a select field: required for it, at least one, no repeats; null for any other type.',
    minItems: 1,
    uniqueItems: true,
  })
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
    // The longest any type takes: a text field's (field-value.ts); each type's own is in the rules by `type`.
    anyOf: [{ type: 'string', maxLength: 65535, ...NO_NUL }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }],
    description:
      'Of the shape `type` takes (text, an integer, a decimal, a boolean, a date `YYYY-MM-DD`), for a select one of `options`; ' +
      'stored as canonical text (`true` → `"1"`); null: no default. At most 65535 characters (a text field), 255 for a string field. ' +
      'A patch without `type` is checked against the stored type.',
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
@ApiRules(typeRules(true))
export class CustomFieldDefinitionCreate extends CustomFieldDefinitionPatch {}

/** What a batch PUT (and an import line) of this resource is matched by; a repeated key is refused on the later member. */
export const CUSTOM_FIELD_BATCH_KEY: BatchKey<CustomFieldDefinitionCreate> = textKey('name');
