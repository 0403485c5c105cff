import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module.js';
import { ShipmentsController } from './shipments.controller.js';
import { ShipmentsRepository } from './shipments.repository.js';
import { ShipmentsService } from './shipments.service.js';
import { TrackingCodesService } from './tracking-codes.service.js';

/** Shipments and their tracking codes; a shipment that names an order moves the order's fulfillment. */
@Module({
  imports: [OrdersModule],
  controllers: [ShipmentsController],
  providers: [ShipmentsRepository, ShipmentsService, TrackingCodesService],
  exports: [ShipmentsService],
})
export class ShipmentsModule {}
