import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BulkAdapter, type BulkResourceAdapter, exportedMembers, upsertedIds } from '../../common/bulk/bulk-resource.adapter.js';
import { threadFile } from '../../common/threads/thread-pool.js';
import { COUNTRY_BATCH_KEY, CountryCreate } from './dto/country.input.js';
import { Country } from './country.entity.js';
import { State } from './state.entity.js';
import { CountriesService } from './countries.service.js';

/** Countries (with their states) in bulk imports and exports. */
@Injectable()
@BulkAdapter()
export class CountriesBulkAdapter implements BulkResourceAdapter<CountryCreate> {
  readonly resource = 'countries';
  readonly member = CountryCreate;
  readonly memberFile = threadFile(import.meta.url, 'dto/country.input.js');
  readonly key = COUNTRY_BATCH_KEY;
  readonly tables = [Country, State];

  constructor(private readonly service: CountriesService) {}

  async upsert(members: CountryCreate[]) {
    return upsertedIds(await this.service.upsertMany(members));
  }

  async exportPage(m: EntityManager, afterId: number, limit: number, updatedMin: Date | null) {
    return exportedMembers(CountryCreate, await this.service.exportPage(m, afterId, limit, updatedMin));
  }
}
