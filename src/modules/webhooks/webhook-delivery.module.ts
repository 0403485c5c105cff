import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config.js';
import { WebhookDeliverer } from './webhook-deliverer.js';

/**
 * The deliverer: always in the worker; in the api only without Redis (neither REDIS_URL nor
 * REDIS_SENTINELS: no worker is expected then, as for send-quote). Several processes may run it:
 * claims are leased.
 */
@Module({})
export class WebhookDeliveryModule {
  static forRoot(config: AppConfig, role: 'api' | 'worker'): DynamicModule {
    const run = role === 'worker' || !config.redis;
    return { module: WebhookDeliveryModule, providers: run ? [WebhookDeliverer] : [] };
  }
}
