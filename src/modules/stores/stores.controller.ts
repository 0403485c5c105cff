import { Body, Controller, Get, Patch } from '@nestjs/common';
import { AnyKey, ScopeGroup } from '../../common/auth/scopes.js';
import { ApiItem } from '../../openapi/decorators.js';
import { StorePatch } from './dto/store.input.js';
import { StoresService } from './stores.service.js';
import { StoreView } from './stores.views.js';

/** The store a request's host names: any of its keys reads it; `store:write` changes it. */
@Controller()
@ScopeGroup('store')
export class StoresController {
  constructor(private readonly stores: StoresService) {}

  @Get('store')
  @AnyKey()
  @ApiItem(StoreView, {
    summary: 'The store',
    description: 'The store this address belongs to: its name, address, currency, locale and mail settings.',
  })
  get() {
    return this.stores.current();
  }

  @Patch('store')
  @ApiItem(StoreView, {
    summary: "Change the store's settings",
    description:
      "`name`, `store_url`, `currency`, `locale`, `mail_from` and `store_email`; its hosts are the operator's (CLI `store:update`). A setting this deployment's environment gives the first store (`STORE_NAME`, `STORE_URL`, `CURRENCY`, `LOCALE`, `MAIL_FROM`, `STORE_EMAIL`) stays the environment's: changing it is a 409.",
  })
  update(@Body() body: StorePatch) {
    return this.stores.update(body);
  }
}
