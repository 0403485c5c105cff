import type { INestApplication } from '@nestjs/common';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import type { Request } from 'express';
import { buildOpenApiDocument } from './openapi.document.js';

export const DOCS_PATH = '/docs';
export const OPENAPI_JSON_PATH = '/openapi.json';
const NO_INLINE_DOCUMENT = {} as OpenAPIObject;

/**
 * Serves the document at /openapi.json and Swagger UI at /docs, both without a token (public paths,
 * CONTRACT §7). The UI's assets come from swagger-ui-dist on disk, so the page works offline; the UI
 * loads the document from /openapi.json (and so shows its link under the title) instead of carrying a
 * second copy in its init script. The document is built on the first request, once every controller
 * is registered, and then kept. These paths alone are sent gzip-compressed to clients that accept it
 * (the document is ~0.8 MB, the UI bundle 1.6 MB); API responses are not, so they pay nothing for it.
 */
export function setupOpenApi(app: INestApplication): void {
  app.use([DOCS_PATH, OPENAPI_JSON_PATH], compression());
  SwaggerModule.setup(DOCS_PATH, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Store API — documentation',
    // The init script gets an empty inline document, so Swagger UI downloads `url`; /openapi.json gets the document.
    patchDocumentOnRequest: <TRequest>(req: TRequest, _res: unknown, document: OpenAPIObject) =>
      (req as Request).path.endsWith('/swagger-ui-init.js') ? NO_INLINE_DOCUMENT : document,
    swaggerOptions: {
      url: OPENAPI_JSON_PATH,
      persistAuthorization: true,
      docExpansion: 'none',
      displayOperationId: false,
      tryItOutEnabled: false,
    },
  });
}
