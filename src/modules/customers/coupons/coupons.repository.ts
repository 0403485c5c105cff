import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Table } from '../../../database/table.js';
import { Coupon } from './coupon.entity.js';

/** Every statement of coupons. */
@Injectable()
export class CouponsRepository {
  /** `{id|code}`; codes in any case (`lower(code) = lower($)` on UQ_coupons_code, a lower(code) index). */
  readonly coupons: Table<Coupon>;

  constructor(dataSource: DataSource) {
    this.coupons = new Table(dataSource, Coupon, { alt: 'code', fold: 'lower', label: 'Coupon' });
  }
}
