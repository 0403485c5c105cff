import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { INestApplication } from '@nestjs/common';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import express, { type Request, type RequestHandler } from 'express';
import { sendError } from '../common/http/envelope.js';
import { refuseFraming } from '../common/http/refuse-framing.js';
import { buildOpenApiDocument } from './openapi.document.js';

const DOCS_PATH = '/docs';
const OPENAPI_JSON_PATH = '/openapi.json';
const NO_INLINE_DOCUMENT = {} as OpenAPIObject;
const TITLE = 'Store API — documentation';

const require = createRequire(import.meta.url);
const SWAGGER_UI_DIR = (require('swagger-ui-dist/absolute-path.js') as () => string)();
export const SWAGGER_UI_VERSION = (require('swagger-ui-dist/package.json') as { version: string }).version;
/** swagger-ui-dist's files under a path that carries its version: a new version is a new URL, so they are cached for good. */
const DOCS_ASSETS_PATH = `${DOCS_PATH}/${SWAGGER_UI_VERSION}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page is small and changes with a release: the browser asks again each time (it is 1 KB; no 304 is offered). */
const REVALIDATE = 'no-cache';

/**
 * Swagger UI's options. `persistAuthorization: false`: a key pasted into "Authorize" lives in the
 * page's memory only, never in the browser's localStorage. The base layout (no top bar with its URL
 * box) needs no standalone preset, 268 KB less to download and parse.
 */
const UI_OPTIONS = {
  url: OPENAPI_JSON_PATH,
  dom_id: '#swagger-ui',
  layout: 'BaseLayout',
  persistAuthorization: false,
  docExpansion: 'none',
  displayOperationId: false,
  tryItOutEnabled: false,
  // Plain JSON in examples and responses: the highlighter's colours fail WCAG's contrast on its dark
  // background, and colouring a large response costs the browser seconds.
  syntaxHighlight: false,
};

const DOCS_INIT_SCRIPT = `window.onload = function () {
  window.ui = SwaggerUIBundle(Object.assign(${JSON.stringify(UI_OPTIONS, null, 2)}, { presets: [SwaggerUIBundle.presets.apis] }));
};
`;
/**
 * Our stylesheet over Swagger UI's: its colours darkened where white text on them, or they as text
 * on the page, fall short of WCAG's 4.5:1 (the method badges, the version stamps, the document's
 * link, the Authorize, Execute and Cancel buttons, a parameter's "query"/"header", a header's
 * example). The servers box is hidden: the document names one server, "/", so there is nothing to
 * choose, and Swagger UI's select has no accessible name.
 */
const DOCS_STYLESHEET = `html { box-sizing: border-box; overflow-y: scroll; }
*, *::before, *::after { box-sizing: inherit; }
body { margin: 0; background: #fafafa; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #0b62c4; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #187a4c; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #a35200; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #c0262d; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f766e; }
.swagger-ui .opblock.opblock-head .opblock-summary-method,
.swagger-ui .opblock.opblock-options .opblock-summary-method { background: #6b46c1; }
.swagger-ui .info .title small pre { background: #5a606b; }
.swagger-ui .info .title small.version-stamp { background: #4d7a00; }
.swagger-ui .info .title small.version-stamp pre { background: #4d7a00; }
.swagger-ui .info a.link, .swagger-ui .info .url, .swagger-ui .info a { color: #1f5fae; }
.swagger-ui .btn.authorize { color: #187a4c; border-color: #187a4c; }
.swagger-ui .btn.authorize svg { color: #187a4c; }
.swagger-ui .btn.execute { background-color: #1f5fae; border-color: #1f5fae; transition: none; }
.swagger-ui .btn.cancel { color: #c0262d; border-color: #c0262d; }
.swagger-ui .download-contents { background: #5a606b; }
.swagger-ui .parameter__in, .swagger-ui .parameter__extension, .swagger-ui table.headers .header-example { color: #5c5c5c; }
.swagger-ui .servers-title, .swagger-ui .servers { display: none; }
`;
const STYLESHEET_PATH = `${DOCS_PATH}/docs.css`;
const versionOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);
const STYLESHEET_VERSION = versionOf(DOCS_STYLESHEET);
const DOCS_STYLESHEET_URL = `${STYLESHEET_PATH}?v=${STYLESHEET_VERSION}`;
const INIT_PATH = `${DOCS_PATH}/swagger-ui-init.js`;
const INIT_VERSION = versionOf(DOCS_INIT_SCRIPT);
const INIT_URL = `${INIT_PATH}?v=${INIT_VERSION}`;

/** Our part of /docs: a page that scales on a phone, in English, with the UI in its main landmark. */
const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${TITLE}</title>
<link rel="stylesheet" href="${DOCS_ASSETS_PATH}/swagger-ui.css">
<link rel="stylesheet" href="${DOCS_STYLESHEET_URL}">
</head>
<body>
<main id="swagger-ui"></main>
<script src="${DOCS_ASSETS_PATH}/swagger-ui-bundle.js"></script>
<script src="${INIT_URL}"></script>
</body>
</html>
`;

const DOCS_PAGE = new RegExp(`^${DOCS_PATH}(?:/|/index\\.html)?$`, 'i');
/**
 * The files of swagger-ui-dist the page uses, under its version and (for links made before) without
 * it. The package's other files (its README, package.json, stock index.html, other bundles) are not served.
 */
const UI_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js'];
const DOCS_FILES = new Set([
  STYLESHEET_PATH,
  INIT_PATH,
  ...UI_FILES.map((f) => `${DOCS_PATH}/${f}`),
  ...UI_FILES.map((f) => `${DOCS_ASSETS_PATH}/${f}`),
]);
const UNDER_DOCS = new RegExp(`^${DOCS_PATH}/`, 'i');

/** GET/HEAD of the page and of its init script; everything else under /docs goes on to Swagger's routes. */
function docsPage(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (DOCS_PAGE.test(req.path)) {
      res.setHeader('Cache-Control', REVALIDATE);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.status(200).type('text/html; charset=utf-8').send(DOCS_HTML);
      return;
    }
    // The page links the stylesheet and the init script with a hash of their content (`?v=`): that
    // URL is cached for good, since a change is a new URL; without it (or with another) they are revalidated.
    const cacheFor = (version: string) => (req.query.v === version ? IMMUTABLE : REVALIDATE);
    if (req.path === STYLESHEET_PATH) {
      res.setHeader('Cache-Control', cacheFor(STYLESHEET_VERSION));
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.status(200).type('text/css; charset=utf-8').send(DOCS_STYLESHEET);
      return;
    }
    if (req.path === INIT_PATH) {
      res.setHeader('Cache-Control', cacheFor(INIT_VERSION));
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.status(200).type('application/javascript; charset=utf-8').send(DOCS_INIT_SCRIPT);
      return;
    }
    if (UNDER_DOCS.test(req.path) && !DOCS_FILES.has(req.path)) {
      // The same 404 as any unknown path.
      sendError(res, 404, `Cannot ${req.method} ${req.originalUrl}`);
      return;
    }
    next();
  };
}

/**
 * Serves the document at /openapi.json and Swagger UI at /docs, both without a token (public paths,
 * docs/api.md#authentication-and-scopes). The UI's assets come from swagger-ui-dist on disk, so the page works offline; the
 * page links them under /docs/{swagger-ui-dist version}/ (cached for a year, immutable) and loads the
 * document from /openapi.json instead of carrying a second copy in its init script. The document is
 * built on the first request, once every controller is registered, and then kept. These paths (and
 * the buyer's pages) alone are sent brotli- or gzip-compressed to clients that accept it (the
 * document is ~0.8 MB, the UI bundle 1.6 MB); API responses are not, so they pay nothing for it.
 * The unversioned asset paths Swagger's module serves stay, for links made before; of the package's
 * files only the two the page uses are served (DOCS_FILES), and no page under /docs may be framed.
 *
 * Swagger UI stays the renderer: measured on this document in headless Chromium, Redoc's standalone
 * bundle sent less (360 KB) but blocked the page longer (4.7–9 s) and has no "Try it out"; Scalar's
 * was faster to use (TBT 1.5–1.8 s) but sent 1.2 MB, asked a font CDN and failed axe 125 times.
 */
export function setupOpenApi(app: INestApplication): void {
  app.use([DOCS_PATH, OPENAPI_JSON_PATH], compression({ threshold: 256 }));
  app.use(DOCS_PATH, refuseFraming);
  app.use(docsPage());
  app.use(
    DOCS_ASSETS_PATH,
    express.static(SWAGGER_UI_DIR, {
      index: false,
      redirect: false,
      setHeaders: (res) => res.setHeader('Cache-Control', IMMUTABLE),
      cacheControl: false,
    }),
  );
  SwaggerModule.setup(DOCS_PATH, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: TITLE,
    // The init script gets an empty inline document, so Swagger UI downloads `url`; /openapi.json gets the document.
    patchDocumentOnRequest: <TRequest>(req: TRequest, _res: unknown, document: OpenAPIObject) =>
      (req as Request).path.endsWith('/swagger-ui-init.js') ? NO_INLINE_DOCUMENT : document,
    swaggerOptions: UI_OPTIONS,
  });
}
