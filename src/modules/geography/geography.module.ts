import { Module } from '@nestjs/common';
import { CountriesController } from './countries.controller.js';
import { CountriesService } from './countries.service.js';
import { GeographyRepository } from './geography.repository.js';
import { PlacesService } from './places.service.js';
import { StatesService } from './states.service.js';
import { CountriesBulkAdapter } from './countries-bulk.adapter.js';

@Module({
  controllers: [CountriesController],
  providers: [GeographyRepository, CountriesService, StatesService, PlacesService, CountriesBulkAdapter],
  exports: [CountriesService, PlacesService],
})
export class GeographyModule {}
