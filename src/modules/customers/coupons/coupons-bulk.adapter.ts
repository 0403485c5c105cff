import { serviceBulkAdapter } from '../../../common/bulk/bulk-resource.adapter.js';
import { threadFile } from '../../../common/threads/thread-pool.js';
import { COUPON_BATCH_KEY, CouponCreate } from './dto/coupon.input.js';
import { Coupon } from './coupon.entity.js';
import { CouponsService } from './coupons.service.js';

/** Coupons in bulk imports and exports. */
export const CouponsBulkAdapter = serviceBulkAdapter('CouponsBulkAdapter', CouponsService, {
  resource: 'coupons',
  member: CouponCreate,
  memberFile: threadFile(import.meta.url, 'dto/coupon.input.js'),
  key: COUPON_BATCH_KEY,
  tables: [Coupon],
});
