import { type DynamicModule, Logger, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { renewalMs } from '../../common/jobs/domain/lease.js';
import { jobEngineProvider } from '../../common/jobs/job.engine.js';
import type { AppConfig } from '../../config/app-config.js';
import { CatalogModule } from '../catalog/catalog.module.js';
import { CustomFieldsModule } from '../custom-fields/custom-fields.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { GeographyModule } from '../geography/geography.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { BulkResourceRegistry } from './bulk-resource.registry.js';
import { BulkEventRecorder } from './bulk-event.recorder.js';
import { BULK_JOBS, BulkJobHandler } from './bulk-job.handler.js';
import { BulkJobBound } from './bulk-job.bound.js';
import { BulkRetention } from './bulk-retention.service.js';
import { ExportRunner } from './export.runner.js';
import { ExportsController } from './exports.controller.js';
import { ExportsService } from './exports.service.js';
import { ImportRunner } from './import.runner.js';
import { ImportsController } from './imports.controller.js';
import { ImportsService } from './imports.service.js';
import { UploadSlots } from './upload-slots.js';
import { ImportLineValidatorPool } from './import-line-validator.pool.js';
import { BulkJobsRepository } from './repositories/bulk-jobs.repository.js';
import { ExportsRepository } from './repositories/exports.repository.js';
import { ImportsRepository } from './repositories/imports.repository.js';

/**
 * Bulk imports and exports (docs/api.md#bulk-import-and-export), above the modules whose batch upserts they call. The api
 * serves the routes; the jobs run in the worker, in the api when no Redis is configured (no worker is
 * expected then, as for webhooks), and in the CLI for the job it started (`BulkJobHandler.runOne`, no engine).
 */
@Module({})
export class BulkModule {
  static forRoot(config: AppConfig, role: 'api' | 'worker' | 'cli'): DynamicModule {
    const loop = role === 'worker' || (role === 'api' && !config.redis);
    const engine = jobEngineProvider(BULK_JOBS, BulkJobHandler, (c) => ({
      name: 'Bulk job',
      logger: new Logger('Bulk'),
      loops: 1,
      // A job queued in another process is found within a renewal: no sooner would its lease matter.
      pollMs: Math.min(c.bulkPollMs, renewalMs(c.bulkLeaseSeconds)),
      lease: { variable: 'BULK_LEASE_SECONDS', seconds: c.bulkLeaseSeconds },
    }));
    return {
      module: BulkModule,
      imports: [DiscoveryModule, CatalogModule, CustomersModule, GeographyModule, CustomFieldsModule, WebhooksModule],
      controllers: role === 'api' ? [ImportsController, ExportsController] : [],
      providers: [
        BulkResourceRegistry,
        BulkEventRecorder,
        BulkJobsRepository,
        ImportsRepository,
        ExportsRepository,
        ImportRunner,
        ImportLineValidatorPool,
        ExportRunner,
        ImportsService,
        UploadSlots,
        ExportsService,
        BulkJobBound,
        BulkRetention,
        ...(loop || role === 'cli' ? [BulkJobHandler] : []),
        ...(loop ? [engine] : []),
      ],
      exports: [ImportsService, ExportsService, ...(role === 'cli' ? [BulkJobHandler] : [])],
    };
  }
}
