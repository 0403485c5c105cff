import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { CountryCreate, CountryPatch, StateCreate, StatePatch } from './dto/country.input.js';
import { CountriesService, StatesService } from './geography.service.js';

/**
 * Countries and their states. Singular and plural spellings are aliases (CONTRACT §2); `POST /country`
 * creates a country and `POST /country/{id}` a state in it.
 */
@Controller()
@ScopeGroup('geography')
export class CountriesController {
  constructor(
    private readonly countries: CountriesService,
    private readonly states: StatesService,
  ) {}

  @Get('countries')
  list(@Query() query: ListQuery) {
    return this.countries.list(query);
  }

  @Post(['country', 'countries'])
  create(@Body() body: CountryCreate) {
    return this.countries.create(body);
  }

  @Get(['country/:id', 'countries/:id'])
  get(@Param('id') id: string, @Query() query: ItemQuery) {
    return this.countries.get(id, query);
  }

  @Patch(['country/:id', 'countries/:id'])
  update(@Param('id') id: string, @Body() body: CountryPatch) {
    return this.countries.update(id, body);
  }

  @Delete(['country/:id', 'countries/:id'])
  remove(@Param('id') id: string) {
    return this.countries.remove(id);
  }

  @Post(['country/:id', 'countries/:id'])
  createState(@Param('id') id: string, @Body() body: StateCreate) {
    return this.states.create(id, body);
  }

  @Get(['countries/:id/states', 'country/:id/states'])
  listStates(@Param('id') id: string, @Query() query: ListQuery) {
    return this.states.list(id, query);
  }

  @Get(['countries/:id/state/:stateId', 'countries/:id/states/:stateId', 'country/:id/state/:stateId', 'country/:id/states/:stateId'])
  getState(@Param('id') id: string, @Param('stateId') stateId: string, @Query() query: ItemQuery) {
    return this.states.get(id, stateId, query);
  }

  @Patch(['countries/:id/state/:stateId', 'countries/:id/states/:stateId', 'country/:id/state/:stateId', 'country/:id/states/:stateId'])
  updateState(@Param('id') id: string, @Param('stateId') stateId: string, @Body() body: StatePatch) {
    return this.states.update(id, stateId, body);
  }

  @Delete(['countries/:id/state/:stateId', 'countries/:id/states/:stateId', 'country/:id/state/:stateId', 'country/:id/states/:stateId'])
  removeState(@Param('id') id: string, @Param('stateId') stateId: string) {
    return this.states.remove(id, stateId);
  }
}
