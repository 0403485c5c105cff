import { Logger as PinoNestLogger, type Params, PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';

/** Nest's start-up chatter (every module and route) hides the lines an operator needs. */
const QUIET_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/**
 * nestjs-pino's parameters around the process's own pino logger. `useExisting`: nestjs-pino must not
 * mount its pino-http middleware; the api writes its own access line (see requestLogging) and pino's
 * mixin adds the request id to every line logged while a request is served.
 */
export function loggerParams(logger: Logger): Params {
  return { pinoHttp: { logger }, useExisting: true };
}

/** Nest's logger (`new Logger('Ctx').log(…)` anywhere) writing JSON lines through pino. */
export class AppLogger extends PinoNestLogger {
  static over(logger: Logger): AppLogger {
    const params = loggerParams(logger);
    return new AppLogger(new PinoLogger(params), params);
  }

  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && QUIET_CONTEXTS.has(context)) return;
    super.log(message, ...optionalParams);
  }
}
