import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ApiItem, ApiItems, ApiPage, ApiPathParams } from '../../openapi/decorators.js';
import { ArrayBodyRoute } from '../../common/batch/array-body.js';
import { BatchBody } from '../../common/batch/batch-body.pipe.js';
import { SubscriptionProductView, SubscriptionView } from './subscriptions.views.js';
import { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import {
  SubscriptionCreate,
  SubscriptionListQuery,
  SubscriptionPatch,
  SubscriptionProductCreate,
  SubscriptionPut,
} from './dto/subscription.input.js';
import { SubscriptionProductsService } from './subscription-products.service.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { SUBSCRIPTION_LIST, SUBSCRIPTION_PRODUCT_LIST } from './subscriptions.lists.js';

/** `subscription` and `subscriptions`, `product` and `products` spell the same paths (docs/api.md#paths-and-identifiers). */
const SUBSCRIPTION = ['subscription/:id', 'subscriptions/:id'];
const under = (...tails: string[]) => SUBSCRIPTION.flatMap((s) => tails.map((t) => `${s}/${t}`));
const PRODUCT_LIST = under('products');
const PRODUCT_CREATE = under('products', 'product');
const PRODUCT_ITEM = under('product/:pid', 'products/:pid');

/** Subscriptions (`{id|number}`), their renewal, and their products. */
@ApiPathParams({ id: 'Subscription id or number.', pid: 'Subscription product id.' })
@Controller()
@ScopeGroup('subscriptions')
export class SubscriptionsController {
  constructor(
    private readonly subscriptions: SubscriptionsService,
    private readonly products: SubscriptionProductsService,
  ) {}

  @Get('subscriptions')
  @ApiPage(SubscriptionView, SUBSCRIPTION_LIST)
  list(@Query() query: SubscriptionListQuery) {
    return this.subscriptions.list(query);
  }

  @Post(['subscriptions', 'subscription'])
  @ApiItem(SubscriptionView, { description: 'Starts `active`; `products` are added in the same transaction.' })
  create(@Body() body: SubscriptionCreate) {
    return this.subscriptions.create(body);
  }

  @Get(SUBSCRIPTION)
  @ApiItem(SubscriptionView, { embed: [...SUBSCRIPTION_LIST.embed] })
  get(@Param('id') id: string, @Query() query: ItemQuery) {
    return this.subscriptions.get(id, query);
  }

  @Patch(SUBSCRIPTION)
  @ApiItem(SubscriptionView, { description: '`status`: active ↔ paused, active/paused → cancelled; any other change is 409.' })
  update(@Param('id') id: string, @Body() body: SubscriptionPatch) {
    return this.subscriptions.update(id, body);
  }

  @Put(SUBSCRIPTION)
  @ApiItem(SubscriptionView, {
    embed: [...SUBSCRIPTION_LIST.embed],
    description:
      "`billing_plan_id` becomes the body's (required); `status` as on PATCH, a left-out `status` stays. Any other change of status is 409.",
  })
  replace(@Param('id') id: string, @Body() body: SubscriptionPut, @Query() query: ItemQuery) {
    return this.subscriptions.replace(id, body, query);
  }

  @Post(under('renew'))
  @HttpCode(200)
  @ApiItem(SubscriptionView, {
    summary: 'Renew a subscription',
    description: 'Moves the period forward by one plan interval; reaching `renewal_cycles` makes it `expired`. Not active: 409.',
  })
  renew(@Param('id') id: string) {
    return this.subscriptions.renew(id);
  }

  @Get(PRODUCT_LIST)
  @ApiPage(SubscriptionProductView, SUBSCRIPTION_PRODUCT_LIST)
  listProducts(@Param('id') id: string, @Query() query: ListQuery) {
    return this.products.list(id, query);
  }

  @Put(PRODUCT_LIST)
  @ArrayBodyRoute()
  @ApiItems(SubscriptionProductView, {
    summary: "Replace a subscription's products",
    description:
      "The products become the body: matched by `product_id` + `variant_id` (a matched one keeps its id; quantity and price become the body's, left out: 1 and the catalog price), new ones added, unlisted ones removed. `[]` empties the list. A cancelled or expired subscription: 409.",
  })
  replaceProducts(
    @Param('id') id: string,
    @BatchBody(SubscriptionProductCreate, {
      key: { field: 'variant_id', of: (p) => (p.product_id === undefined ? undefined : `${p.product_id}:${p.variant_id ?? ''}`) },
    })
    members: SubscriptionProductCreate[],
  ) {
    return this.products.replaceAll(id, members);
  }

  @Post(PRODUCT_CREATE)
  @ApiItem(SubscriptionProductView, { summary: 'Add a product to a subscription' })
  addProduct(@Param('id') id: string, @Body() body: SubscriptionProductCreate) {
    return this.products.add(id, body);
  }

  @Get(PRODUCT_ITEM)
  @ApiItem(SubscriptionProductView, { embed: [...SUBSCRIPTION_PRODUCT_LIST.embed] })
  getProduct(@Param('id') id: string, @Param('pid') pid: string, @Query() query: ItemQuery) {
    return this.products.get(id, pid, query);
  }

  @Delete(PRODUCT_ITEM)
  @ApiItem(SubscriptionProductView, { summary: 'Remove a product from a subscription' })
  removeProduct(@Param('id') id: string, @Param('pid') pid: string) {
    return this.products.remove(id, pid);
  }
}
