import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BulkAdapter, type BulkResourceAdapter, exportedMembers, upsertedIds } from '../../common/bulk/bulk-resource.adapter.js';
import { threadFile } from '../../common/threads/thread-pool.js';
import { COUNTRY_BATCH_KEY, CountryPut, StateCreate } from './dto/country.input.js';
import { Country } from './country.entity.js';
import { State } from './state.entity.js';
import { CountriesService } from './countries.service.js';

/**
 * Countries with their states in bulk imports and exports: a line carries the country's `states`
 * (each as PUT /country/{id}/states takes it), and its import replaces them as the country's PUT does.
 */
@Injectable()
@BulkAdapter()
export class CountriesBulkAdapter implements BulkResourceAdapter<CountryPut> {
  readonly resource = 'countries';
  readonly member = CountryPut;
  readonly memberFile = threadFile(import.meta.url, 'dto/country.input.js');
  readonly key = COUNTRY_BATCH_KEY;
  readonly tables = [Country, State];

  constructor(private readonly service: CountriesService) {}

  async upsert(members: CountryPut[]) {
    return upsertedIds(await this.service.upsertMany(members));
  }

  async exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null) {
    const views = await this.service.exportPage(m, afterId, limit, updatedMin, { states: {} });
    const withStates = views.map(({ states, ...country }) => ({
      ...country,
      states: exportedMembers(StateCreate, states?.data ?? []).map((s) => s.member),
    }));
    return exportedMembers(CountryPut, withStates);
  }
}
