import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { parseEmbed } from '../../../common/embed/embed.js';
import { ApiError } from '../../../common/http/api-error.js';
import { assertIfMatch } from '../../../common/http/etag.js';
import type { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { pageRequest, toPage } from '../../../common/paging/page-request.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { EventRecorder } from '../../webhooks/event-recorder.service.js';
import { CustomFieldsService } from '../../custom-fields/custom-fields.service.js';
import { normalizeFieldValue } from '../../custom-fields/domain/field-value.js';
import { customFieldEvent, presentFieldValue } from '../catalog.presenter.js';
import type { ProductCustomFieldView } from '../catalog.views.js';
import type { CustomFieldValueInput } from './dto/custom-field-value.input.js';
import { ProductCustomFieldValuesRepository } from './product-custom-field-values.repository.js';
import { ProductRowsRepository } from '../products/product-rows.repository.js';
import { PRODUCT_CUSTOM_FIELD_LIST } from '../catalog.lists.js';

/**
 * A product's custom field values, one per `product` definition. Unset values read as the
 * definition's default_value, else null; PATCH stores the canonical text of the value, null clears it.
 */
@Injectable()
export class ProductCustomFieldsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly rows: ProductRowsRepository,
    private readonly values: ProductCustomFieldValuesRepository,
    private readonly events: EventRecorder,
    private readonly definitions: CustomFieldsService,
  ) {}

  async list(productKey: string, query: ListQuery) {
    parseEmbed(query.embed, {});
    const req = pageRequest(query, PRODUCT_CUSTOM_FIELD_LIST.sortable);
    const m = this.tx.direct;
    const product = await this.rows.products.find(m, productKey);
    return toPage(req, await this.definitions.pageOf(m, 'product', req), async (definitions) => {
      const stored = await this.values.valuesOf(
        m,
        product.id,
        definitions.map((d) => d.id),
      );
      const byDefinition = new Map(stored.map((v) => [v.definition_id, v.value]));
      return definitions.map((d) => presentFieldValue(d, byDefinition.get(d.id)));
    });
  }

  async get(productKey: string, name: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    const m = this.tx.direct;
    const product = await this.rows.products.find(m, productKey);
    const definition = await this.definitions.findOf(m, 'product', name);
    return presentFieldValue(definition, await this.values.storedValue(m, product.id, definition.id));
  }

  update(productKey: string, name: string, input: CustomFieldValueInput) {
    return this.tx.run(async (m) => {
      const product = await this.rows.products.find(m, productKey, { lock: true });
      const definition = await this.definitions.findOf(m, 'product', name);
      const stored = await this.values.storedValue(m, product.id, definition.id);
      const before = presentFieldValue(definition, stored);
      assertIfMatch(before);
      if (input.value === null) {
        if (definition.is_required) throw ApiError.field('value', 'is required');
        // Clearing what is not set changes nothing: no write, no event.
        if (stored === undefined) return before;
        await this.values.clearValue(m, product.id, definition.id);
        await this.record(m, product.id, 'deleted', before);
        return presentFieldValue(definition, undefined);
      }
      const normalized = normalizeFieldValue(definition, input.value);
      if (!normalized.ok) throw ApiError.field('value', normalized.message);
      // The value it has already: nothing changes, not its updated_at, and no event is recorded.
      if (stored === normalized.value) return before;
      await this.values.setValue(m, product.id, definition.id, normalized.value);
      const after = presentFieldValue(definition, normalized.value);
      await this.record(m, product.id, 'updated', after);
      return after;
    });
  }

  /**
   * `product.customfield.updated` (a value set) or `.deleted` (a value cleared, `data` as it was),
   * in the write's transaction; `data` is the value as GET /product/{id}/customfield/{name} shows
   * it. A value has no id of its own, so `resource_id` is the product's.
   */
  private record(m: EntityManager, productId: number, action: 'updated' | 'deleted', data: ProductCustomFieldView): Promise<void> {
    return this.events.record(m, customFieldEvent(action, productId, data));
  }
}
