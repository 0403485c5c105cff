import { Field } from '../../openapi/fields.js';
import { ProductView } from '../catalog/catalog.views.js';
import { REVIEW_STATUSES } from './domain/review-status.js';

/** A product review, as reviews.presenter.ts builds it. */
export class ReviewView {
  @Field.id() id: number;
  @Field.id() product_id: number;
  @Field.integer({ nullable: true, example: 1, description: 'The reviewing customer; must exist.' }) customer_id: number | null;
  @Field.text({ example: 'Ada Lovelace' }) author_name: string;
  @Field.text({ nullable: true, format: 'email', example: 'ada@example.com' }) author_email: string | null;
  @Field.integer({ minimum: 1, maximum: 5, example: 5 }) rating: number;
  @Field.text({ nullable: true, example: 'Soft and warm' }) title: string | null;
  @Field.text({ nullable: true, example: 'Washed ten times, still like new.' }) text: string | null;
  @Field.enum(REVIEW_STATUSES, { description: '`pending` until the store approves or rejects the review.', example: 'approved' })
  status: string;
  @Field.text({ nullable: true, description: "The store's public answer.", example: 'Thank you, Ada!' }) reply: string | null;
  @Field.flag({
    description:
      "Read-only: 1 when the review's customer (by `customer_id`, else the customer whose e-mail is `author_email`) has an order that is not cancelled with a line of this product; computed at creation and when the customer or e-mail changes.",
  })
  verified_purchase: 0 | 1;
  @Field.timestamp({ nullable: true, description: 'When the review last became approved; null when it never was.' })
  approved_at: string | null;
  @Field.timestamp() created_at: string | null;
  @Field.timestamp() updated_at: string | null;
}

// The product's `embed=reviews`, which the reviews module registers with the catalog from above
// (ProductEmbedRegistry): the document learns of it the same way.
Field.embed(() => ReviewView, { many: true, description: "Present with `embed=reviews`: the product's reviews, newest first." })(
  ProductView.prototype,
  'reviews',
);

declare module '../webhooks/event-data.types.js' {
  /** The `data` of this module's events, by the event catalog's schema name (src/modules/webhooks/event-data.types.ts). */
  interface EventDataBySchema {
    ReviewView: ReviewView;
  }
}
