import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ChildResourceService } from '../../common/crud/child-resource.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { Country } from './country.entity.js';
import { GeographyRepository } from './geography.repository.js';
import { presentState } from './geography.presenter.js';
import type { State } from './state.entity.js';
import { EventRecorder } from '../webhooks/event-recorder.service.js';
import { STATE_LIST } from './geography.lists.js';

/**
 * A country's states, addressed by id or by code within the country. A write that changes a
 * country's states moves the country's `updated_at` (its export line carries them), whatever the door.
 */
@Injectable()
export class StatesService extends ChildResourceService<State, Country, ReturnType<typeof presentState>> {
  constructor(
    tx: TransactionRunner,
    private readonly repository: GeographyRepository,
    recorder: EventRecorder,
  ) {
    super(tx, {
      events: recorder.for('country.state'),
      table: repository.states,
      owner: 'country_id',
      createByKey: true,
      findOwner: (m, key, lock) => repository.countries.find(m, key, { lock }),
      list: STATE_LIST,
      present: presentState,
    });
  }

  protected override async afterWrite(m: EntityManager, country: Country): Promise<void> {
    await this.repository.touchCountries(m, [country.id]);
  }
}
