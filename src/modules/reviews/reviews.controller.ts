import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ItemQuery } from '../../common/paging/list-query.dto.js';
import { ApiItem, ApiPage, ApiPathParams } from '../../openapi/decorators.js';
import { routes } from '../catalog/catalog.routes.js';
import { AllReviewsQuery, ReviewCreate, ReviewListQuery, ReviewPatch } from './dto/review.input.js';
import { ReviewsService } from './reviews.service.js';
import { ReviewView } from './reviews.views.js';
import { REVIEW_LIST } from './reviews.lists.js';

const REVIEW = routes('product|products/:owner/review|reviews/:id');

/** Product reviews: under their product (by id or SKU), and all of them at `/reviews`. */
@ApiPathParams({ owner: 'Product id or SKU.', id: 'Review id.' })
@Controller()
@ScopeGroup('reviews')
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @Get(routes('reviews|review'))
  @ApiPage(ReviewView, REVIEW_LIST)
  list(@Query() query: AllReviewsQuery) {
    return this.reviews.list(query);
  }

  @Get(routes('review|reviews/:id'))
  @ApiItem(ReviewView)
  getReview(@Param('id') id: string, @Query() query: ItemQuery) {
    return this.reviews.getReview(id, query);
  }

  @Get(routes('product|products/:owner/reviews|review'))
  @ApiPage(ReviewView, REVIEW_LIST)
  listOfProduct(@Param('owner') owner: string, @Query() query: ReviewListQuery) {
    return this.reviews.listOfProduct(owner, query);
  }

  @Post(routes('product|products/:owner/review|reviews'))
  @ApiItem(ReviewView, {
    description:
      '`status` is `pending` unless given; `verified_purchase` is computed. The product’s `rating_average` and `rating_count` change in the same transaction.',
  })
  create(@Param('owner') owner: string, @Body() body: ReviewCreate) {
    return this.reviews.create(owner, body);
  }

  @Get(REVIEW)
  @ApiItem(ReviewView)
  get(@Param('owner') owner: string, @Param('id') id: string, @Query() query: ItemQuery) {
    return this.reviews.get(owner, id, query);
  }

  @Patch(REVIEW)
  @ApiItem(ReviewView, {
    description:
      'A review that becomes `approved` gets a new `approved_at` and records `review.approved`; a change of `customer_id` or `author_email` computes `verified_purchase` again.',
  })
  update(@Param('owner') owner: string, @Param('id') id: string, @Body() body: ReviewPatch) {
    return this.reviews.update(owner, id, body);
  }

  @Put(REVIEW)
  @ApiItem(ReviewView, {
    description:
      'The review becomes the body: a field left out takes what a create gives it (`status` pending, the others null), under the rules of PATCH. A review has no key of its own: an id that names none is a 404, never a create.',
  })
  replace(@Param('owner') owner: string, @Param('id') id: string, @Body() body: ReviewCreate) {
    return this.reviews.replace(owner, id, body);
  }

  @Delete(REVIEW)
  @ApiItem(ReviewView)
  remove(@Param('owner') owner: string, @Param('id') id: string) {
    return this.reviews.remove(owner, id);
  }
}
