import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { ChildResourceService } from '../../common/crud/child-resource.js';
import { CrudResource } from '../../common/crud/crud-resource.js';
import { type EmbedSelection, groupBy } from '../../common/embed/embed.js';
import { sortableColumns } from '../../common/paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';
import { Country } from './country.entity.js';
import { presentCountry, presentState } from './geography.presenter.js';
import { State } from './state.entity.js';

/** Countries; `{id}` is the id or the ISO code (any case). Deleting one deletes its states. */
@Injectable()
export class CountriesService extends CrudResource<Country, ReturnType<typeof presentCountry>> {
  constructor(dataSource: DataSource, tx: TransactionRunner) {
    super(dataSource, tx, {
      entity: Country,
      lookup: { alt: 'code', caseInsensitive: true, label: 'Country' },
      sort: sortableColumns('id', 'name', 'code', 'created_at', 'updated_at'),
      embeds: { states: {} },
      present: (m, rows, embed) => presentCountries(m, rows, embed),
    });
  }
}

/** A country's states, addressed by id or by code within the country. */
@Injectable()
export class StatesService extends ChildResourceService<State, Country> {
  constructor(dataSource: DataSource, tx: TransactionRunner, countries: CountriesService) {
    super(dataSource, tx, {
      entity: State,
      owner: 'country_id',
      findOwner: (m, key, lock) => countries.find(m, key, lock),
      label: 'State',
      alt: { column: 'code', caseInsensitive: true },
      sort: sortableColumns('id', 'name', 'code', 'created_at', 'updated_at'),
      present: presentState,
    });
  }
}

/** One query for the states of the whole page, whatever its size. */
async function presentCountries(m: EntityManager, countries: Country[], embed: EmbedSelection) {
  const states = embed.states
    ? groupBy(
        await m.getRepository(State).find({ where: { country_id: In(countries.map((c) => c.id)) }, order: { id: 'ASC' } }),
        (s) => s.country_id,
      )
    : null;
  return countries.map((c) => presentCountry(c, states ? { states: states.get(c.id) ?? [] } : {}));
}
