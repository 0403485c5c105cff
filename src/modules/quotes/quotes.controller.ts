import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { RequireScope, ScopeGroup } from '../../common/auth/scopes.js';
import { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { QuoteCreate, QuoteListQuery, QuotePatch } from './dto/quote.input.js';
import { SendQuoteInput } from './dto/send-quote.input.js';
import { QuotesService } from './quotes.service.js';

/** Quotes: the specification's paths, singular and plural spellings alike. */
@Controller()
@ScopeGroup('quotes')
export class QuotesController {
  constructor(private readonly quotes: QuotesService) {}

  @Get('quotes')
  list(@Query() query: QuoteListQuery) {
    return this.quotes.list(query);
  }

  @Post(['quote', 'quotes'])
  create(@Body() body: QuoteCreate) {
    return this.quotes.create(body);
  }

  @Get(['quote/:id', 'quotes/:id'])
  get(@Param('id') id: string, @Query() query: ItemQuery) {
    return this.quotes.get(id, query);
  }

  @Patch(['quote/:id', 'quotes/:id'])
  update(@Param('id') id: string, @Body() body: QuotePatch) {
    return this.quotes.update(id, body);
  }

  @Delete(['quote/:id', 'quotes/:id'])
  remove(@Param('id') id: string) {
    return this.quotes.remove(id);
  }

  @Post(['quote/:id/send-quote', 'quotes/:id/send-quote'])
  @HttpCode(202)
  @RequireScope('quotes:send')
  send(@Param('id') id: string, @Body() body: SendQuoteInput) {
    return this.quotes.send(id, body ?? {});
  }

  @Get(['quote/:id/deliveries', 'quotes/:id/deliveries'])
  deliveries(@Param('id') id: string, @Query() query: ListQuery) {
    return this.quotes.listDeliveries(id, query);
  }
}
