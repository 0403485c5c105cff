import type { EntityManager } from 'typeorm';
import type { ReviewCreate } from '../../reviews/dto/review.input.js';
import type { ReviewsService } from '../../reviews/reviews.service.js';
import { demoRepository as demo } from '../demo.repository.js';

/** Reviews of the demo catalog: Ada's of the mug she ordered (verified), another approved, one awaiting moderation. */
const REVIEWS: [sku: string, review: Partial<ReviewCreate> & { author_name: string; rating: number }][] = [
  [
    'DEMO-MUG',
    { author_name: 'Ada Lovelace', author_email: 'ada@example.com', rating: 5, title: 'Perfect espresso cup', status: 'approved' },
  ],
  [
    'DEMO-MUG',
    {
      author_name: 'Charles B.',
      rating: 3,
      text: 'Nice, but smaller than I thought.',
      status: 'approved',
      reply: 'It holds 90 ml, a double espresso.',
    },
  ],
  ['DEMO-TSHIRT', { author_name: 'Grace H.', rating: 4, title: 'Soft', text: 'Runs a little large.' }],
];

/** Through the reviews service (the products' ratings and events follow), once: a store that has reviews is left alone. */
export async function seedDemoReviews(m: EntityManager, reviews: ReviewsService): Promise<string> {
  if (await demo.hasReviews(m)) return 'Reviews: present.';
  for (const [sku, review] of REVIEWS) await reviews.create(sku, review as ReviewCreate);
  return `Reviews: ${REVIEWS.length} added (2 approved, 1 pending).`;
}
