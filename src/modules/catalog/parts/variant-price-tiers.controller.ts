import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../../common/auth/scopes.js';
import { ArrayBodyRoute } from '../../../common/batch/array-body.js';
import { BatchBody } from '../../../common/batch/batch-body.pipe.js';
import { ProductWriteService } from '../products/product-write.service.js';
import { ApiItem, ApiItems, ApiPage, ApiPathParams } from '../../../openapi/decorators.js';
import { VariantPriceTierView } from '../catalog.views.js';
import { ItemQuery, ListQuery } from '../../../common/paging/list-query.dto.js';
import { routes } from '../catalog.routes.js';
import { PriceTierCreate, PriceTierPatch } from './dto/price-tier.input.js';
import { VariantPriceTiersService } from './variant-price-tiers.service.js';
import { PRICE_TIER_LIST } from '../catalog.lists.js';

/** Price tiers of a variant: /variant/{variant_id|variant_sku}/pricetier(s)/…. */
@ApiPathParams({ owner: 'Variant id or SKU.', id: 'Price tier id (of this variant).' })
@Controller()
@ScopeGroup('catalog')
export class VariantPriceTiersController {
  constructor(
    private readonly service: VariantPriceTiersService,
    private readonly upsert: ProductWriteService,
  ) {}

  /** The variant's price tiers become exactly the array sent (`[]` empties them), matched by customer group and quantity. */
  @Put(routes('variant|variants/:owner/pricetiers|pricetier'))
  @ArrayBodyRoute()
  @ApiItems(VariantPriceTierView, { summary: 'Replace the price tiers of a variant' })
  replaceAll(@Param('owner') owner: string, @BatchBody(PriceTierCreate) body: PriceTierCreate[]) {
    return this.upsert.putVariantTiers(owner, body);
  }

  @Get(routes('variant|variants/:owner/pricetiers|pricetier'))
  @ApiPage(VariantPriceTierView, PRICE_TIER_LIST)
  list(@Param('owner') owner: string, @Query() query: ListQuery) {
    return this.service.list(owner, query);
  }

  @Post(routes('variant|variants/:owner/pricetier|pricetiers'))
  @ApiItem(VariantPriceTierView)
  create(@Param('owner') owner: string, @Body() body: PriceTierCreate) {
    return this.upsert.writeMember(owner, 'variant_price_tiers', { action: 'create', input: body });
  }

  @Get(routes('variant|variants/:owner/pricetier|pricetiers/:id'))
  @ApiItem(VariantPriceTierView)
  get(@Param('owner') owner: string, @Param('id') id: string, @Query() query: ItemQuery) {
    return this.service.get(owner, id, query);
  }

  @Patch(routes('variant|variants/:owner/pricetier|pricetiers/:id'))
  @ApiItem(VariantPriceTierView)
  update(@Param('owner') owner: string, @Param('id') id: string, @Body() body: PriceTierPatch) {
    return this.upsert.writeMember(owner, 'variant_price_tiers', { action: 'update', key: id, input: body });
  }

  /** Replaces a price tier of a variant: a field left out takes what a create gives it. */
  @Put(routes('variant|variants/:owner/pricetier|pricetiers/:id'))
  @ApiItem(VariantPriceTierView)
  replace(@Param('owner') owner: string, @Param('id') id: string, @Body() body: PriceTierCreate) {
    return this.upsert.writeMember(owner, 'variant_price_tiers', { action: 'replace', key: id, input: body });
  }

  @Delete(routes('variant|variants/:owner/pricetier|pricetiers/:id'))
  @ApiItem(VariantPriceTierView)
  remove(@Param('owner') owner: string, @Param('id') id: string) {
    return this.upsert.writeMember(owner, 'variant_price_tiers', { action: 'delete', key: id });
  }
}
