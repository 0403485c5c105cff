import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { FieldErrorBag } from '../../common/http/api-error.js';
import { changesOf, deleteById, insertReturning, updateReturning } from '../../common/crud/write.js';
import { parseEmbed } from '../../common/embed/embed.js';
import { assertIfMatch } from '../../common/http/etag.js';
import { findByKey } from '../../common/http/identifiers.js';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { paginate, sortableColumns, toPage } from '../../common/paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';
import { CustomFieldDefinition } from './custom-field-definition.entity.js';
import { normalizeFieldValue } from './domain/field-value.js';
import type { CustomFieldDefinitionCreate, CustomFieldDefinitionPatch } from './dto/custom-field-definition.input.js';
import { presentDefinition } from './custom-fields.presenter.js';

const SORT = sortableColumns('id', 'name', 'entity', 'type', 'sort_order', 'created_at', 'updated_at');
const byName = (lock = false) => ({ alt: 'name', label: 'Custom field', lock });

@Injectable()
export class CustomFieldsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  async list(query: ListQuery) {
    parseEmbed(query.embed, {});
    const qb = this.dataSource.getRepository(CustomFieldDefinition).createQueryBuilder('r');
    return toPage(await paginate(qb, query, SORT), (rows) => rows.map(presentDefinition));
  }

  async get(key: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    return presentDefinition(await findByKey(this.dataSource.manager, CustomFieldDefinition, key, byName()));
  }

  create(input: CustomFieldDefinitionCreate) {
    return this.tx.run(async (m) => {
      const values = this.checked(changesOf(input), null);
      return presentDefinition(await insertReturning(m, CustomFieldDefinition, values));
    });
  }

  update(key: string, input: CustomFieldDefinitionPatch) {
    return this.tx.run(async (m) => {
      const current = await findByKey(m, CustomFieldDefinition, key, byName(true));
      assertIfMatch(presentDefinition(current));
      const values = this.checked(changesOf(input), current);
      return presentDefinition(await updateReturning(m, CustomFieldDefinition, current, values));
    });
  }

  remove(key: string) {
    return this.tx.run(async (m) => {
      const current = await findByKey(m, CustomFieldDefinition, key, byName(true));
      assertIfMatch(presentDefinition(current));
      await deleteById(m, CustomFieldDefinition, current.id);
      return presentDefinition(current);
    });
  }

  /** Definitions of one entity, in display order; what product values and quote fields are checked against. */
  forEntity(m: EntityManager, entity: string): Promise<CustomFieldDefinition[]> {
    return m.getRepository(CustomFieldDefinition).find({ where: { entity }, order: { sort_order: 'ASC', id: 'ASC' } });
  }

  /**
   * Rules that span fields, checked on the definition as it will be stored: `options` are required
   * (non-empty, distinct) for `select` and refused otherwise; `default_value` must be valid for the type.
   */
  private checked(input: Partial<CustomFieldDefinitionPatch>, current: CustomFieldDefinition | null): Partial<CustomFieldDefinition> {
    const bag = new FieldErrorBag();
    const { default_value: inputDefault, ...rest } = input;
    const type = input.type ?? current!.type;
    let options = input.options !== undefined ? input.options : (current?.options ?? null);
    if (type === 'select') {
      if (!options || options.length === 0) bag.add('options', 'is required for a select field');
      else if (new Set(options).size !== options.length) bag.add('options', 'must not repeat a value');
    } else if (options !== null) {
      // Options left over from a former select type go; options sent for another type are an error.
      if (input.options !== undefined) bag.add('options', 'is only allowed for a select field');
      options = null;
    }
    let defaultValue = inputDefault !== undefined ? inputDefault : (current?.default_value ?? null);
    if (defaultValue !== null && bag.empty) {
      const normalized = normalizeFieldValue({ type, options }, defaultValue);
      if (normalized.ok) defaultValue = normalized.value;
      else bag.add('default_value', normalized.message);
    }
    bag.throwIfAny();
    return { ...(rest as Partial<CustomFieldDefinition>), options, default_value: defaultValue as string | null };
  }
}
