import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { changesOf } from '../../common/crud/changes.js';
import { parseEmbed } from '../../common/embed/embed.js';
import { ApiError } from '../../common/http/api-error.js';
import { assertIfMatch } from '../../common/http/etag.js';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { pageRequest, sortableColumns, toPage } from '../../common/paging/page-request.js';
import { TransactionRunner } from '../../database/transaction.js';
import { type ChangeEvent, EventRecorder } from '../webhooks/event-recorder.js';
import { presentProductType } from './catalog.presenter.js';
import type { ProductTypeView } from './catalog.views.js';
import type { ProductTypeCreate, ProductTypePatch } from './dto/product-type.input.js';
import type { ProductType } from './product-type.entity.js';
import type { Product } from './product.entity.js';
import { FieldErrorBag } from '../../common/http/field-error-bag.js';
import {
  type ProductPart,
  SHIPPING_FIELDS,
  moveRefusal,
  partRefusal,
  refusedShippingFields,
  shippingFieldError,
} from './domain/product-type-rules.js';
import { ProductTypesRepository } from './repositories/product-types.repository.js';

export const PRODUCT_TYPE_SORT = ['id', 'name', 'api_code', 'created_at', 'updated_at'] as const;
const SORT = sortableColumns(...PRODUCT_TYPE_SORT);

/**
 * Product types, addressed by id or api_code. Exactly one is the default: setting `is_default` on a
 * type moves it there (switches serialized by a transaction-scoped advisory lock, as tax classes'),
 * clearing it on the default type is a 409 (the store would have none), and the default type or a
 * type products use cannot be deleted (409).
 */
@Injectable()
export class ProductTypesService {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: ProductTypesRepository,
    private readonly events: EventRecorder,
  ) {}

  async list(query: ListQuery) {
    parseEmbed(query.embed, {});
    const req = pageRequest(query, SORT);
    return toPage(req, await this.repository.types.page(this.tx.direct, req), (rows) => Promise.resolve(rows.map(presentProductType)));
  }

  async get(key: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    return presentProductType(await this.repository.types.find(this.tx.direct, key));
  }

  create(input: ProductTypeCreate) {
    return this.tx.run(async (m) => {
      const cleared = input.is_default ? await this.takeDefault(m, null) : [];
      const created = presentProductType(await this.repository.types.insert(m, changesOf(input)));
      await this.record(m, cleared, 'created', created);
      return created;
    });
  }

  update(key: string, input: ProductTypePatch) {
    return this.tx.run(async (m) => {
      // The switch lock comes before the row lock (see TaxClassesService.update).
      if (input.is_default) await this.repository.lockDefaultSwitch(m);
      const current = await this.repository.types.find(m, key, { lock: true });
      assertIfMatch(presentProductType(current));
      if (input.is_default === false && current.is_default) {
        throw ApiError.conflict(
          `Product type ${current.api_code} is the default and stays so until another type is made the default (is_default: 1 on that type).`,
        );
      }
      const cleared = input.is_default ? await this.repository.clearDefault(m, current.id) : [];
      const { row, changed } = await this.repository.types.change(m, current, changesOf(input));
      const updated = presentProductType(row);
      if (changed || cleared.length) await this.record(m, cleared, 'updated', updated);
      return updated;
    });
  }

  remove(key: string) {
    return this.tx.run(async (m) => {
      const current = await this.repository.types.find(m, key, { lock: true });
      const deleted = presentProductType(current);
      assertIfMatch(deleted);
      if (current.is_default) {
        throw ApiError.conflict(
          `Product type ${current.api_code} is the default and cannot be deleted; make another type the default first.`,
        );
      }
      const used = await this.repository.productCount(m, current.id);
      if (used > 0) {
        throw ApiError.conflict(
          `Product type ${current.api_code} is used by ${used} product${used === 1 ? '' : 's'} and cannot be deleted.`,
        );
      }
      await this.repository.types.delete(m, current.id);
      await this.record(m, [], 'deleted', deleted);
      return deleted;
    });
  }

  /**
   * A part (option, variant, extra) is about to be added to `product` (locked by the caller): 409
   * naming the type when the type does not have that part.
   */
  async assertAllows(m: EntityManager, product: Pick<Product, 'product_type_id'>, part: ProductPart): Promise<void> {
    const type = await this.repository.byId(m, product.product_type_id);
    const refusal = type && partRefusal(type, part);
    if (refusal) throw ApiError.conflict(refusal);
  }

  /**
   * The type rules of a product write (create: `current` null; update: the locked row), on the values
   * it will write: `product_type_id` must exist (422); a shipping dimension given a value for a type
   * without shipping is a 422 on that field (in `bag`); moving the product to a type that forbids
   * parts it has is a 409 listing them, and a move to a type without shipping clears its dimensions.
   * Reads a type only when the write names one or gives a dimension, so a plain write costs nothing.
   */
  async checkProductWrite(m: EntityManager, values: Record<string, unknown>, current: Product | null, bag: FieldErrorBag): Promise<void> {
    const named = values.product_type_id as number | undefined;
    const givesDimension = SHIPPING_FIELDS.some((f) => values[f] !== undefined && values[f] !== null);
    if (named === undefined && !givesDimension) return;
    const type =
      named !== undefined
        ? await this.repository.byId(m, named)
        : current
          ? await this.repository.byId(m, current.product_type_id)
          : await this.repository.defaultType(m);
    if (!type) {
      bag.add('product_type_id', 'does not exist');
      return;
    }
    for (const field of refusedShippingFields(type, values)) bag.add(field, shippingFieldError(type));
    if (!current || named === undefined || named === current.product_type_id) return;
    bag.throwIfAny();
    const refusal = moveRefusal(type, await this.repository.partCounts(m, current.id));
    if (refusal) throw ApiError.conflict(refusal);
    if (!type.has_shipping) Object.assign(values, { weight: '0', depth: null, width: null, height: null });
  }

  private async takeDefault(m: EntityManager, keepId: number | null): Promise<ProductType[]> {
    await this.repository.lockDefaultSwitch(m);
    return this.repository.clearDefault(m, keepId);
  }

  /** `product_type.<action>`; a type that lost the default to this one changed too, so its `product_type.updated` comes first. */
  private record(m: EntityManager, cleared: ProductType[], action: 'created' | 'updated' | 'deleted', view: ProductTypeView) {
    const event = (type: `product_type.${'created' | 'updated' | 'deleted'}`, data: ProductTypeView): ChangeEvent => ({
      type,
      resource: 'product_type',
      resource_id: data.id,
      data,
    });
    return this.events.record(m, [
      ...cleared.map((c) => event('product_type.updated', presentProductType(c))),
      event(`product_type.${action}`, view),
    ]);
  }
}
