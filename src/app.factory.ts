import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import { AppLogger } from './common/logging/app-logger.js';
import { authenticationMiddleware } from './common/auth/authentication.middleware.js';
import { jsonBodyMiddleware } from './common/http/body.middleware.js';
import { RouteTable } from './common/http/route-table.js';
import { AppModule } from './app.module.js';
import { loadConfig } from './config/app-config.js';
import { ApiKeysService } from './modules/api-keys/api-keys.service.js';

/** The response interceptor writes every success itself; Nest must not write a second time. */
class StoreExpressAdapter extends ExpressAdapter {
  override reply(response: { writableEnded?: boolean; headersSent?: boolean }, body: unknown, statusCode?: number) {
    if (response.writableEnded || response.headersSent) return;
    return super.reply(response, body, statusCode);
  }
}

/**
 * Builds the HTTP app the same way for `npm start` and for the e2e tests. Order matters: the token
 * is checked first, then the path and method, then the body is read, then Nest routes.
 */
export async function createApp(options: { logger?: false | ('error' | 'warn' | 'log')[] } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(loadConfig()), new StoreExpressAdapter(), {
    bodyParser: false,
    logger: options.logger === false ? false : new AppLogger({ logLevels: options.logger ?? ['error', 'warn', 'log'] }),
  });
  configureApp(app);
  return app;
}

export function configureApp(app: INestApplication): void {
  const express = app as NestExpressApplication;
  express.disable('x-powered-by');
  express.set('etag', false);
  express.set('query parser', 'simple');
  const keys = app.get(ApiKeysService);
  app.use(authenticationMiddleware((token) => keys.authenticate(token)));
  app.use(app.get(RouteTable).middleware());
  app.use(jsonBodyMiddleware());
}
