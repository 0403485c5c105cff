import { Module } from '@nestjs/common';
import { TaxClassesController } from './tax-classes.controller.js';
import { TaxRatesService, TaxService } from './tax.service.js';

@Module({
  controllers: [TaxClassesController],
  providers: [TaxService, TaxRatesService],
  exports: [TaxService],
})
export class TaxModule {}
