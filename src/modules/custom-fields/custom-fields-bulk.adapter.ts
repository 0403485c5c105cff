import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BulkAdapter, type BulkResourceAdapter, exportedMembers, upsertedIds } from '../../common/bulk/bulk-resource.adapter.js';
import { threadFile } from '../../common/threads/thread-pool.js';
import { CUSTOM_FIELD_BATCH_KEY, CustomFieldDefinitionCreate } from './dto/custom-field-definition.input.js';
import { CustomFieldDefinition } from './custom-field-definition.entity.js';
import { CustomFieldsService } from './custom-fields.service.js';

/** Custom field definitions in bulk imports and exports. */
@Injectable()
@BulkAdapter()
export class CustomFieldsBulkAdapter implements BulkResourceAdapter<CustomFieldDefinitionCreate> {
  readonly resource = 'customfielddefinitions';
  readonly member = CustomFieldDefinitionCreate;
  readonly memberFile = threadFile(import.meta.url, 'dto/custom-field-definition.input.js');
  readonly key = CUSTOM_FIELD_BATCH_KEY;
  readonly tables = [CustomFieldDefinition];

  constructor(private readonly service: CustomFieldsService) {}

  async upsert(members: CustomFieldDefinitionCreate[]) {
    return upsertedIds(await this.service.upsertMany(members));
  }

  async exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null) {
    return exportedMembers(CustomFieldDefinitionCreate, await this.service.exportPage(m, afterId, limit, updatedMin));
  }
}
