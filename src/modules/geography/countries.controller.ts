import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ApiBatch, ApiItem, ApiItems, ApiPage, ApiPathParams } from '../../openapi/decorators.js';
import { CountryView, StateView } from './geography.views.js';
import { ItemQuery, ListQuery, SyncListQuery } from '../../common/paging/list-query.dto.js';
import { COUNTRY_BATCH_KEY, CountryCreate, CountryPatch, CountryPut, StateCreate, StatePatch } from './dto/country.input.js';
import { CountriesService } from './countries.service.js';
import { StatesService } from './states.service.js';
import { ArrayBodyRoute } from '../../common/batch/array-body.js';
import { BatchBody } from '../../common/batch/batch-body.pipe.js';
import { batchAnswer } from '../../common/batch/batch-result.js';
import { COUNTRY_LIST, STATE_LIST } from './geography.lists.js';

/**
 * Countries and their states. Singular and plural spellings are aliases (docs/api.md#paths-and-identifiers); `POST /country`
 * creates a country and `POST /country/{id}` a state in it.
 */
@ApiPathParams({ id: 'Country id or ISO alpha-2 code (any case).', stateId: 'State id, or its code within the country (any case).' })
@Controller()
@ScopeGroup('geography')
export class CountriesController {
  constructor(
    private readonly countries: CountriesService,
    private readonly states: StatesService,
  ) {}

  @Get('countries')
  @ApiPage(CountryView, COUNTRY_LIST)
  list(@Query() query: SyncListQuery) {
    return this.countries.list(query);
  }

  @Put('countries')
  @ArrayBodyRoute()
  @ApiBatch(CountryView, {
    description:
      'Each member is matched by `code`: an unknown one is created, a known one replaced as its PUT would (with `states`, its states become them). Up to 1,000 members, all or nothing; no country is deleted.',
  })
  putMany(@BatchBody(CountryPut, { key: COUNTRY_BATCH_KEY }) members: CountryPut[]) {
    return this.countries.upsertMany(members).then(batchAnswer);
  }

  @Post(['country', 'countries'])
  @ApiItem(CountryView)
  create(@Body() body: CountryCreate) {
    return this.countries.create(body);
  }

  @Get(['country/:id', 'countries/:id'])
  @ApiItem(CountryView, { embed: [...COUNTRY_LIST.embed] })
  get(@Param('id') id: string, @Query() query: ItemQuery) {
    return this.countries.get(id, query);
  }

  @Patch(['country/:id', 'countries/:id'])
  @ApiItem(CountryView)
  update(@Param('id') id: string, @Body() body: CountryPatch) {
    return this.countries.update(id, body);
  }

  @Put(['country/:id', 'countries/:id'])
  @ApiItem(CountryView, {
    creates: 'Created: no country had the code of the path.',
    embed: [...COUNTRY_LIST.embed],
    description: "With `states`, the country's states become them, as PUT /country/{id}/states does; left out, they stay.",
  })
  replace(@Param('id') id: string, @Body() body: CountryPut, @Query() query: ItemQuery) {
    return this.countries.replace(id, body, query);
  }

  @Delete(['country/:id', 'countries/:id'])
  @ApiItem(CountryView, { description: 'Deletes the country with its states; `data` is the deleted country.' })
  remove(@Param('id') id: string) {
    return this.countries.remove(id);
  }

  @Post(['country/:id', 'countries/:id'])
  @ApiItem(StateView, { summary: 'Create a state in the country' })
  createState(@Param('id') id: string, @Body() body: StateCreate) {
    return this.states.create(id, body);
  }

  @Get(['countries/:id/states', 'country/:id/states'])
  @ApiPage(StateView, STATE_LIST)
  listStates(@Param('id') id: string, @Query() query: ListQuery) {
    return this.states.list(id, query);
  }

  @Put(['countries/:id/states', 'country/:id/states'])
  @ArrayBodyRoute()
  @ApiItems(StateView, {
    summary: "Replace a country's states",
    description:
      'The states become the body: matched by `code` (a matched state keeps its id), new ones created, unlisted ones deleted. `[]` empties the list.',
  })
  replaceStates(@Param('id') id: string, @BatchBody(StateCreate, { key: COUNTRY_BATCH_KEY }) members: StateCreate[]) {
    return this.states.replaceAll(id, members);
  }

  @Get(['countries/:id/state/:stateId', 'countries/:id/states/:stateId', 'country/:id/state/:stateId', 'country/:id/states/:stateId'])
  @ApiItem(StateView)
  getState(@Param('id') id: string, @Param('stateId') stateId: string, @Query() query: ItemQuery) {
    return this.states.get(id, stateId, query);
  }

  @Patch(['countries/:id/state/:stateId', 'countries/:id/states/:stateId', 'country/:id/state/:stateId', 'country/:id/states/:stateId'])
  @ApiItem(StateView)
  updateState(@Param('id') id: string, @Param('stateId') stateId: string, @Body() body: StatePatch) {
    return this.states.update(id, stateId, body);
  }

  @Put(['countries/:id/state/:stateId', 'countries/:id/states/:stateId', 'country/:id/state/:stateId', 'country/:id/states/:stateId'])
  @ApiItem(StateView, { creates: 'Created: the country had no state with the code of the path.' })
  replaceState(@Param('id') id: string, @Param('stateId') stateId: string, @Body() body: StateCreate) {
    return this.states.replace(id, stateId, body);
  }

  @Delete(['countries/:id/state/:stateId', 'countries/:id/states/:stateId', 'country/:id/state/:stateId', 'country/:id/states/:stateId'])
  @ApiItem(StateView)
  removeState(@Param('id') id: string, @Param('stateId') stateId: string) {
    return this.states.remove(id, stateId);
  }
}
