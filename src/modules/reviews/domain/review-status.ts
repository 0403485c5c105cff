/** A review's moderation state (docs/api.md#reviews): `pending` until the store approves or rejects it. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Whether a write makes the review approved (it was not, and is now): `review.approved` and a new `approved_at`. */
export function becomesApproved(before: ReviewStatus | null, after: ReviewStatus): boolean {
  return after === 'approved' && before !== 'approved';
}
