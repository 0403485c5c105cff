import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CrudResource } from '../../common/crud/crud-resource.js';
import { type EmbedSelection, groupBy } from '../../common/embed/embed.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { Country } from './country.entity.js';
import { GeographyRepository } from './geography.repository.js';
import { presentCountry } from './geography.presenter.js';
import { EventRecorder } from '../webhooks/event-recorder.service.js';
import { COUNTRY_LIST } from './geography.lists.js';

/** Countries; `{id}` is the id or the ISO code (any case). Deleting one deletes its states. */
@Injectable()
export class CountriesService extends CrudResource<Country, ReturnType<typeof presentCountry>> {
  constructor(tx: TransactionRunner, repository: GeographyRepository, recorder: EventRecorder) {
    super(tx, {
      events: recorder.for('country'),
      table: repository.countries,
      createByKey: true,
      list: COUNTRY_LIST,
      present: async (m: EntityManager, countries: Country[], embed: EmbedSelection) => {
        // One statement for the states of the whole page, whatever its size.
        const states = embed.states
          ? groupBy(
              await repository.statesOf(
                m,
                countries.map((c) => c.id),
              ),
              (s) => s.country_id,
            )
          : null;
        return countries.map((c) => presentCountry(c, states ? { states: states.get(c.id) ?? [] } : {}));
      },
    });
  }
}
