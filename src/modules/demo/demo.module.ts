import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module.js';
import { DemoRepository } from './demo.repository.js';
import { DemoSeeder } from './demo.seeder.js';

@Module({
  imports: [ApiKeysModule],
  providers: [DemoRepository, DemoSeeder],
  exports: [DemoSeeder],
})
export class DemoModule {}
