import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { GenerateSql, SqlArg } from '../../database/sql/snapshot.js';
import { runStatement } from '../../database/sql/statement.js';
import { Table } from '../../database/table.js';
import { Country } from './country.entity.js';
import { State } from './state.entity.js';

/** Every statement of the geography module: countries and their states, also as other modules' records name them (PlacesService). */
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

  /** The countries of these ids (those a page of addresses names), in one statement. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  countriesByIds(m: EntityManager, ids: number[]): Promise<Country[]> {
    return this.byIds(m, Country, ids);
  }

  /** The states of these ids (those a page of addresses names), in one statement. */
  @GenerateSql({ args: [SqlArg.manager, [1, 2]] })
  statesByIds(m: EntityManager, ids: number[]): Promise<State[]> {
    return this.byIds(m, State, ids);
  }

  /** Countries by their codes (stored upper case, as the input is made), in one statement; unknown codes are absent. */
  @GenerateSql({ args: [SqlArg.manager, ['US', 'CA']] })
  async countriesByCodes(m: EntityManager, codes: string[]): Promise<Country[]> {
    if (codes.length === 0) return [];
    const rows = await runStatement<Country>(m, `SELECT * FROM ${this.countries.sqlName} WHERE code = ANY($1::text[])`, [
      [...new Set(codes)],
    ]);
    return rows.map((row) => m.create(Country, row));
  }

  /** The states of these (country id, state code) pairs, in one statement; pairs that name no state are absent. */
  @GenerateSql({ args: [SqlArg.manager, [{ countryId: 1, code: 'CA' }]] })
  async statesByCodes(m: EntityManager, pairs: { countryId: number; code: string }[]): Promise<State[]> {
    if (pairs.length === 0) return [];
    const rows = await runStatement<State>(
      m,
      `SELECT s.* FROM ${this.states.sqlName} s
         JOIN unnest($1::int[], $2::text[]) AS p(country_id, code) ON s.country_id = p.country_id AND s.code = p.code`,
      [pairs.map((p) => p.countryId), pairs.map((p) => p.code)],
    );
    return rows.map((row) => m.create(State, row));
  }

  private byIds<T extends { id: number }>(m: EntityManager, entity: new () => T, ids: number[]): Promise<T[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return m
      .getRepository(entity)
      .createQueryBuilder('r')
      .where('r.id IN (:...ids)', { ids: [...new Set(ids)] })
      .getMany();
  }
}
