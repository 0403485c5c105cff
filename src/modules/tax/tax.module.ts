import { Module } from '@nestjs/common';
import { TaxClassesController } from './tax-classes.controller.js';
import { TaxClassesService } from './tax-classes.service.js';
import { TaxRatesService } from './tax-rates.service.js';
import { TaxRepository } from './tax.repository.js';

/** Tax classes and their rates; quotes price with the repository's fragments (default class, rates), the catalog checks its references with TaxClassesService. */
@Module({
  controllers: [TaxClassesController],
  providers: [TaxRepository, TaxClassesService, TaxRatesService],
  exports: [TaxRepository, TaxClassesService],
})
export class TaxModule {}
