import type { Server } from 'node:http';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import type { DestinationStream, Logger } from 'pino';
import compression from 'compression';
import { healthRoutes } from './common/health/health.routes.js';
import { publicFileRoutes } from './common/public-files/public-files.routes.js';
import { HealthService } from './common/health/health.service.js';
import { ShutdownState } from './common/health/shutdown.js';
import { AppLogger } from './common/logging/app-logger.js';
import { requestLogging } from './common/logging/http-logging.js';
import { createLogger, levelOf } from './common/logging/logger.js';
import { ROOT_LOGGER } from './common/logging/logging.module.js';
import { QUEUE_DASHBOARD_PATH, queueDashboard } from './modules/admin/queue-dashboard.routes.js';
import { authenticationMiddleware } from './common/auth/authentication.middleware.js';
import { jsonBodyMiddleware } from './common/http/body.middleware.js';
import { installClientErrorHandler } from './common/http/client-error.js';
import { chain } from './common/http/chain.js';
import { idempotencyMiddleware, responseDeferred } from './common/idempotency/idempotency.middleware.js';
import { IdempotencyStore } from './common/idempotency/idempotency.store.js';
import { RateLimiter } from './common/rate-limit/rate-limiter.js';
import { RouteTable } from './common/http/route-table.js';
import { AppModule } from './app.module.js';
import { APP_CONFIG, type AppConfig, loadConfig } from './config/app-config.js';
import { ApiKeysService } from './modules/api-keys/api-keys.service.js';
import { cartRoutes, noStorePage } from './modules/cart/cart.routes.js';
import { StoreDirectory } from './modules/stores/store-directory.js';
import { storeByHost } from './modules/stores/store-host.middleware.js';
import { CartService } from './modules/cart/cart.service.js';
import { setupOpenApi } from './openapi/openapi.setup.js';
import { httpMetrics } from './common/metrics/http-metrics.js';
import { instrumentApi } from './common/metrics/instrument.js';
import { TransactionRunner } from './database/transaction.js';
import { ReadRouter } from './database/replicas/read-router.js';
import { readRoutingMiddleware } from './common/http/read-routing.middleware.js';

const CART_PATH = '/cart';

/** The response interceptor writes every success itself; Nest must not write a second time. */
class StoreExpressAdapter extends ExpressAdapter {
  override reply(response: { writableEnded?: boolean; headersSent?: boolean }, body: unknown, statusCode?: number) {
    if (response.writableEnded || response.headersSent || responseDeferred(response)) return;
    return super.reply(response, body, statusCode);
  }
}

/**
 * Builds the HTTP app the same way for `npm start` and for the e2e tests. Order matters: the request
 * gets its id and access line, the probes, the queue dashboard and the buyer's cart pages answer
 * (no token), then the token is checked, the request counted against its key's rate limit, then the
 * path, method and scope, then the body is read, an Idempotency-Key honoured, then Nest routes and
 * validates the fields: the order of refusals docs/api.md#order-of-refusals promises (401, 404/405, 403, 413/415/400,
 * Idempotency-Key, 422).
 */
export async function createApp(
  options: { logger?: false | ('error' | 'warn' | 'log')[]; logDestination?: DestinationStream } = {},
): Promise<NestExpressApplication> {
  const config = loadConfig();
  // JSON lines through pino at LOG_LEVEL; `logger` (the tests' quiet ['error']) overrides the level,
  // `logDestination` (the tests, which read what was logged) takes the lines instead of stdout.
  const logger = createLogger(options.logger === undefined ? config.logLevel : levelOf(options.logger), 'api', options.logDestination);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, logger), new StoreExpressAdapter(), {
    bodyParser: false,
    logger: AppLogger.over(logger),
  });
  configureApp(app);
  return app;
}

/**
 * Node cuts a request whose body takes longer than `requestTimeout` (300 s) in all: an upload of
 * 1 GiB at 1 MB/s would never arrive. That total cap is off; an upload is cut when it sends nothing for
 * IMPORT_IDLE_SECONDS instead (spoolUpload), and the headers must still come within HEADERS_TIMEOUT_MS.
 */
function boundRequestTimes(server: Server): void {
  server.requestTimeout = 0;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
}

/** How long a request's headers may take to arrive (Node's default). */
const HEADERS_TIMEOUT_MS = 60_000;

/**
 * How long an idle kept-alive connection stays open. Longer than the clients' and proxies' own idle
 * timeouts (Node's fetch 4 s, nginx 60 s, most cloud load balancers 60 s), so the client is always
 * the side that closes it: with Node's 5 s a client could send a request on a connection at the
 * moment the api closed it, and get a reset (`other side closed`) for a request the api never saw.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function configureApp(app: INestApplication): void {
  const express = app as NestExpressApplication;
  express.disable('x-powered-by');
  express.set('etag', false);
  express.set('query parser', 'simple');
  // Which X-Forwarded-For hops req.ip believes (TRUST_PROXY): the per-address limits and the access
  // lines use it. Set before any middleware reads req.ip.
  express.set('trust proxy', app.get<AppConfig>(APP_CONFIG).trustProxy);
  // A request Node cannot parse gets the JSON envelope too, not Node's bare 400.
  installClientErrorHandler(express.getHttpServer());
  boundRequestTimes(express.getHttpServer());
  // Before anything that can answer: every response gets its X-Request-Id and its access line.
  const logger = app.get<Logger>(ROOT_LOGGER);
  const config = app.get<AppConfig>(APP_CONFIG);
  const routes = app.get(RouteTable);
  const metrics = config.metricsPort !== null ? [httpMetrics((path) => routes.matching(path)[0]?.path ?? null)] : [];
  if (metrics.length) instrumentApi(app);
  app.use(chain(requestLogging(logger), ...metrics, app.get(ShutdownState).middleware()));
  // Outside the API, so without a token (docs/api.md#authentication-and-scopes).
  app.use(healthRoutes(app.get(HealthService)));
  app.use(publicFileRoutes());
  app.use(QUEUE_DASHBOARD_PATH, ...queueDashboard(app, config));
  const keys = app.get(ApiKeysService);
  const limiter = app.get(RateLimiter);
  const reads = app.get(ReadRouter);
  reads.start();
  // Everything below is a store's: the API and the buyer's pages answer as the store the host names
  // (docs/api.md#stores); /health, /ready, public files and the queue dashboard above are the deployment's.
  const stores = app.get(StoreDirectory);
  app.use(storeByHost(stores, noStorePage));
  // The buyer's pages (docs/api.md#the-buyers-page-cart): HTML and a form, no token, limited per client address.
  // Its pages are sent brotli- or gzip-compressed to browsers that accept it (a phone on a slow link);
  // from 256 bytes, so the short pages that refuse (404, 409) are too.
  app.use(CART_PATH, compression({ threshold: 256 }));
  app.use(cartRoutes(app.get(CartService), limiter));
  // One layer for the API's own steps; the rate limiter only when limits are on.
  app.use(
    chain(
      // A key of the store the request's host names (storeByHost ran first); another store's is unknown here.
      authenticationMiddleware((token) => keys.authenticate(token, stores.current().id)),
      ...(limiter.enabled ? [limiter.middleware()] : []),
      ...(reads.enabled ? [readRoutingMiddleware(reads)] : []),
      routes.middleware(),
      jsonBodyMiddleware(),
      idempotencyMiddleware(app.get(IdempotencyStore), app.get(TransactionRunner)),
    ),
  );
  // /openapi.json and /docs: public paths, so the token check and the route table let them through.
  setupOpenApi(app);
}
