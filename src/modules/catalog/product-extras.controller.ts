import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { routes } from './catalog-routes.js';
import { ExtraCreate, ExtraPatch } from './dto/extra.input.js';
import { ProductExtrasService } from './product-extras.service.js';

/** Extras: /product/{p}/extra(s)/…. */
@Controller()
@ScopeGroup('catalog')
export class ProductExtrasController {
  constructor(private readonly service: ProductExtrasService) {}

  @Get(routes('product|products/:owner/extras|extra'))
  list(@Param('owner') owner: string, @Query() query: ListQuery) {
    return this.service.list(owner, query);
  }

  @Post(routes('product|products/:owner/extra|extras'))
  create(@Param('owner') owner: string, @Body() body: ExtraCreate) {
    return this.service.create(owner, body);
  }

  @Get(routes('product|products/:owner/extra|extras/:id'))
  get(@Param('owner') owner: string, @Param('id') id: string, @Query() query: ItemQuery) {
    return this.service.get(owner, id, query);
  }

  @Patch(routes('product|products/:owner/extra|extras/:id'))
  update(@Param('owner') owner: string, @Param('id') id: string, @Body() body: ExtraPatch) {
    return this.service.update(owner, id, body);
  }

  @Delete(routes('product|products/:owner/extra|extras/:id'))
  remove(@Param('owner') owner: string, @Param('id') id: string) {
    return this.service.remove(owner, id);
  }
}
