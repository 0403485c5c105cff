import { Module } from '@nestjs/common';
import { ShipmentsController } from './shipments.controller.js';
import { ShipmentsService, TrackingCodesService } from './shipments.service.js';

@Module({
  controllers: [ShipmentsController],
  providers: [ShipmentsService, TrackingCodesService],
  exports: [ShipmentsService],
})
export class ShipmentsModule {}
