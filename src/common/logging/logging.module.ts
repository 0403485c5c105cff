import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';
import { loggerParams } from './app-logger.js';

/** Injection token of the process's pino logger (for middleware that needs the logger itself). */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/**
 * Makes nestjs-pino's PinoLogger injectable everywhere (`@InjectPinoLogger()`), bound to the
 * request's context inside a request; the same pino logger Nest's own Logger writes to.
 */
@Module({})
export class LoggingModule {
  static forRoot(logger: Logger): DynamicModule {
    return {
      module: LoggingModule,
      global: true,
      imports: [LoggerModule.forRoot(loggerParams(logger))],
      providers: [{ provide: ROOT_LOGGER, useValue: logger }],
      exports: [LoggerModule, ROOT_LOGGER],
    };
  }
}
