import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { ProductCostInterceptor } from '../../common/auth/product-cost.interceptor.js';
import { ApiBody } from '@nestjs/swagger';
import { RequireScope, ScopeGroup } from '../../common/auth/scopes.js';
import { ItemQuery } from '../../common/paging/list-query.dto.js';
import { ApiItem, ApiPage, ApiPathParams } from '../../openapi/decorators.js';
import { OrderCreate, OrderListQuery, OrderPatch } from './dto/order.input.js';
import { OrdersService } from './orders.service.js';
import { OrderView } from './orders.views.js';
import { ORDER_LIST } from './orders.lists.js';

const ORDER = ['order/:id', 'orders/:id'];
const FOREIGN =
  '`embed=customer` needs `customers:read` too (403 naming it). A product’s `cost` (`embed=items.product`) reads null without `catalog:read`.';

/** Orders (`{id|number}`, `O1001` in any case), and the conversion of a quote into one. */
@ApiPathParams({ id: 'Order id or number (`O1001`, any case); for `…/order`, the quote id or number.' })
@Controller()
@ScopeGroup('orders')
@UseInterceptors(ProductCostInterceptor)
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Post(['quote/:id/order', 'quotes/:id/order'])
  @RequireScope('quotes:write', 'orders:write')
  @ApiItem(OrderView, {
    summary: 'Make an order from a quote',
    description:
      'From an `accepted` quote, or an `active` unexpired one (the seller’s own confirmation), once: 201 with the order; the quote becomes `ordered` with `order_id`. In the same transaction each item whose product has `track_inventory` = 1 takes its quantity from `in_stock_amount`; a product that would go below 0 (unless `allow_negative_stock` or `allow_preorder` is 1) makes it a 409 listing the products short, and nothing changes. Already ordered (naming the order), expired, declined: 409. Needs `quotes:write` and `orders:write`.',
  })
  @ApiBody({ type: OrderCreate, required: false })
  convert(@Param('id') id: string, @Body() body: OrderCreate) {
    return this.orders.convert(id, body);
  }

  @Get('orders')
  @ApiPage(OrderView, ORDER_LIST, { description: FOREIGN })
  list(@Query() query: OrderListQuery) {
    return this.orders.list(query);
  }

  @Get(ORDER)
  @ApiItem(OrderView, { embed: [...ORDER_LIST.embed], description: FOREIGN })
  get(@Param('id') id: string, @Query() query: ItemQuery) {
    return this.orders.get(id, query);
  }

  @Patch(ORDER)
  @ApiItem(OrderView, { description: '`payment_status`, `notes`, `status: "completed"`. A cancelled order cannot change: 409.' })
  update(@Param('id') id: string, @Body() body: OrderPatch) {
    return this.orders.update(id, body);
  }

  @Put(ORDER)
  @ApiItem(OrderView, {
    embed: [...ORDER_LIST.embed],
    description:
      "`payment_status` and `notes` become the body's (left out: `pending`, null); a left-out `status` stays. A cancelled order cannot change: 409. " +
      FOREIGN,
  })
  replace(@Param('id') id: string, @Body() body: OrderPatch, @Query() query: ItemQuery) {
    return this.orders.replace(id, body, query);
  }

  @Post(['order/:id/cancel', 'orders/:id/cancel'])
  @HttpCode(200)
  @ApiItem(OrderView, {
    summary: 'Cancel an order',
    description:
      'An `open` order becomes `cancelled` (`cancelled_at` set) and gives back the stock it took, once. Cancelled or completed: 409.',
  })
  cancel(@Param('id') id: string) {
    return this.orders.cancel(id);
  }
}
