import { Injectable } from '@nestjs/common';
import { ChildResourceService } from '../../common/crud/child-resource.js';
import { TransactionRunner } from '../../database/transaction.js';
import type { TaxClass } from './tax-class.entity.js';
import { TaxClassesService } from './tax-classes.service.js';
import type { TaxRate } from './tax-rate.entity.js';
import { presentTaxRate } from './tax.presenter.js';
import { TaxRepository } from './tax.repository.js';
import { EventRecorder } from '../webhooks/event-recorder.service.js';
import { TAX_RATE_LIST } from './tax.lists.js';

/** A class's rates, addressed by id within the class of the path. */
@Injectable()
export class TaxRatesService extends ChildResourceService<TaxRate, TaxClass, ReturnType<typeof presentTaxRate>> {
  constructor(tx: TransactionRunner, repository: TaxRepository, classes: TaxClassesService, recorder: EventRecorder) {
    super(tx, {
      events: recorder.for('taxclass.rate'),
      table: repository.rates,
      owner: 'tax_class_id',
      // A class's rates are told apart by where they apply and in which order (compound taxes share a place).
      collectionKey: ['country', 'state', 'zip', 'city', 'priority'],
      findOwner: (m, key, lock) => classes.find(m, key, lock),
      list: TAX_RATE_LIST,
      present: presentTaxRate,
    });
  }
}
