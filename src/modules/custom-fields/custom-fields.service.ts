import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CrudResource } from '../../common/crud/crud-resource.js';
import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import type { PageRequest, PageRows } from '../../common/paging/page-request.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { CustomFieldDefinition } from './custom-field-definition.entity.js';
import { CustomFieldsRepository } from './custom-fields.repository.js';
import { presentDefinition } from './custom-fields.presenter.js';
import { normalizeFieldValue } from './domain/field-value.js';
import type { CustomFieldDefinitionPatch } from './dto/custom-field-definition.input.js';
import { EventRecorder } from '../webhooks/event-recorder.service.js';
import { CUSTOM_FIELD_LIST } from './custom-fields.lists.js';

/** Custom field definitions, addressed by name (or id). */
@Injectable()
export class CustomFieldsService extends CrudResource<CustomFieldDefinition, ReturnType<typeof presentDefinition>> {
  constructor(
    tx: TransactionRunner,
    private readonly repository: CustomFieldsRepository,
    recorder: EventRecorder,
  ) {
    super(tx, {
      events: recorder.for('customfielddefinition'),
      table: repository.definitions,
      createByKey: true,
      list: CUSTOM_FIELD_LIST,
      present: async (_m, rows) => rows.map(presentDefinition),
      check: (_m, values, current) => checked(values as Partial<CustomFieldDefinitionPatch>, current),
    });
  }

  /** A page of the definitions of an entity, in one statement (and its count). */
  pageOf(m: EntityManager, entity: string, req: PageRequest): Promise<PageRows<CustomFieldDefinition>> {
    return this.repository.pageOf(m, entity, req);
  }

  /** A definition of an entity by id or name (404 when it has none of that key). */
  findOf(m: EntityManager, entity: string, key: string): Promise<CustomFieldDefinition> {
    return this.repository.findOf(m, entity, key);
  }

  /** The definitions of these names for an entity, in one statement whatever their number (a batch's fields). */
  named(m: EntityManager, entity: string, names: string[]): Promise<CustomFieldDefinition[]> {
    return this.repository.named(m, entity, names);
  }

  /** The definitions of these ids, in one statement whatever their number. */
  withIds(m: EntityManager, ids: number[]): Promise<CustomFieldDefinition[]> {
    return this.repository.withIds(m, ids);
  }
}

/**
 * Rules that span fields, checked on the definition as it will be stored: `options` are required
 * (non-empty, distinct) for `select` and refused otherwise; `default_value` must be valid for the type.
 */
function checked(input: Partial<CustomFieldDefinitionPatch>, current: CustomFieldDefinition | null): Record<string, unknown> {
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
