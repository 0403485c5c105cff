import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../../database/sql/snapshot.js';
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

  /** The coupon with this code in any case, or null (on the lower(code) index). */
  @GenerateSql({ args: [SqlArg.manager, 'WELCOME10'] })
  byCode(m: EntityManager, code: string): Promise<Coupon | null> {
    return m.getRepository(Coupon).createQueryBuilder('c').where('lower(c.code) = lower(:code)', { code }).getOne();
  }
}
