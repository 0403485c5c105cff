import { Module } from '@nestjs/common';
import { TaxClassesController } from './tax-classes.controller.js';
import { TaxService } from './tax.service.js';

@Module({
  controllers: [TaxClassesController],
  providers: [TaxService],
  exports: [TaxService],
})
export class TaxModule {}
