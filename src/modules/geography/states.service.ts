import { Injectable } from '@nestjs/common';
import { ChildResourceService } from '../../common/crud/child-resource.js';
import { TransactionRunner } from '../../database/transaction.js';
import { CountriesService } from './countries.service.js';
import type { Country } from './country.entity.js';
import { GeographyRepository } from './geography.repository.js';
import { presentState } from './geography.presenter.js';
import type { State } from './state.entity.js';
import { EventRecorder } from '../webhooks/event-recorder.service.js';
import { STATE_LIST } from './geography.lists.js';

/** A country's states, addressed by id or by code within the country. */
@Injectable()
export class StatesService extends ChildResourceService<State, Country, ReturnType<typeof presentState>> {
  constructor(tx: TransactionRunner, repository: GeographyRepository, countries: CountriesService, recorder: EventRecorder) {
    super(tx, {
      events: recorder.for('country.state'),
      table: repository.states,
      owner: 'country_id',
      createByKey: true,
      findOwner: (m, key, lock) => countries.find(m, key, lock),
      list: STATE_LIST,
      present: presentState,
    });
  }
}
