import { defineList } from '../../common/paging/list-spec.js';

/** A product's reviews and all reviews. */
export const REVIEW_LIST = defineList({ sort: ['id', 'rating', 'status', 'created_at', 'updated_at'] });
