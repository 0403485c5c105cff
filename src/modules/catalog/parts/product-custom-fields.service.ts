import { Injectable } from '@nestjs/common';
import { parseEmbed } from '../../../common/embed/embed.js';
import type { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { pageRequest, toPage } from '../../../common/paging/page-request.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { CustomFieldsService } from '../../custom-fields/custom-fields.service.js';
import { presentFieldValue } from '../catalog.presenter.js';
import { ProductCustomFieldValuesRepository } from './product-custom-field-values.repository.js';
import { ProductRowsRepository } from '../products/product-rows.repository.js';
import { PRODUCT_CUSTOM_FIELD_LIST } from '../catalog.lists.js';

/**
 * A product's custom field values, one per `product` definition, as their GETs read them: unset
 * values read as the definition's default_value, else null. They are set by the product write
 * (ProductWriteService.setCustomField).
 */
@Injectable()
export class ProductCustomFieldsService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly rows: ProductRowsRepository,
    private readonly values: ProductCustomFieldValuesRepository,
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
}
