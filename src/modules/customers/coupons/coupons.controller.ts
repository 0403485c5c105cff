import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../../common/auth/scopes.js';
import { ApiBatch, ApiItem, ApiPage, ApiPathParams } from '../../../openapi/decorators.js';
import { CouponView } from './coupons.views.js';
import { ItemQuery, SyncListQuery } from '../../../common/paging/list-query.dto.js';
import { CouponsService } from './coupons.service.js';
import { COUPON_BATCH_KEY, CouponCreate, CouponPatch } from './dto/coupon.input.js';
import { ArrayBodyRoute } from '../../../common/batch/array-body.js';
import { BatchBody } from '../../../common/batch/batch-body.pipe.js';
import { batchAnswer } from '../../../common/batch/batch-result.js';
import { COUPON_LIST } from '../customers.lists.js';

const COUPON = ['coupon/:key', 'coupons/:key'];

/** Coupons, addressed by id or code (any case). */
@ApiPathParams({ key: 'Coupon id or code (any case).' })
@Controller()
@ScopeGroup('coupons')
export class CouponsController {
  constructor(private readonly coupons: CouponsService) {}

  @Get('coupons')
  @ApiPage(CouponView, COUPON_LIST)
  list(@Query() query: SyncListQuery) {
    return this.coupons.list(query);
  }

  @Put('coupons')
  @ArrayBodyRoute()
  @ApiBatch(CouponView, {
    description:
      'Each member is matched by `code` (any case): an unknown one is created, a known one replaced as its PUT would. Up to 1,000 members, all or nothing; nothing is deleted.',
  })
  putMany(@BatchBody(CouponCreate, { key: COUPON_BATCH_KEY }) members: CouponCreate[]) {
    return this.coupons.upsertMany(members).then(batchAnswer);
  }

  @Post(['coupon', 'coupons'])
  @ApiItem(CouponView)
  create(@Body() body: CouponCreate) {
    return this.coupons.create(body);
  }

  @Get(COUPON)
  @ApiItem(CouponView)
  get(@Param('key') key: string, @Query() query: ItemQuery) {
    return this.coupons.get(key, query);
  }

  @Patch(COUPON)
  @ApiItem(CouponView)
  update(@Param('key') key: string, @Body() body: CouponPatch) {
    return this.coupons.update(key, body);
  }

  @Put(COUPON)
  @ApiItem(CouponView, { creates: 'Created: no coupon had the code of the path.' })
  replace(@Param('key') key: string, @Body() body: CouponCreate) {
    return this.coupons.replace(key, body);
  }

  @Delete(COUPON)
  @ApiItem(CouponView)
  remove(@Param('key') key: string) {
    return this.coupons.remove(key);
  }
}
