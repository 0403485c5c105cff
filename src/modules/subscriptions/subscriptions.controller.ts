import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { SubscriptionCreate, SubscriptionListQuery, SubscriptionPatch, SubscriptionProductCreate } from './dto/subscription.input.js';
import { SubscriptionProductsService } from './subscription-products.service.js';
import { SubscriptionsService } from './subscriptions.service.js';

/** `subscription` and `subscriptions`, `product` and `products` spell the same paths (CONTRACT §2). */
const SUBSCRIPTION = ['subscription/:id', 'subscriptions/:id'];
const under = (...tails: string[]) => SUBSCRIPTION.flatMap((s) => tails.map((t) => `${s}/${t}`));
const PRODUCT_LIST = under('products');
const PRODUCT_CREATE = under('products', 'product');
const PRODUCT_ITEM = under('product/:pid', 'products/:pid');

/** Subscriptions (`{id|number}`), their renewal, and their products. */
@Controller()
@ScopeGroup('subscriptions')
export class SubscriptionsController {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly products: SubscriptionProductsService,
  ) {}

  @Get('subscriptions')
  list(@Query() query: SubscriptionListQuery) {
    return this.subscriptions.list(query);
  }

  @Post(['subscriptions', 'subscription'])
  create(@Body() body: SubscriptionCreate) {
    return this.subscriptions.create(body);
  }

  @Get(SUBSCRIPTION)
  get(@Param('id') id: string, @Query() query: ItemQuery) {
    return this.subscriptions.get(id, query);
  }

  @Patch(SUBSCRIPTION)
  update(@Param('id') id: string, @Body() body: SubscriptionPatch) {
    return this.subscriptions.update(id, body);
  }

  @Post(under('renew'))
  @HttpCode(200)
  renew(@Param('id') id: string) {
    return this.subscriptions.renew(id);
  }

  @Get(PRODUCT_LIST)
  listProducts(@Param('id') id: string, @Query() query: ListQuery) {
    return this.products.list(id, query);
  }

  @Post(PRODUCT_CREATE)
  addProduct(@Param('id') id: string, @Body() body: SubscriptionProductCreate) {
    return this.products.add(id, body);
  }

  @Get(PRODUCT_ITEM)
  getProduct(@Param('id') id: string, @Param('pid') pid: string, @Query() query: ItemQuery) {
    return this.products.get(id, pid, query);
  }

  @Delete(PRODUCT_ITEM)
  removeProduct(@Param('id') id: string, @Param('pid') pid: string) {
    return this.products.remove(id, pid);
  }
}
