import express, { type NextFunction, type Request, type RequestHandler, type Response, Router } from 'express';
import { sendError, successEnvelope } from '../../common/http/envelope.js';
import { toApiError } from '../../common/http/exception.filter.js';
import { type RateLimiter, overLimit } from '../../common/rate-limit/rate-limiter.js';
import { CART_STYLESHEET, DECLINE_REASON_MAX, STYLESHEET_PATH, messagePage } from '../quote-documents/cart.page.js';
import { type Labels, en, fill, labelsFor } from '../quote-documents/labels/buyer.labels.js';
import type { BuyerDecision, CartService } from './cart.service.js';
import { currentStoreId } from '../../database/store-scope.js';

/** Every response of the buyer's pages: no script may run, nothing is indexed, no address leaks on. */
const PAGE_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

/**
 * Cart link identifiers are 1–64 letters and digits (docs/api.md#the-buyers-page-cart); anything else is not found without
 * asking the database.
 */
const CART_LINK_ID = /^[A-Za-z0-9]{1,64}$/;
const CART_PATH = /^\/cart(?:\/|$)/i;
const FORM_LIMIT = '8kb';

/**
 * What an answer other than the quote page says, from the labels of a language: the page in
 * LOCALE's, the JSON error envelope in English (API clients read it).
 */
interface Notice {
  title: string;
  message: string;
  back?: string;
  backLabel?: string;
}
type Say = (l: Labels) => Notice;

const NOT_FOUND: Say = (l) => ({ title: l.notFoundTitle, message: l.notFoundMessage });

/**
 * The buyer's side of a quote, outside the API and so without a token (docs/api.md#the-buyers-page-cart):
 * `GET /cart/{cart_link_id}` (the page), `GET /cart/{cart_link_id}/pdf`, `POST /cart/{cart_link_id}/accept`,
 * `POST /cart/{cart_link_id}/decline`
 * (a form) and the page's stylesheet. Mounted before authentication and the JSON body reader; it
 * answers every request under /cart itself. Pages and errors are HTML; a client that asks for JSON
 * only (`Accept: application/json`) gets its errors in the API's envelope.
 */
/**
 * The answer under /cart on a host no store answers (docs/api.md#stores): a page in English that
 * names no store, or the envelope for a client that asks for JSON only.
 */
export function noStorePage(req: Request, res: Response): void {
  const message = 'No store at this address.';
  if (req.accepts(['html', 'json']) === 'json') return sendError(res, 404, message, PAGE_HEADERS);
  res.set(PAGE_HEADERS);
  res
    .status(404)
    .type('text/html; charset=utf-8')
    .send(messagePage({ lang: 'en', seller: { name: '', email: null, address: [], phone: null } }, 'No store at this address', message));
}

export function cartRoutes(cart: CartService, limiter: RateLimiter): RequestHandler {
  const router = cartRouter(cart, limiter);
  return (req, res, next) => (CART_PATH.test(req.path) ? router(req, res, next) : next());
}

function cartRouter(cart: CartService, limiter: RateLimiter): Router {
  const router = Router();
  const fail = (req: Request, res: Response, status: number, say: Say, headers: Record<string, string> = {}) => {
    if (req.accepts(['html', 'json']) === 'json') return sendError(res, status, say(en).message, { ...PAGE_HEADERS, ...headers });
    // The store's face: its name and language, as the request's host names it.
    const { seller, locale: lang } = cart.format();
    const labels = labelsFor(lang);
    const n = say(labels);
    res.set({ ...PAGE_HEADERS, ...headers });
    res
      .status(status)
      .type('text/html; charset=utf-8')
      .send(messagePage({ lang, seller }, n.title, n.message, n.back, n.backLabel ?? labels.back));
  };
  const notFound = (req: Request, res: Response) => fail(req, res, 404, NOT_FOUND);
  /** A failure of the database (or anything else) as a page: 503 with Retry-After when a dependency is away. */
  const failed = (req: Request, res: Response) => (err: unknown) => {
    const e = toApiError(err);
    // The API's own message (English) says what is away; the title is the page's language.
    const message = typeof e.body === 'string' ? e.body : 'Something went wrong.';
    fail(req, res, e.status, (l) => ({ title: e.status === 503 ? l.tryAgainTitle : l.failedTitle, message }), e.headers);
  };
  const html = (res: Response, status: number, body: string) => {
    res.set(PAGE_HEADERS);
    res.status(status).type('text/html; charset=utf-8').send(body);
  };

  /** Requests per client address (CART_RATE_LIMIT_PER_MINUTE), in the same store as the API keys' budget. */
  const limited: RequestHandler = (req, res, next) => {
    // Under the store's host (storeByHost runs first): the store of the request.
    void limiter.hitAddress(req.ip ?? req.socket.remoteAddress ?? 'unknown', currentStoreId() ?? 0).then((window) => {
      const reset = window && overLimit(res, window, limiter.addressLimit);
      if (!reset) return next();
      fail(req, res, 429, (l) => ({ title: l.tooManyTitle, message: fill(l.tooManyMessage, { seconds: reset }) }), {
        'Retry-After': String(reset),
      });
    });
  };
  const validId: RequestHandler = (req, res, next) => (CART_LINK_ID.test(String(req.params.id)) ? next() : notFound(req, res));

  router.get(STYLESHEET_PATH, (_req, res) => {
    res.set({ 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'public, max-age=3600' });
    res.status(200).type('text/css; charset=utf-8').send(CART_STYLESHEET);
  });

  router.get('/cart/:id', validId, limited, (req, res) => {
    cart.page(String(req.params.id)).then((page) => (page === null ? notFound(req, res) : html(res, 200, page)), failed(req, res));
  });

  router.get('/cart/:id/pdf', validId, limited, (req, res) => {
    cart.pdfByCartLink(String(req.params.id)).then(
      (doc) => {
        if (!doc) return notFound(req, res);
        res.set({
          ...PAGE_HEADERS,
          'Content-Disposition': `inline; filename="quote-${doc.quote.number}.pdf"`,
        });
        res.status(200).type('application/pdf').send(doc.pdf);
      },
      failed(req, res),
    );
  });

  const form = express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 10 });
  const readForm: RequestHandler = (req, res, next) =>
    form(req, res, (err?: { type?: string }) => {
      if (!err) return next();
      if (err.type === 'entity.too.large')
        return fail(req, res, 413, (l) => ({ title: l.formTooLargeTitle, message: fill(l.formTooLargeMessage, { limit: FORM_LIMIT }) }));
      fail(req, res, 400, (l) => ({ title: l.formUnreadableTitle, message: l.formUnreadableMessage }));
    });

  const decided = (decision: BuyerDecision) => (req: Request, res: Response) => {
    const id = String(req.params.id);
    const body = (req.body as Record<string, unknown> | undefined) ?? {};
    const reason = decision === 'declined' ? body.reason : undefined;
    if (reason !== undefined && (typeof reason !== 'string' || reason.length > DECLINE_REASON_MAX)) {
      return fail(req, res, 422, (l) => ({
        title: l.reasonTooLongTitle,
        message: fill(l.reasonTooLongMessage, { max: DECLINE_REASON_MAX }),
        back: `/cart/${id}`,
      }));
    }
    const trimmed = typeof reason === 'string' && reason.trim() !== '' ? reason.trim() : null;
    cart.decide(id, decision, { token: body.csrf_token, revision: body.revision, reason: trimmed }).then(
      async (result) => {
        switch (result) {
          case 'done':
          case 'already-decided':
            // Post/Redirect/Get: the page shows the outcome, and reloading it sends nothing again.
            res.set(PAGE_HEADERS);
            return res.redirect(303, `/cart/${id}`);
          case 'expired': {
            const page = await cart.page(id);
            return page === null ? notFound(req, res) : html(res, 409, page);
          }
          case 'changed':
            return fail(req, res, 409, (l) => ({
              title: l.changedTitle,
              message: decision === 'accepted' ? l.changedNotAccepted : l.changedNotDeclined,
              back: `/cart/${id}`,
              backLabel: l.reload,
            }));
          case 'bad-token':
            return fail(req, res, 403, (l) => ({
              title: l.formRefusedTitle,
              message: fill(l.formRefusedMessage, { button: decision === 'accepted' ? l.accept : l.decline }),
            }));
          default:
            return notFound(req, res);
        }
      },
      failed(req, res),
    );
  };
  router.post('/cart/:id/accept', validId, limited, readForm, decided('accepted'));
  router.post('/cart/:id/decline', validId, limited, readForm, decided('declined'));

  // Other methods on the three paths: OPTIONS lists what they allow, anything else is 405.
  const allow = (methods: string) => (req: Request, res: Response) => {
    res.setHeader('Allow', methods);
    if (req.method === 'OPTIONS') {
      res.setHeader('Cache-Control', 'no-store');
      return res.status(200).json(successEnvelope(200, { methods: methods.split(', ') }));
    }
    fail(
      req,
      res,
      405,
      (l) => ({ title: l.methodTitle, message: `Method ${req.method} is not allowed on ${req.path}; allowed: ${methods}.` }),
      {
        Allow: methods,
      },
    );
  };
  router.all(['/cart/:id', '/cart/:id/pdf', STYLESHEET_PATH], allow('GET, HEAD, OPTIONS'));
  router.all(['/cart/:id/accept', '/cart/:id/decline'], allow('POST, OPTIONS'));
  router.use((req: Request, res: Response, _next: NextFunction) => notFound(req, res));
  // A path the router cannot decode (`/cart/%00%ff`: a percent-encoding that is not UTF-8) names no
  // cart either: the same page, never the API's JSON error.
  router.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (err instanceof URIError || (err as { status?: number } | null)?.status === 400) return notFound(req, res);
    next(err);
  });
  return router;
}
