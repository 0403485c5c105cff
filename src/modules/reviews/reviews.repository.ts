import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PageRequest, PageRows } from '../../common/paging/page-request.js';
import { decodeRows, jsonArraySql, jsonRowDecoder, jsonRowSql } from '../../database/sql/json.js';
import { pageOfQuery } from '../../database/sql/page.js';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';
import { Table } from '../../database/table.js';
import type { ReviewStatus } from './domain/review-status.js';
import { Review } from './review.entity.js';

/** The filters of GET /reviews (and of a product's reviews: `product_id`). */
export interface ReviewFilter {
  status?: ReviewStatus;
  product_id?: number;
  customer_id?: number;
  rating?: number;
  created_min?: Date;
  created_before?: Date;
}

/** Every statement on reviews: a page with its filters, a review by id (within its product), writes, a product's approved ratings, and the product embed's fragment. */
@Injectable()
export class ReviewsRepository {
  /** Reviews are addressed by id only. */
  readonly reviews: Table<Review>;
  /** Rows of reviewsJsonSql with their timestamps as Dates (in place). */
  readonly decodeEmbedded: (rows: Review[]) => Review[];

  constructor(private readonly dataSource: DataSource) {
    this.reviews = new Table(dataSource, Review, { alt: null, label: 'Review' });
    const decode = jsonRowDecoder(dataSource, Review);
    this.decodeEmbedded = (rows) => {
      decodeRows(rows, decode);
      return rows;
    };
  }

  /** A page of reviews with its filters and the capped total of every collection. */
  @GenerateSql(
    { name: 'first page', args: [SqlArg.manager, {}, { sort: 'id', column: 'id', order: 'ASC', limit: 20, page: 1, offset: 0 }] },
    {
      name: 'every filter',
      args: [
        SqlArg.manager,
        {
          status: 'approved',
          product_id: 1,
          customer_id: 1,
          rating: 5,
          created_min: new Date('2026-01-01T00:00:00Z'),
          created_before: new Date('2026-02-01T00:00:00Z'),
        },
        { sort: 'created_at', column: 'created_at', order: 'DESC', limit: 20, page: 1, offset: 0, cursor: 5 },
      ],
    },
  )
  page(m: EntityManager, filter: ReviewFilter, req: PageRequest): Promise<PageRows<Review>> {
    const qb = m.createQueryBuilder(Review, 'r');
    for (const column of ['status', 'product_id', 'customer_id', 'rating'] as const) {
      if (filter[column] !== undefined) qb.andWhere(`r.${column} = :${column}`, { [column]: filter[column] });
    }
    if (filter.created_min) qb.andWhere('r.created_at >= :created_min', { created_min: filter.created_min });
    if (filter.created_before) qb.andWhere('r.created_at < :created_before', { created_before: filter.created_before });
    return pageOfQuery(m, qb, req);
  }

  /** The sum and count of a product's approved ratings, in one statement: what its rating is computed from. */
  @GenerateSql({ args: [SqlArg.manager, 1] })
  async approvedRatings(m: EntityManager, productId: number): Promise<{ sum: number; count: number }> {
    const [row] = await runStatement<{ sum: number; count: number }>(
      m,
      `SELECT COALESCE(sum(r.rating), 0)::int AS sum, count(*)::int AS count FROM ${this.reviews.sqlName} r
        WHERE r.product_id = $1 AND r.status = 'approved'`,
      [productId],
    );
    return row;
  }

  /**
   * A product's reviews, newest first, as a JSON array expression over the product aliased `alias`
   * (a fragment the catalog's product read embeds; decodeEmbedded gives the rows their Dates back).
   */
  @GenerateSql({ args: ['p'] })
  reviewsJsonSql(alias: string): string {
    return `(SELECT ${jsonArraySql(jsonRowSql(this.dataSource, Review, 'rv'), 'rv.created_at DESC, rv.id DESC')}
               FROM ${this.reviews.sqlName} rv WHERE rv.product_id = ${alias}.id)`;
  }
}
