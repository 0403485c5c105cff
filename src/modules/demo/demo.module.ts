import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module.js';
import { DemoSeeder } from './demo.seeder.js';

@Module({
  imports: [ApiKeysModule],
  providers: [DemoSeeder],
  exports: [DemoSeeder],
})
export class DemoModule {}
