import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { mayRead, requestScopes, requireRead } from '../../common/auth/resource-scopes.js';
import { changesOf } from '../../common/crud/changes.js';
import { replacementValues, writableFieldsOf } from '../../common/crud/replacement.js';
import { parseEmbed } from '../../common/embed/embed.js';
import { ApiError } from '../../common/http/api-error.js';
import { assertIfMatch } from '../../common/http/etag.js';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { pageRequest, toPage } from '../../common/paging/page-request.js';
import { TransactionRunner } from '../../database/transaction.js';
import { ProductEmbedRegistry } from '../catalog/products/product-embed.registry.js';
import { ProductsService } from '../catalog/products/products.service.js';
import { CustomersService } from '../customers/customers.service.js';
import { OrdersService } from '../orders/orders.service.js';
import { type ChangeEvent, EventRecorder } from '../webhooks/event-recorder.service.js';
import { ratingAverage } from './domain/rating.js';
import { becomesApproved } from './domain/review-status.js';
import type { ReviewCreate, ReviewListQuery, ReviewPatch } from './dto/review.input.js';
import type { Review } from './review.entity.js';
import { presentReview } from './reviews.presenter.js';
import { type ReviewFilter, ReviewsRepository } from './reviews.repository.js';
import type { ReviewView } from './reviews.views.js';
import { REVIEW_LIST } from './reviews.lists.js';

/**
 * Product reviews. A write locks the product (ProductsService.lockProduct), so the writes of one
 * product's reviews take turns, and the product's rating (its approved reviews' mean and count,
 * domain/rating.ts) is stored by the catalog in the same transaction. `verified_purchase` asks the
 * orders module; the customer and the e-mail's customer are the customers module's answers.
 */
@Injectable()
export class ReviewsService implements OnModuleInit {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly repository: ReviewsRepository,
    private readonly products: ProductsService,
    private readonly customers: CustomersService,
    private readonly orders: OrdersService,
    private readonly registry: ProductEmbedRegistry,
    private readonly events: EventRecorder,
  ) {}

  /** `embed=reviews` on a product: the catalog embeds this module's fragment in its one read statement. */
  onModuleInit(): void {
    this.registry.register('reviews', {
      resource: 'review',
      sql: (alias) => this.repository.reviewsJsonSql(alias),
      present: (rows) => this.repository.decodeEmbedded((rows as Review[] | null) ?? []).map(presentReview),
    });
  }

  /** GET /reviews: every product's. */
  list(query: ReviewListQuery) {
    return this.page(query, {});
  }

  /** GET /product/{p}/reviews (404 for an unknown product). */
  async listOfProduct(productKey: string, query: ReviewListQuery) {
    const product = await this.products.productRow(this.tx.direct, productKey, false);
    return this.page(query, { product_id: product.id });
  }

  /** GET /review/{id}. */
  async getReview(id: string, query: ItemQuery): Promise<ReviewView> {
    parseEmbed(query.embed, {});
    return presentReview(await this.repository.reviews.find(this.tx.direct, id));
  }

  /** GET /product/{p}/review/{id}: 404 when the review is not of that product. */
  async get(productKey: string, id: string, query: ItemQuery): Promise<ReviewView> {
    parseEmbed(query.embed, {});
    const m = this.tx.direct;
    const product = await this.products.productRow(m, productKey, false);
    return presentReview(await this.repository.reviews.find(m, id, { where: { product_id: product.id } }));
  }

  create(productKey: string, input: ReviewCreate): Promise<ReviewView> {
    return this.tx.run(async (m) => {
      const product = await this.products.lockProduct(m, productKey);
      const values: Record<string, unknown> = { ...changesOf(input), product_id: product.id };
      const customerId = (values.customer_id as number | null | undefined) ?? null;
      await this.assertCustomer(m, customerId);
      values.verified_purchase = await this.verified(m, product.id, customerId, (values.author_email as string | null | undefined) ?? null);
      const status = (values.status as Review['status'] | undefined) ?? 'pending';
      if (becomesApproved(null, status)) values.approved_at = () => 'now()';
      const view = presentReview(await this.repository.reviews.insert(m, values));
      await this.record(m, 'created', view, becomesApproved(null, status));
      if (status === 'approved') await this.refreshRating(m, product.id);
      return view;
    });
  }

  update(productKey: string, id: string, input: ReviewPatch): Promise<ReviewView> {
    return this.change(productKey, id, changesOf(input));
  }

  /**
   * PUT /product/{p}/review/{id}: the review becomes the body, a field left out taking what a create
   * gives it (`status` pending, the others null), under PATCH's rules (`verified_purchase` computed
   * again when the customer or e-mail changes, `approved_at` when it becomes approved). A review has
   * no key of its own, so an id that names none is a 404 (no create).
   */
  replace(productKey: string, id: string, input: ReviewCreate): Promise<ReviewView> {
    return this.change(
      productKey,
      id,
      replacementValues(input, writableFieldsOf(input.constructor), this.repository.reviews.columnDefaults()),
    );
  }

  private change(productKey: string, id: string, values: Record<string, unknown>): Promise<ReviewView> {
    return this.tx.run(async (m) => {
      const product = await this.products.lockProduct(m, productKey);
      const current = await this.repository.reviews.find(m, id, { lock: true, where: { product_id: product.id } });
      assertIfMatch(presentReview(current));
      const customerId = values.customer_id === undefined ? current.customer_id : (values.customer_id as number | null);
      const email = values.author_email === undefined ? current.author_email : (values.author_email as string | null);
      if (values.customer_id !== undefined && customerId !== current.customer_id) await this.assertCustomer(m, customerId);
      if (customerId !== current.customer_id || email !== current.author_email) {
        values.verified_purchase = await this.verified(m, product.id, customerId, email);
      }
      const status = (values.status as Review['status'] | undefined) ?? current.status;
      const approved = becomesApproved(current.status, status);
      if (approved) values.approved_at = () => 'now()';
      const { row, changed } = await this.repository.reviews.change(m, current, values);
      const view = presentReview(row);
      if (!changed) return view;
      await this.record(m, 'updated', view, approved);
      if (current.status === 'approved' || status === 'approved') await this.refreshRating(m, product.id);
      return view;
    });
  }

  remove(productKey: string, id: string): Promise<ReviewView> {
    return this.tx.run(async (m) => {
      const product = await this.products.lockProduct(m, productKey);
      const current = await this.repository.reviews.find(m, id, { lock: true, where: { product_id: product.id } });
      const view = presentReview(current);
      assertIfMatch(view);
      await this.repository.reviews.delete(m, current.id);
      await this.record(m, 'deleted', view, false);
      if (current.status === 'approved') await this.refreshRating(m, product.id);
      return view;
    });
  }

  private async page(query: ReviewListQuery, scope: ReviewFilter) {
    parseEmbed(query.embed, {});
    const req = pageRequest(query as ListQuery, REVIEW_LIST.sortable);
    const filter: ReviewFilter = {
      status: query.status,
      product_id: query.product_id,
      customer_id: query.customer_id,
      rating: query.rating,
      ...scope,
    };
    // A product's own list ignores a product_id filter for another product: it lists nothing.
    if (scope.product_id !== undefined && query.product_id !== undefined && query.product_id !== scope.product_id) filter.product_id = 0;
    // Timestamps are shown to the second, so the bounds take whole seconds (as GET /orders does).
    if (query.created_at_min) filter.created_min = wholeSecond(query.created_at_min);
    if (query.created_at_max) filter.created_before = new Date(wholeSecond(query.created_at_max).getTime() + 1000);
    return toPage(req, await this.repository.page(this.tx.direct, filter, req), (rows) => rows.map(presentReview));
  }

  /**
   * A review's customer must exist; naming one at all needs `customers:read` (403 naming it), so a key
   * that may not read customers cannot learn which ids exist from the 422.
   */
  private async assertCustomer(m: EntityManager, customerId: number | null): Promise<void> {
    if (customerId === null) return;
    requireRead('customer');
    if (!(await this.customers.exists(m, customerId))) throw ApiError.field('customer_id', 'does not exist');
  }

  /**
   * The review's customer (by id, else by the e-mail) has an order that is not cancelled with a line of
   * the product. Computed only for a key that may read customers and orders: for any other it is false,
   * so writing reviews (an e-mail, a customer) tells a key nothing about who bought what.
   */
  private async verified(m: EntityManager, productId: number, customerId: number | null, email: string | null): Promise<boolean> {
    const scopes = requestScopes();
    if (!mayRead(scopes, 'customer') || !mayRead(scopes, 'order')) return false;
    const buyer = customerId ?? (email ? await this.customers.idByEmail(m, email) : null);
    return buyer !== null && this.orders.hasOrderedProduct(m, buyer, productId);
  }

  /** The product's rating from its approved reviews, stored by the catalog in this transaction. */
  private async refreshRating(m: EntityManager, productId: number): Promise<void> {
    const { sum, count } = await this.repository.approvedRatings(m, productId);
    await this.products.setRating(m, productId, ratingAverage(sum, count), count);
  }

  /** `review.<action>`, then `review.approved` when the write made the review approved. */
  private record(m: EntityManager, action: 'created' | 'updated' | 'deleted', view: ReviewView, approved: boolean) {
    const events: ChangeEvent[] = [{ type: `review.${action}`, resource: 'review', resource_id: view.id, data: view }];
    if (approved) events.push({ type: 'review.approved', resource: 'review', resource_id: view.id, data: view });
    return this.events.record(m, events);
  }
}

const wholeSecond = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);
