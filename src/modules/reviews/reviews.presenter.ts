import { flag, timestamp } from '../../common/format/format.js';
import type { Review } from './review.entity.js';
import type { ReviewView } from './reviews.views.js';

export function presentReview(r: Review): ReviewView {
  return {
    id: r.id,
    product_id: r.product_id,
    customer_id: r.customer_id,
    author_name: r.author_name,
    author_email: r.author_email,
    rating: r.rating,
    title: r.title,
    text: r.text,
    status: r.status,
    reply: r.reply,
    verified_purchase: flag(r.verified_purchase),
    approved_at: timestamp(r.approved_at),
    created_at: timestamp(r.created_at),
    updated_at: timestamp(r.updated_at),
  };
}
