import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ApiItem, ApiItems, ApiPage, ApiPathParams } from '../../openapi/decorators.js';
import { TaxClassView, TaxRateView } from './tax.views.js';
import { ItemQuery, ListQuery, SyncListQuery } from '../../common/paging/list-query.dto.js';
import { TaxClassCreate, TaxClassPatch, TaxRateCreate, TaxRatePatch } from './dto/tax.input.js';
import { TaxClassesService } from './tax-classes.service.js';
import { TaxRatesService } from './tax-rates.service.js';
import { ArrayBodyRoute } from '../../common/batch/array-body.js';
import { BatchBody } from '../../common/batch/batch-body.pipe.js';
import { TAX_CLASS_LIST, TAX_RATE_LIST } from './tax.lists.js';

/** Singular and plural spellings are aliases at every level (docs/api.md#paths-and-identifiers). */
const CLASS = ['taxclass/:id', 'taxclasses/:id'];
const RATES = CLASS.flatMap((c) => [`${c}/rate`, `${c}/rates`]);
const RATE = RATES.map((r) => `${r}/:rateId`);

/** Tax classes and their rates. */
@ApiPathParams({ id: 'Tax class id.', rateId: 'Tax rate id (within the class).' })
@Controller()
@ScopeGroup('tax')
export class TaxClassesController {
  constructor(
    private readonly classes: TaxClassesService,
    private readonly rates: TaxRatesService,
  ) {}

  @Get('taxclasses')
  @ApiPage(TaxClassView, TAX_CLASS_LIST)
  list(@Query() query: SyncListQuery) {
    return this.classes.list(query);
  }

  @Post(['taxclass', 'taxclasses'])
  @ApiItem(TaxClassView)
  create(@Body() body: TaxClassCreate) {
    return this.classes.create(body);
  }

  @Get(CLASS)
  @ApiItem(TaxClassView, { embed: [...TAX_CLASS_LIST.embed] })
  get(@Param('id') id: string, @Query() query: ItemQuery) {
    return this.classes.get(id, query);
  }

  @Patch(CLASS)
  @ApiItem(TaxClassView)
  update(@Param('id') id: string, @Body() body: TaxClassPatch) {
    return this.classes.update(id, body);
  }

  @Put(CLASS)
  @ApiItem(TaxClassView, { embed: [...TAX_CLASS_LIST.embed] })
  replace(@Param('id') id: string, @Body() body: TaxClassCreate, @Query() query: ItemQuery) {
    return this.classes.replace(id, body, query);
  }

  @Delete(CLASS)
  @ApiItem(TaxClassView)
  remove(@Param('id') id: string) {
    return this.classes.remove(id);
  }

  @Put(CLASS.map((c) => `${c}/rates`))
  @ArrayBodyRoute()
  @ApiItems(TaxRateView, {
    summary: "Replace a tax class's rates",
    description:
      'The rates become the body: matched by `country`, `state`, `zip`, `city` and `priority` (left out: `*`, `*`, `*`, `*`, 1); a matched rate keeps its id, new ones are created, unlisted ones deleted. `[]` empties the list.',
  })
  replaceRates(
    @Param('id') id: string,
    @BatchBody(TaxRateCreate, {
      key: {
        field: 'priority',
        of: (r) => JSON.stringify([r.country ?? '*', r.state ?? '*', r.zip ?? '*', r.city ?? '*', r.priority ?? 1]),
      },
    })
    members: TaxRateCreate[],
  ) {
    return this.rates.replaceAll(id, members);
  }

  @Get(CLASS.map((c) => `${c}/rates`))
  @ApiPage(TaxRateView, TAX_RATE_LIST)
  listRates(@Param('id') id: string, @Query() query: ListQuery) {
    return this.rates.list(id, query);
  }

  @Post(RATES)
  @ApiItem(TaxRateView)
  createRate(@Param('id') id: string, @Body() body: TaxRateCreate) {
    return this.rates.create(id, body);
  }

  @Get(RATE)
  @ApiItem(TaxRateView)
  getRate(@Param('id') id: string, @Param('rateId') rateId: string, @Query() query: ItemQuery) {
    return this.rates.get(id, rateId, query);
  }

  @Patch(RATE)
  @ApiItem(TaxRateView)
  updateRate(@Param('id') id: string, @Param('rateId') rateId: string, @Body() body: TaxRatePatch) {
    return this.rates.update(id, rateId, body);
  }

  @Put(RATE)
  @ApiItem(TaxRateView)
  replaceRate(@Param('id') id: string, @Param('rateId') rateId: string, @Body() body: TaxRateCreate) {
    return this.rates.replace(id, rateId, body);
  }

  @Delete(RATE)
  @ApiItem(TaxRateView)
  removeRate(@Param('id') id: string, @Param('rateId') rateId: string) {
    return this.rates.remove(id, rateId);
  }
}
