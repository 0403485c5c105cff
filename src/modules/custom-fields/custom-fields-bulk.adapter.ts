import { serviceBulkAdapter } from '../../common/bulk/bulk-resource.adapter.js';
import { threadFile } from '../../common/threads/thread-pool.js';
import { CUSTOM_FIELD_BATCH_KEY, CustomFieldDefinitionCreate } from './dto/custom-field-definition.input.js';
import { CustomFieldDefinition } from './custom-field-definition.entity.js';
import { CustomFieldsService } from './custom-fields.service.js';

/** Custom field definitions in bulk imports and exports. */
export const CustomFieldsBulkAdapter = serviceBulkAdapter('CustomFieldsBulkAdapter', CustomFieldsService, {
  resource: 'customfielddefinitions',
  member: CustomFieldDefinitionCreate,
  memberFile: threadFile(import.meta.url, 'dto/custom-field-definition.input.js'),
  key: CUSTOM_FIELD_BATCH_KEY,
  tables: [CustomFieldDefinition],
});
