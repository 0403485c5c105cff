import { type DynamicModule, Module } from '@nestjs/common';
import { ShipmentsController } from './shipments.controller.js';
import { ShipmentsRepository } from './shipments.repository.js';
import { ShipmentsService } from './shipments.service.js';
import { TrackingCodesService } from './tracking-codes.service.js';

/** Shipments and their tracking codes; a shipment that names an order moves the order's fulfillment. */
@Module({})
export class ShipmentsModule {
  /** `orders` is the api's own OrdersModule.forRoot(…) object (one instance, keyed by that reference). */
  static forRoot(orders: DynamicModule): DynamicModule {
    return {
      module: ShipmentsModule,
      imports: [orders],
      controllers: [ShipmentsController],
      providers: [ShipmentsRepository, ShipmentsService, TrackingCodesService],
      exports: [ShipmentsService],
    };
  }
}
