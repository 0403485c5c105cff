import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { StoreDirectory } from './store-directory.js';
import { StoresController } from './stores.controller.js';
import { StoresRepository } from './stores.repository.js';
import { StoresService } from './stores.service.js';
import { StoreMover } from './store-mover.service.js';
import { StoreMovesRepository } from './store-moves.repository.js';

/**
 * The stores a deployment hosts (docs/api.md#stores). Global: every door and every job reads the
 * store it works for (its name, address, currency, locale, mail settings) from the directory.
 */
@Global()
@Module({
  controllers: [StoresController],
  providers: [
    StoresRepository,
    {
      provide: StoreDirectory,
      inject: [StoresRepository, APP_CONFIG],
      useFactory: (repository: StoresRepository, config: AppConfig) => StoreDirectory.loaded(repository, config),
    },
    StoresService,
    StoreMovesRepository,
    StoreMover,
  ],
  exports: [StoreDirectory, StoresService, StoreMover],
})
export class StoresModule {}
