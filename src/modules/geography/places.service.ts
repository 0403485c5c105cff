import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Country } from './country.entity.js';
import { GeographyRepository } from './geography.repository.js';
import type { State } from './state.entity.js';

/**
 * The countries and states other modules' records name (a customer's address): read in sets, in the
 * caller's transaction, by the ids a page of records holds or by the codes a write gives. Unknown ids,
 * codes and pairs are absent from the answer; what that means is the caller's rule.
 */
@Injectable()
export class PlacesService {
  constructor(private readonly repository: GeographyRepository) {}

  countriesByIds(m: EntityManager, ids: number[]): Promise<Country[]> {
    return this.repository.countriesByIds(m, ids);
  }

  statesByIds(m: EntityManager, ids: number[]): Promise<State[]> {
    return this.repository.statesByIds(m, ids);
  }

  /** Codes as stored: upper case, as an address's input is made. */
  countriesByCodes(m: EntityManager, codes: string[]): Promise<Country[]> {
    return this.repository.countriesByCodes(m, codes);
  }

  /** The states of these (country id, state code) pairs. */
  statesByCodes(m: EntityManager, pairs: { countryId: number; code: string }[]): Promise<State[]> {
    return this.repository.statesByCodes(m, pairs);
  }
}
