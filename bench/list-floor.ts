import type pg from 'pg';
import { formatCurrency } from '../src/common/money/money.js';
import { presentProduct } from '../src/modules/catalog/catalog.presenter.js';
import type { ProductRecord } from '../src/modules/catalog/products/products.repository.js';
import { presentGroup } from '../src/modules/customers/customers.presenter.js';
import { presentQuote } from '../src/modules/quotes/quotes.presenter.js';
import type { QuoteSet } from '../src/modules/quotes/repositories/quote-reads.repository.js';

/**
 * The floor of `GET /quotes?limit=50`: node:http + pg answering the same document with one
 * hand-written query (the api's own list statement, recorded by countStatements), the repository's
 * decoding of its rows (`decode`: QuoteReadsRepository.decodeSet) and the same field-by-field
 * mapping, without the framework, middleware, authentication or validation. The api's ratio to it
 * is what the framework and the request pipeline cost on a heavy read.
 */
export function listFloor(
  pool: pg.Pool,
  statement: { sql: string; params: unknown[] },
  decode: <S extends QuoteSet>(set: S) => S,
  limit: number,
  storeUrl: string,
) {
  return async (): Promise<string> => {
    const [row] = (await pool.query(statement.sql, statement.params)).rows as (QuoteSet & { total: number })[];
    decode(row);
    const products = new Map(
      row.products.map((p: ProductRecord) => [
        p.row.id,
        presentProduct(p.row, {
          type: p.product_type,
          options: p.options,
          category: p.category,
          taxClass: p.tax_class,
          listBasePrice: formatCurrency(p.row.base_price, 'USD', 'en-US'),
        }),
      ]),
    );
    const data = row.quotes.map((q) =>
      presentQuote(q.row, { items: q.items, products, groups: q.groups.map((g) => presentGroup(g.row, g.customers_count)) }, storeUrl),
    );
    const last = data[data.length - 1];
    const pagination = {
      total: row.total,
      count: data.length,
      limit,
      page: 1,
      total_pages: Math.ceil(row.total / limit),
      next_cursor: data.length < row.total && last ? last.id : null,
    };
    return JSON.stringify({ meta: { status: 200, success: true, pagination }, data });
  };
}
