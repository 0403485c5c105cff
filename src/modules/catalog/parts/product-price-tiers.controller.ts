import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../../common/auth/scopes.js';
import { ArrayBodyRoute } from '../../../common/batch/array-body.js';
import { BatchBody } from '../../../common/batch/batch-body.pipe.js';
import { ProductWriteService } from '../products/product-write.service.js';
import { ApiItem, ApiItems, ApiPage, ApiPathParams } from '../../../openapi/decorators.js';
import { ProductPriceTierView } from '../catalog.views.js';
import { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { routes } from '../catalog.routes.js';
import { PriceTierCreate, PriceTierPatch } from './dto/price-tier.input.js';
import { ProductPriceTiersService } from './product-price-tiers.service.js';
import { PRICE_TIER_LIST } from '../catalog.lists.js';

/** Price tiers of a product: /product/{product_id|product_sku}/pricetier(s)/…. */
@ApiPathParams({ owner: 'Product id or SKU.', id: 'Price tier id (of this product).' })
@Controller()
@ScopeGroup('catalog')
export class ProductPriceTiersController {
  constructor(
    private readonly service: ProductPriceTiersService,
    private readonly upsert: ProductWriteService,
  ) {}

  /** The product's price tiers become exactly the array sent (`[]` empties them), matched as in a product PUT. */
  @Put(routes('product|products/:owner/pricetiers|pricetier'))
  @ArrayBodyRoute()
  @ApiItems(ProductPriceTierView, { summary: 'Replace the price tiers of a product' })
  replaceAll(@Param('owner') owner: string, @BatchBody(PriceTierCreate) body: PriceTierCreate[]) {
    return this.upsert.putPart(owner, 'price_tiers', body);
  }

  @Get(routes('product|products/:owner/pricetiers|pricetier'))
  @ApiPage(ProductPriceTierView, PRICE_TIER_LIST)
  list(@Param('owner') owner: string, @Query() query: ListQuery) {
    return this.service.list(owner, query);
  }

  @Post(routes('product|products/:owner/pricetier|pricetiers'))
  @ApiItem(ProductPriceTierView)
  create(@Param('owner') owner: string, @Body() body: PriceTierCreate) {
    return this.upsert.writeMember(owner, 'price_tiers', { action: 'create', input: body });
  }

  @Get(routes('product|products/:owner/pricetier|pricetiers/:id'))
  @ApiItem(ProductPriceTierView)
  get(@Param('owner') owner: string, @Param('id') id: string, @Query() query: ItemQuery) {
    return this.service.get(owner, id, query);
  }

  @Patch(routes('product|products/:owner/pricetier|pricetiers/:id'))
  @ApiItem(ProductPriceTierView)
  update(@Param('owner') owner: string, @Param('id') id: string, @Body() body: PriceTierPatch) {
    return this.upsert.writeMember(owner, 'price_tiers', { action: 'update', key: id, input: body });
  }

  /** Replaces a price tier: a field left out takes what a create gives it. */
  @Put(routes('product|products/:owner/pricetier|pricetiers/:id'))
  @ApiItem(ProductPriceTierView)
  replace(@Param('owner') owner: string, @Param('id') id: string, @Body() body: PriceTierCreate) {
    return this.upsert.writeMember(owner, 'price_tiers', { action: 'replace', key: id, input: body });
  }

  @Delete(routes('product|products/:owner/pricetier|pricetiers/:id'))
  @ApiItem(ProductPriceTierView)
  remove(@Param('owner') owner: string, @Param('id') id: string) {
    return this.upsert.writeMember(owner, 'price_tiers', { action: 'delete', key: id });
  }
}
