import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import { type EmbedSelection, groupBy, parseEmbed } from '../../common/embed/embed.js';
import { assertIfMatch } from '../../common/http/etag.js';
import { findByKey } from '../../common/http/identifiers.js';
import { changesOf, deleteById, insertReturning, updateReturning } from '../../common/crud/write.js';
import type { ItemQuery, ListQuery } from '../../common/paging/list-query.dto.js';
import { paginate, sortableColumns, toPage } from '../../common/paging/paginate.js';
import { TransactionRunner } from '../../database/transaction.js';
import { Country } from './country.entity.js';
import type { CountryCreate, CountryPatch, StateCreate, StatePatch } from './dto/country.input.js';
import { presentCountry, presentState } from './geography.presenter.js';
import { State } from './state.entity.js';

const COUNTRY_EMBEDS = { states: {} };
const COUNTRY_SORT = sortableColumns('id', 'name', 'code', 'created_at', 'updated_at');
const STATE_SORT = sortableColumns('id', 'name', 'code', 'created_at', 'updated_at');

const countryKey = (lock = false) => ({ alt: 'code', caseInsensitive: true, label: 'Country', lock });

@Injectable()
export class GeographyService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  async listCountries(query: ListQuery) {
    const embed = parseEmbed(query.embed, COUNTRY_EMBEDS);
    const qb = this.dataSource.getRepository(Country).createQueryBuilder('r');
    return toPage(await paginate(qb, query, COUNTRY_SORT), (rows) => this.presentCountries(this.dataSource.manager, rows, embed));
  }

  async getCountry(key: string, query: ItemQuery) {
    const embed = parseEmbed(query.embed, COUNTRY_EMBEDS);
    const country = await findByKey(this.dataSource.manager, Country, key, countryKey());
    return (await this.presentCountries(this.dataSource.manager, [country], embed))[0];
  }

  createCountry(input: CountryCreate) {
    return this.tx.run(async (m) => presentCountry(await insertReturning(m, Country, changesOf(input))));
  }

  updateCountry(key: string, input: CountryPatch) {
    return this.tx.run(async (m) => {
      const current = await findByKey(m, Country, key, countryKey(true));
      assertIfMatch(presentCountry(current));
      return presentCountry(await updateReturning(m, Country, current, changesOf(input)));
    });
  }

  /** States go with their country (ON DELETE CASCADE). */
  deleteCountry(key: string) {
    return this.tx.run(async (m) => {
      const current = await findByKey(m, Country, key, countryKey(true));
      assertIfMatch(presentCountry(current));
      await deleteById(m, Country, current.id);
      return presentCountry(current);
    });
  }

  async listStates(countryKeyValue: string, query: ListQuery) {
    parseEmbed(query.embed, {});
    const country = await findByKey(this.dataSource.manager, Country, countryKeyValue, countryKey());
    const qb = this.dataSource.getRepository(State).createQueryBuilder('r').where('r.country_id = :cid', { cid: country.id });
    return toPage(await paginate(qb, query, STATE_SORT), (rows) => rows.map(presentState));
  }

  async getState(countryKeyValue: string, stateKey: string, query: ItemQuery) {
    parseEmbed(query.embed, {});
    return presentState(await this.findState(this.dataSource.manager, countryKeyValue, stateKey, false));
  }

  createState(countryKeyValue: string, input: StateCreate) {
    return this.tx.run(async (m) => {
      const country = await findByKey(m, Country, countryKeyValue, countryKey());
      return presentState(await insertReturning(m, State, { ...changesOf(input), country_id: country.id }));
    });
  }

  updateState(countryKeyValue: string, stateKey: string, input: StatePatch) {
    return this.tx.run(async (m) => {
      const current = await this.findState(m, countryKeyValue, stateKey, true);
      assertIfMatch(presentState(current));
      return presentState(await updateReturning(m, State, current, changesOf(input)));
    });
  }

  deleteState(countryKeyValue: string, stateKey: string) {
    return this.tx.run(async (m) => {
      const current = await this.findState(m, countryKeyValue, stateKey, true);
      assertIfMatch(presentState(current));
      await deleteById(m, State, current.id);
      return presentState(current);
    });
  }

  /** A state is addressed by id or by its code, always within the country of the path. */
  private async findState(m: EntityManager, countryKeyValue: string, stateKey: string, lock: boolean): Promise<State> {
    const country = await findByKey(m, Country, countryKeyValue, countryKey());
    return findByKey(m, State, stateKey, { alt: 'code', caseInsensitive: true, label: 'State', lock, where: { country_id: country.id } });
  }

  /** One query for the states of the whole page, whatever its size. */
  private async presentCountries(m: EntityManager, countries: Country[], embed: EmbedSelection) {
    const states = embed.states
      ? groupBy(
          await m.getRepository(State).find({ where: { country_id: In(countries.map((c) => c.id)) }, order: { id: 'ASC' } }),
          (s) => s.country_id,
        )
      : null;
    return countries.map((c) => presentCountry(c, states ? { states: states.get(c.id) ?? [] } : {}));
  }
}
