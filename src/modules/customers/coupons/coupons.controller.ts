import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ScopeGroup } from '../../../common/auth/scopes.js';
import { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { CouponsService } from './coupons.service.js';
import { CouponCreate, CouponPatch } from './dto/coupon.input.js';

const COUPON = ['coupon/:key', 'coupons/:key'];

/** Coupons, addressed by id or code (any case). */
@Controller()
@ScopeGroup('coupons')
export class CouponsController {
  constructor(private readonly coupons: CouponsService) {}

  @Get('coupons')
  list(@Query() query: ListQuery) {
    return this.coupons.list(query);
  }

  @Post(['coupon', 'coupons'])
  create(@Body() body: CouponCreate) {
    return this.coupons.create(body);
  }

  @Get(COUPON)
  get(@Param('key') key: string, @Query() query: ItemQuery) {
    return this.coupons.get(key, query);
  }

  @Patch(COUPON)
  update(@Param('key') key: string, @Body() body: CouponPatch) {
    return this.coupons.update(key, body);
  }

  @Delete(COUPON)
  remove(@Param('key') key: string) {
    return this.coupons.remove(key);
  }
}
