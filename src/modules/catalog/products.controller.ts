import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ApiItem, ApiPage, ApiPathParams } from '../../openapi/decorators.js';
import { ProductView } from './catalog.views.js';
import { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { routes } from './catalog-routes.js';
import { ProductCreate, ProductPatch } from './dto/product.input.js';
import { ProductsService } from './products.service.js';

/** Products by id or SKU. */
@ApiPathParams({ key: 'Product id or SKU.' })
@Controller()
@ScopeGroup('catalog')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Get(routes('products|product'))
  @ApiPage(ProductView, {
    sort: ['id', 'name', 'sku', 'base_price', 'created_at', 'updated_at', 'sort_order', 'rating_average'],
    embed: ['variants', 'options', 'extras', 'attributes', 'categories', 'pricetiers', 'customfields', 'product_type', 'reviews'],
  })
  list(@Query() query: ListQuery) {
    return this.products.list(query);
  }

  @Post(routes('product|products'))
  @ApiItem(ProductView)
  create(@Body() body: ProductCreate) {
    return this.products.create(body);
  }

  /**
   * The specification lists POST on /product/{id|sku} as "creates from the body": it is the same
   * create as POST /product, and the segment plays no part.
   */
  @Post(routes('product|products/:key'))
  @ApiItem(ProductView, { summary: 'Create a product (the path segment plays no part)' })
  createAtKey(@Body() body: ProductCreate) {
    return this.products.create(body);
  }

  @Get(routes('product|products/:key'))
  @ApiItem(ProductView, {
    embed: ['variants', 'options', 'extras', 'attributes', 'categories', 'pricetiers', 'customfields', 'product_type', 'reviews'],
  })
  get(@Param('key') key: string, @Query() query: ItemQuery) {
    return this.products.get(key, query);
  }

  @Patch(routes('product|products/:key'))
  @ApiItem(ProductView)
  update(@Param('key') key: string, @Body() body: ProductPatch) {
    return this.products.update(key, body);
  }

  @Delete(routes('product|products/:key'))
  @ApiItem(ProductView)
  remove(@Param('key') key: string) {
    return this.products.remove(key);
  }
}
