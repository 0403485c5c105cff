import { Module } from '@nestjs/common';
import { CustomFieldsController } from './custom-fields.controller.js';
import { CustomFieldsRepository } from './custom-fields.repository.js';
import { CustomFieldsService } from './custom-fields.service.js';
import { CustomFieldsBulkAdapter } from './custom-fields-bulk.adapter.js';

@Module({
  controllers: [CustomFieldsController],
  providers: [CustomFieldsRepository, CustomFieldsService, CustomFieldsBulkAdapter],
  exports: [CustomFieldsService],
})
export class CustomFieldsModule {}
