import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';
import { Table } from '../../database/table.js';
import { Country } from './country.entity.js';
import { State } from './state.entity.js';

/** Every statement of the geography module: countries and their states. */
@Injectable()
export class GeographyRepository {
  /** `{id}` is the id or the ISO code, in any case (codes are stored upper case). */
  readonly countries: Table<Country>;
  /** Within a country, `{id}` is the id or the state's code, in any case (stored upper case). */
  readonly states: Table<State>;

  constructor(dataSource: DataSource) {
    this.countries = new Table(dataSource, Country, { alt: 'code', fold: 'upper', label: 'Country' });
    this.states = new Table(dataSource, State, { alt: 'code', fold: 'upper', label: 'State' });
  }

  /** The states of a page of countries, in one statement. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  statesOf(m: EntityManager, countryIds: number[]): Promise<State[]> {
    return this.states.whereIn(m, 'country_id', countryIds);
  }

  /** Moves the `updated_at` of these countries (their states changed), in one statement; answers them as they now are. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  async touchCountries(m: EntityManager, ids: number[]): Promise<Country[]> {
    if (ids.length === 0) return [];
    const rows = await runStatement<Country>(
      m,
      `UPDATE ${this.countries.sqlName} SET updated_at = now() WHERE id = ANY($1::int[]) RETURNING *`,
      [ids],
    );
    return rows.map((row) => m.create(Country, row));
  }
}
