import { IsIn } from 'class-validator';
import { ListQuery, QueryInt, withUpdatedAtRange } from '../../../common/paging/list-query.dto.js';
import { IsEmailAddress } from '../../../common/validation/email.js';
import { IsId, IsIntIn, IsText, IsTimestamp, NotBlank, Nullable, Optional, RequiredFields } from '../../../common/validation/decorators.js';
import { REVIEW_STATUSES, type ReviewStatus } from '../domain/review-status.js';

const STATUS_MESSAGE = `must be one of: ${REVIEW_STATUSES.join(', ')}`;

/** PATCH /product/{p}/review/{id}: every field optional. */
export class ReviewPatch {
  /** Must exist (422); with `author_email` it decides `verified_purchase`. */
  @Nullable()
  @IsId()
  customer_id?: number | null;

  @Optional()
  @IsText(255)
  @NotBlank()
  author_name?: string;

  @Nullable()
  @IsEmailAddress({ message: 'must be a valid e-mail address' })
  @IsText(255)
  author_email?: string | null;

  @Optional()
  @IsIntIn(1, 5)
  rating?: number;

  @Nullable()
  @IsText(255)
  title?: string | null;

  @Nullable()
  @IsText(10000)
  text?: string | null;

  @Optional()
  @IsIn(REVIEW_STATUSES, { message: STATUS_MESSAGE })
  status?: ReviewStatus;

  /** The store's public answer. */
  @Nullable()
  @IsText(10000)
  reply?: string | null;
}

/** POST /product/{p}/review. */
@RequiredFields('author_name', 'rating')
export class ReviewCreate extends ReviewPatch {}

/** GET /reviews and GET /product/{p}/reviews: the collection parameters and the contract's filters. */
export class ReviewListQuery extends ListQuery {
  @Optional()
  @IsIn(REVIEW_STATUSES, { message: STATUS_MESSAGE })
  status?: ReviewStatus;

  @Optional()
  @QueryInt()
  @IsIntIn(1)
  product_id?: number;

  @Optional()
  @QueryInt()
  @IsIntIn(1)
  customer_id?: number;

  @Optional()
  @QueryInt()
  @IsIntIn(1, 5)
  rating?: number;

  @Optional()
  @IsTimestamp({ fromQuery: true })
  created_at_min?: Date;

  @Optional()
  @IsTimestamp({ fromQuery: true })
  created_at_max?: Date;
}

/** GET /reviews, a top-level collection: its filters and the `updated_at` range, as on every top-level collection. */
export class AllReviewsQuery extends withUpdatedAtRange(ReviewListQuery) {}
