import { Module } from '@nestjs/common';
import { CountriesController } from './countries.controller.js';
import { CountriesService, StatesService } from './geography.service.js';

@Module({
  controllers: [CountriesController],
  providers: [CountriesService, StatesService],
  exports: [CountriesService],
})
export class GeographyModule {}
