import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';
import type { PageRequest, PageRows } from '../../common/paging/page-request.js';
import { Table, tableOf } from '../../database/table.js';
import { CustomFieldDefinition } from './custom-field-definition.entity.js';

/** Every statement of custom field definitions: those of their table. */
@Injectable()
export class CustomFieldsRepository {
  /** `{id|name}`; names compare as stored (case-sensitive, on the plain unique index). */
  readonly definitions: Table<CustomFieldDefinition>;

  constructor(private readonly dataSource: DataSource) {
    this.definitions = new Table(dataSource, CustomFieldDefinition, { alt: 'name', label: 'Custom field' });
  }

  /** A page of the definitions of an entity (a product's custom field values list one per definition). */
  @GenerateSql({ args: [SqlArg.manager, 'product', { sort: 'id', column: 'id', order: 'ASC', limit: 10, page: 1, offset: 0 }] })
  pageOf(m: EntityManager, entity: string, req: PageRequest): Promise<PageRows<CustomFieldDefinition>> {
    return this.definitions.page(m, req, { where: { entity } });
  }

  /** A definition of an entity by id or name; one of another entity is unknown here (RowNotFoundError, a 404). */
  @GenerateSql(
    { name: 'id or name', args: [SqlArg.manager, 'product', '1'] },
    { name: 'name', args: [SqlArg.manager, 'product', 'origin'] },
  )
  findOf(m: EntityManager, entity: string, key: string): Promise<CustomFieldDefinition> {
    return this.definitions.find(m, key, { where: { entity } });
  }

  /** The definitions of these names for an entity, in one statement (a batch's fields); none for no names. */
  @GenerateSql({ args: [SqlArg.manager, 'product', ['origin']] })
  async named(m: EntityManager, entity: string, names: string[]): Promise<CustomFieldDefinition[]> {
    if (names.length === 0) return [];
    const rows = await runStatement<CustomFieldDefinition>(
      m,
      `SELECT * FROM ${tableOf(this.dataSource, CustomFieldDefinition)} WHERE entity = $1 AND name = ANY($2::text[])`,
      [entity, names],
    );
    return rows.map((r) => m.create(CustomFieldDefinition, r));
  }

  /** The definitions of these ids, in one statement; none for no ids. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  async withIds(m: EntityManager, ids: number[]): Promise<CustomFieldDefinition[]> {
    if (ids.length === 0) return [];
    const rows = await runStatement<CustomFieldDefinition>(
      m,
      `SELECT * FROM ${tableOf(this.dataSource, CustomFieldDefinition)} WHERE id = ANY($1::int[])`,
      [ids],
    );
    return rows.map((r) => m.create(CustomFieldDefinition, r));
  }
}
