import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Table } from '../../../database/table.js';
import { Coupon } from './coupon.entity.js';

/** Every statement of coupons. */
@Injectable()
export class CouponsRepository {
  /** `{id|code}`; codes in any case (`code_key = lower($)` on UQ_coupons_code: the stored `lower(code)`). */
  readonly coupons: Table<Coupon>;

  constructor(dataSource: DataSource) {
    this.coupons = new Table(dataSource, Coupon, { alt: 'code', fold: 'lower', label: 'Coupon' });
  }
}
