import type { INestApplication } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import { buildOpenApiDocument } from './openapi.document.js';

export const DOCS_PATH = '/docs';
export const OPENAPI_JSON_PATH = '/openapi.json';

/**
 * Serves the document at /openapi.json and Swagger UI at /docs, both without a token (public paths,
 * CONTRACT §7). The UI's assets come from swagger-ui-dist on disk, so the page works offline. The
 * document is built on the first request, once every controller is registered, and then kept.
 */
export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup(DOCS_PATH, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Store API — documentation',
    swaggerOptions: { persistAuthorization: true, docExpansion: 'none', displayOperationId: false, tryItOutEnabled: false },
  });
}
