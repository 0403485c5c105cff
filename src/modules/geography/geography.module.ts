import { Module } from '@nestjs/common';
import { CountriesController } from './countries.controller.js';
import { CountriesService } from './countries.service.js';
import { GeographyRepository } from './geography.repository.js';
import { StatesService } from './states.service.js';

@Module({
  controllers: [CountriesController],
  providers: [GeographyRepository, CountriesService, StatesService],
  exports: [CountriesService],
})
export class GeographyModule {}
