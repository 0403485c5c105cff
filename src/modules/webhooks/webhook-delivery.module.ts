import { type DynamicModule, Logger, Module } from '@nestjs/common';
import { jobEngineProvider } from '../../common/jobs/job.engine.js';
import type { AppConfig } from '../../config/app-config.js';
import { WebhookDeliveryHandler } from './webhook-delivery.handler.js';

/**
 * Webhook deliveries on the job engine: always in the worker; in the api only without Redis
 * (neither REDIS_URL nor REDIS_SENTINELS: no worker is expected then, as for send-quote).
 * Several processes may run it: claims are leased.
 */
@Module({})
export class WebhookDeliveryModule {
  static forRoot(config: AppConfig, role: 'api' | 'worker'): DynamicModule {
    const run = role === 'worker' || !config.redis;
    const engine = jobEngineProvider('webhook-delivery', WebhookDeliveryHandler, (c) => ({
      name: 'Webhook',
      logger: new Logger('Webhooks'),
      loops: c.webhookConcurrency,
      pollMs: c.webhookPollMs,
      lease: { variable: 'WEBHOOK_LEASE_SECONDS', seconds: c.webhookLeaseSeconds },
    }));
    return { module: WebhookDeliveryModule, providers: run ? [WebhookDeliveryHandler, engine] : [] };
  }
}
