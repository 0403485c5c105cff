import { Field } from '../../openapi/fields.js';
import { FIELD_ENTITIES, FIELD_TYPES } from './domain/field-value.js';

/** The JSON of a custom field definition (presentDefinition). */
export class CustomFieldDefinitionView {
  @Field.id() id: number;
  @Field.text({ example: 'gift_wrap', pattern: '^[a-z][a-z0-9_]{0,63}$' }) name: string;
  @Field.text({ example: 'Gift wrap' }) label: string;
  @Field.enum(FIELD_ENTITIES, { example: 'product' }) entity: string;
  @Field.enum(FIELD_TYPES, { example: 'select' }) type: string;
  @Field.strings({ nullable: true, description: 'The choices of a `select` field; null for every other type.', example: ['none', 'paper'] })
  options: string[] | null;
  @Field.flag() is_required: 0 | 1;
  @Field.text({ nullable: true, description: 'Canonical text of the default value (`"1"` for true).', example: 'none' })
  default_value: string | null;
  @Field.text({ nullable: true, example: 'Wrapping the buyer chose.' }) description: string | null;
  @Field.integer() sort_order: number;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

declare module '../webhooks/event-data.types.js' {
  /** The `data` of this module's events, by the event catalog's schema name (src/modules/webhooks/event-data.types.ts). */
  interface EventDataBySchema {
    CustomFieldDefinitionView: CustomFieldDefinitionView;
  }
}
