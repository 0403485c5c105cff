import { flag, timestamp } from '../../common/format/format.js';
import type { CustomFieldDefinition } from './custom-field-definition.entity.js';
import type { CustomFieldDefinitionView } from './custom-fields.views.js';

export function presentDefinition(d: CustomFieldDefinition): CustomFieldDefinitionView {
  return {
    id: d.id,
    name: d.name,
    label: d.label,
    entity: d.entity,
    type: d.type,
    options: d.options,
    is_required: flag(d.is_required),
    default_value: d.default_value,
    description: d.description,
    sort_order: d.sort_order,
    created_at: timestamp(d.created_at),
    updated_at: timestamp(d.updated_at),
  };
}
