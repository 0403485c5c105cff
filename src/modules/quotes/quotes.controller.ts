import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { ProductCostInterceptor } from '../../common/auth/product-cost.interceptor.js';
import { RequireScope, ScopeGroup } from '../../common/auth/scopes.js';
import { ApiBody, ApiOperation, ApiResponse } from '@nestjs/swagger';
import { ApiItem, ApiPage, ApiPathParams } from '../../openapi/decorators.js';
import { QuoteDeliveryView, QuoteView, SendQuoteResultView } from './quotes.views.js';
import { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { QuoteCreate, QuoteListQuery, QuotePatch } from './dto/quote.input.js';
import { SendQuoteInput } from './dto/send-quote.input.js';
import { QuotesService } from './quotes.service.js';
import { QUOTE_DELIVERY_LIST, QUOTE_LIST } from './quotes.lists.js';

const FOREIGN =
  'An `embed` of the customer (`customer`, `customer.*`) needs `customers:read` too (403 naming it). A product’s `cost` in `items` reads null without `catalog:read`.';

/** Quotes: the specification's paths, singular and plural spellings alike. */
@ApiPathParams({ id: 'Quote id or number (`Q1001`, any case).' })
@Controller()
@ScopeGroup('quotes')
@UseInterceptors(ProductCostInterceptor)
export class QuotesController {
  constructor(private readonly quotes: QuotesService) {}

  @Get('quotes')
  @ApiPage(QuoteView, QUOTE_LIST, { description: FOREIGN })
  list(@Query() query: QuoteListQuery) {
    return this.quotes.list(query);
  }

  @Post(['quote', 'quotes'])
  @ApiItem(QuoteView)
  create(@Body() body: QuoteCreate) {
    return this.quotes.create(body);
  }

  @Get(['quote/:id', 'quotes/:id'])
  @ApiItem(QuoteView, {
    embed: [...QUOTE_LIST.embed],
    description: FOREIGN,
  })
  get(@Param('id') id: string, @Query() query: ItemQuery) {
    return this.quotes.get(id, query);
  }

  @Patch(['quote/:id', 'quotes/:id'])
  @ApiItem(QuoteView, { description: 'A present `items`, `customer_groups` or `customer_emails` replaces the whole set.' })
  update(@Param('id') id: string, @Body() body: QuotePatch) {
    return this.quotes.update(id, body);
  }

  @Put(['quote/:id', 'quotes/:id'])
  @ApiItem(QuoteView, { description: 'The quote becomes the body: its items and customer groups are the ones sent (none when left out).' })
  replace(@Param('id') id: string, @Body() body: QuoteCreate) {
    return this.quotes.replace(id, body);
  }

  @Delete(['quote/:id', 'quotes/:id'])
  @ApiItem(QuoteView)
  remove(@Param('id') id: string) {
    return this.quotes.remove(id);
  }

  @Post(['quote/:id/send-quote', 'quotes/:id/send-quote'])
  @HttpCode(202)
  @RequireScope('quotes:send')
  @ApiItem(SendQuoteResultView, {
    summary: 'Send a quote by e-mail',
    description:
      'Queues one delivery per recipient (the customer, `customer_emails`, the customers of `customer_groups`). No recipient: 422; expired: 409.',
  })
  @ApiBody({ type: SendQuoteInput, required: false })
  send(@Param('id') id: string, @Body() body: SendQuoteInput) {
    return this.quotes.send(id, body);
  }

  @Post(['quote/:id/reopen', 'quotes/:id/reopen'])
  @HttpCode(200)
  @ApiItem(QuoteView, {
    summary: 'Reopen an accepted or declined quote',
    description:
      'Turns an `accepted` or `declined` quote back to `active` (clearing `accepted_at`, `declined_at` and `decline_reason`) so it can be changed and sent again; records `quote.reopened`. Any other status (an `ordered` quote above all): 409.',
  })
  reopen(@Param('id') id: string) {
    return this.quotes.reopen(id);
  }

  @Get(['quote/:id/pdf', 'quotes/:id/pdf'])
  @ApiOperation({
    summary: 'Get the PDF of a quote',
    description:
      'The quote as its buyer sees it on the cart page (`GET /cart/{cart_link_id}`): store name, number and name, items with options, extras, quantity, unit price, discount and total, the totals, and its expiry or acceptance. `Content-Disposition: inline; filename="quote-<number>.pdf"`; ETag over the bytes.',
  })
  @ApiResponse({
    status: 200,
    description: 'The quote as a PDF (`application/pdf`).',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  })
  pdf(@Param('id') id: string) {
    return this.quotes.pdf(id);
  }

  @Get(['quote/:id/deliveries', 'quotes/:id/deliveries'])
  @ApiPage(QuoteDeliveryView, QUOTE_DELIVERY_LIST, { summary: 'List the deliveries of a quote' })
  deliveries(@Param('id') id: string, @Query() query: ListQuery) {
    return this.quotes.listDeliveries(id, query);
  }
}
