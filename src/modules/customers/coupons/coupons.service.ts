import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { FieldErrorBag } from '../../../common/http/field-error-bag.js';
import type { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { TransactionRunner } from '../../../database/transaction.js';
import { CrudResource } from '../../../common/crud/crud-resource.js';
import type { Coupon } from './coupon.entity.js';
import { type CouponJson, presentCoupon } from './coupons.presenter.js';
import { CouponsRepository } from './coupons.repository.js';
import { couponTermErrors } from './domain/coupon-rules.js';
import type { CouponCreate, CouponPatch } from './dto/coupon.input.js';
import { EventRecorder } from '../../webhooks/event-recorder.service.js';
import { COUPON_LIST } from '../customers.lists.js';

@Injectable()
export class CouponsService {
  private readonly crud: CrudResource<Coupon, CouponJson>;

  constructor(
    tx: TransactionRunner,
    private readonly repository: CouponsRepository,
    recorder: EventRecorder,
  ) {
    this.crud = new CrudResource(tx, {
      events: recorder.for('coupon'),
      table: repository.coupons,
      createByKey: true,
      list: COUPON_LIST,
      present: async (_m, rows) => rows.map(presentCoupon),
      check: (_m, values, current) => checkTerms(values, current),
    });
  }

  list(query: ListQuery) {
    return this.crud.list(query);
  }

  get(key: string, query: ItemQuery) {
    return this.crud.get(key, query);
  }

  /** A code already used in any case is 422 by UQ_coupons_code (on the stored lower(code)). */
  create(input: CouponCreate) {
    return this.crud.create(input);
  }

  update(key: string, input: CouponPatch) {
    return this.crud.update(key, input);
  }

  /** PUT: the coupon becomes the body; a `code` nothing has (in any case) creates it (201). */
  replace(key: string, input: CouponCreate) {
    return this.crud.replace(key, input);
  }

  /** The batch PUT: each member upserted by its key as its item PUT would be, in one transaction. */
  upsertMany(inputs: CouponCreate[]) {
    return this.crud.upsertMany(inputs);
  }

  /** A step of an export (docs/api.md#bulk-import-and-export): the next coupons after id `afterId` as GET shows them, in id order. */
  exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null) {
    return this.crud.exportPage(m, afterId, limit, updatedMin);
  }

  remove(key: string) {
    return this.crud.remove(key);
  }
}

/** PATCH checks the coupon as it will be stored: the sent fields merged over the current ones. */
function checkTerms(values: Record<string, unknown>, current: Coupon | null): Record<string, unknown> {
  const merged = { ...current, ...values } as Coupon;
  const bag = new FieldErrorBag();
  for (const [field, message] of Object.entries(
    couponTermErrors({
      discount_type: merged.discount_type,
      discount_value: merged.discount_value,
      starts_at: merged.starts_at ?? null,
      ends_at: merged.ends_at ?? null,
    }),
  )) {
    bag.add(field, message);
  }
  bag.throwIfAny();
  return values;
}
