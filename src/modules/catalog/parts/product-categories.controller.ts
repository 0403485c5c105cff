import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import { ArrayBodyRoute } from '../../../common/batch/array-body.js';
import { BatchBodyPipe } from '../../../common/batch/batch-body.pipe.js';
import { INT4_MAX } from '../../../common/validation/decorators.js';
import { ProductWriteService } from '../products/product-write.service.js';
import { ScopeGroup } from '../../../common/auth/scopes.js';
import { ApiItem, ApiItems, ApiPage, ApiPathParams } from '../../../openapi/decorators.js';
import { CategoryView } from '../catalog.views.js';
import { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { routes } from '../catalog.routes.js';
import { CategoryLinkInput } from '../categories/dto/category.input.js';
import { ProductCategoriesService } from './product-categories.service.js';
import { PRODUCT_CATEGORY_LIST } from '../catalog.lists.js';

/** A product's category links: /product/{p}/categories (list, link, unlink all) and /product/{p}/category/{category_id}. */
@ApiPathParams({ owner: 'Product id or SKU.', id: 'Category id (linked to this product).' })
@Controller()
@ScopeGroup('catalog')
export class ProductCategoriesController {
  constructor(
    private readonly links: ProductCategoriesService,
    private readonly upsert: ProductWriteService,
  ) {}

  /** The product's category links become exactly the ids sent, in that order for new links (`[]` unlinks all). */
  @Put(routes('product|products/:owner/categories|category'))
  @ArrayBodyRoute()
  @ApiBody({ schema: { type: 'array', items: { type: 'integer', minimum: 1, maximum: INT4_MAX }, maxItems: 1000, example: [1, 2] } })
  @ApiItems(CategoryView, { summary: 'Replace the categories of a product', description: '`data` is every category of the product.' })
  replaceAll(
    @Param('owner') owner: string,
    @Body(
      new BatchBodyPipe(Object, {
        scalar: { test: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= INT4_MAX, message: 'must be a category id' },
      }),
    )
    body: number[],
  ) {
    return this.upsert.putPart(owner, 'category_ids', body);
  }

  @Get(routes('product|products/:owner/categories|category'))
  @ApiPage(CategoryView, PRODUCT_CATEGORY_LIST, { summary: 'List the categories of a product' })
  list(@Param('owner') owner: string, @Query() query: ListQuery) {
    return this.links.list(owner, query);
  }

  /** Linking creates no resource of its own (and is idempotent): 200 with the product's categories. */
  @Post(routes('product|products/:owner/categories|category'))
  @HttpCode(200)
  @ApiItems(CategoryView, { summary: 'Link categories to a product', description: 'Idempotent; `data` is every category of the product.' })
  link(@Param('owner') owner: string, @Body() body: CategoryLinkInput) {
    return this.upsert.linkCategories(owner, body);
  }

  @Delete(routes('product|products/:owner/categories|category'))
  @ApiItems(CategoryView, { summary: 'Unlink every category of a product', description: '`data` is the (now empty) list.' })
  unlinkAll(@Param('owner') owner: string) {
    return this.upsert.unlinkCategories(owner);
  }

  @Get(routes('product|products/:owner/category|categories/:id'))
  @ApiItem(CategoryView, { summary: 'Get a category of a product' })
  get(@Param('owner') owner: string, @Param('id') id: string, @Query() query: ItemQuery) {
    return this.links.get(owner, id, query);
  }

  @Delete(routes('product|products/:owner/category|categories/:id'))
  @ApiItem(CategoryView, { summary: 'Unlink a category from a product', description: '`data` is the unlinked category.' })
  unlink(@Param('owner') owner: string, @Param('id') id: string) {
    return this.upsert.unlinkCategories(owner, id);
  }
}
