import { Module } from '@nestjs/common';
import { CountriesController } from './countries.controller.js';
import { GeographyService } from './geography.service.js';

@Module({
  controllers: [CountriesController],
  providers: [GeographyService],
  exports: [GeographyService],
})
export class GeographyModule {}
