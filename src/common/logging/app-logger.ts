import { ConsoleLogger } from '@nestjs/common';

/** Nest's start-up chatter (every module and route) hides the lines an operator needs. */
const QUIET_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

export class AppLogger extends ConsoleLogger {
  override log(message: unknown, context?: string): void {
    if (context && QUIET_CONTEXTS.has(context)) return;
    super.log(message, context);
  }
}
