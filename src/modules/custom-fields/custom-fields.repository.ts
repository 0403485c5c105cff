import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Table } from '../../database/table.js';
import { CustomFieldDefinition } from './custom-field-definition.entity.js';

/** Every statement of custom field definitions: those of their table. */
@Injectable()
export class CustomFieldsRepository {
  /** `{id|name}`; names compare as stored (case-sensitive, on the plain unique index). */
  readonly definitions: Table<CustomFieldDefinition>;

  constructor(dataSource: DataSource) {
    this.definitions = new Table(dataSource, CustomFieldDefinition, { alt: 'name', label: 'Custom field' });
  }
}
