import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { parseEmbed } from '../../common/embed/embed.js';
import { ApiError } from '../../common/http/api-error.js';
import { assertIfMatch } from '../../common/http/etag.js';
import { findByKey } from '../../common/http/identifiers.js';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { paginate, sortableColumns, toPage } from '../../common/paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';
import { CustomFieldDefinition } from '../custom-fields/custom-field-definition.entity.js';
import { normalizeFieldValue } from '../custom-fields/domain/field-value.js';
import { findProduct } from './catalog-keys.js';
import { presentFieldValue } from './catalog.presenter.js';
import type { CustomFieldValueInput } from './dto/custom-field-value.input.js';
import { ProductCustomFieldValue } from './product-custom-field-value.entity.js';

const SORT = sortableColumns('id', 'name', 'sort_order');

/**
 * A product's custom field values, one per `product` definition. Unset values read as the
 * definition's default_value, else null; PATCH stores the canonical text of the value, null clears it.
 */
@Injectable()
export class ProductCustomFieldsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  async list(productKey: string, query: ListQuery) {
    parseEmbed(query.embed, {});
    const m = this.dataSource.manager;
    const product = await findProduct(m, productKey);
    const qb = m.getRepository(CustomFieldDefinition).createQueryBuilder('r').where('r.entity = :entity', { entity: 'product' });
    return toPage(await paginate(qb, query, SORT), async (definitions) => {
      const stored = definitions.length
        ? await m
            .getRepository(ProductCustomFieldValue)
            .find({ where: { product_id: product.id, definition_id: In(definitions.map((d) => d.id)) } })
        : [];
      const byDefinition = new Map(stored.map((v) => [v.definition_id, v.value]));
      return definitions.map((d) => presentFieldValue(d, byDefinition.get(d.id)));
    });
  }

  async get(productKey: string, name: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    const m = this.dataSource.manager;
    const product = await findProduct(m, productKey);
    const definition = await this.definition(m, name);
    return presentFieldValue(definition, await this.stored(m, product.id, definition.id));
  }

  update(productKey: string, name: string, input: CustomFieldValueInput) {
    return this.tx.run(async (m) => {
      const product = await findProduct(m, productKey, true);
      const definition = await this.definition(m, name);
      assertIfMatch(presentFieldValue(definition, await this.stored(m, product.id, definition.id)));
      if (input.value === null) {
        if (definition.is_required) throw ApiError.field('value', 'is required');
        await m.delete(ProductCustomFieldValue, { product_id: product.id, definition_id: definition.id });
        return presentFieldValue(definition, undefined);
      }
      const normalized = normalizeFieldValue(definition, input.value);
      if (!normalized.ok) throw ApiError.field('value', normalized.message);
      await m
        .createQueryBuilder()
        .insert()
        .into(ProductCustomFieldValue)
        .values({ product_id: product.id, definition_id: definition.id, value: normalized.value })
        .orUpdate(['value', 'updated_at'], ['product_id', 'definition_id'])
        .execute();
      return presentFieldValue(definition, normalized.value);
    });
  }

  /** A definition of entity `product`, by name (or id); any other is unknown here. */
  private definition(m: EntityManager, name: string) {
    return findByKey(m, CustomFieldDefinition, name, { alt: 'name', label: 'Custom field', where: { entity: 'product' } });
  }

  private async stored(m: EntityManager, productId: number, definitionId: number): Promise<string | undefined> {
    return (await m.getRepository(ProductCustomFieldValue).findOneBy({ product_id: productId, definition_id: definitionId }))?.value;
  }
}
