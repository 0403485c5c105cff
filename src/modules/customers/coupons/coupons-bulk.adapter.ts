import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BulkAdapter, type BulkResourceAdapter, exportedMembers, upsertedIds } from '../../../common/bulk/bulk-resource.adapter.js';
import { threadFile } from '../../../common/threads/thread-pool.js';
import { COUPON_BATCH_KEY, CouponCreate } from './dto/coupon.input.js';
import { Coupon } from './coupon.entity.js';
import { CouponsService } from './coupons.service.js';

/** Coupons in bulk imports and exports. */
@Injectable()
@BulkAdapter()
export class CouponsBulkAdapter implements BulkResourceAdapter<CouponCreate> {
  readonly resource = 'coupons';
  readonly member = CouponCreate;
  readonly memberFile = threadFile(import.meta.url, 'dto/coupon.input.js');
  readonly key = COUPON_BATCH_KEY;
  readonly tables = [Coupon];

  constructor(private readonly service: CouponsService) {}

  async upsert(members: CouponCreate[]) {
    return upsertedIds(await this.service.upsertMany(members));
  }

  async exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null) {
    return exportedMembers(CouponCreate, await this.service.exportPage(m, afterId, limit, updatedMin));
  }
}
