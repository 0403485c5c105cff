import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { refusedAddress } from './domain/addresses.js';
import { publicLookup } from './public-address.resolver.js';

/** What one POST came to. */
export interface SendResult {
  /** The endpoint answered 2xx in time. */
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  /** Why it is not a success (null on success). */
  error: string | null;
}

/**
 * POSTs deliveries: many in flight over keep-alive connections, no redirect followed (a 3xx is a
 * failure), each connection to an address checked at connect time (publicLookup), the whole
 * exchange cut off after `timeoutMs`.
 */
export class WebhookSender {
  private readonly httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 256 });
  private readonly httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 256 });
  private readonly lookup;

  constructor(
    private readonly allowPrivate: boolean,
    private readonly timeoutMs: number,
  ) {
    this.lookup = publicLookup(allowPrivate);
  }

  send(target: string, headers: Record<string, string>, body: string | Buffer): Promise<SendResult> {
    const started = performance.now();
    const done = (statusCode: number | null, error: string | null): SendResult => ({
      ok: error === null,
      statusCode,
      durationMs: Math.round(performance.now() - started),
      error,
    });
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return Promise.resolve(done(null, 'invalid URL'));
    }
    // A literal address never reaches `lookup`: checked here.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !this.allowPrivate) {
      const why = refusedAddress(host);
      if (why) return Promise.resolve(done(null, `refused: ${host} is a ${why} address`));
    }
    const https = url.protocol === 'https:';
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const finish = (result: SendResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const req = (https ? httpsRequest : httpRequest)(
        url,
        {
          method: 'POST',
          agent: https ? this.httpsAgent : this.httpAgent,
          lookup: this.lookup,
          headers: { ...headers, 'Content-Length': String(typeof body === 'string' ? Buffer.byteLength(body) : body.length) },
        },
        (res) => {
          const status = res.statusCode ?? 0;
          res.on('error', () => finish(done(status, 'response interrupted')));
          res.on('end', () => {
            if (status >= 200 && status < 300) finish(done(status, null));
            else if (status >= 300 && status < 400) finish(done(status, `HTTP ${status}: redirects are not followed`));
            else finish(done(status, `HTTP ${status}`));
          });
          res.resume();
        },
      );
      const timer = setTimeout(() => {
        finish(done(null, `timed out after ${this.timeoutMs} ms`));
        req.destroy();
      }, this.timeoutMs);
      req.on('error', (err: NodeJS.ErrnoException) => {
        const refused = err.name === 'RefusedAddressError' || err.constructor.name === 'RefusedAddressError';
        finish(done(null, refused ? `refused: ${err.message}` : err.code ? `${err.code}: ${err.message}` : err.message));
      });
      req.end(body);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
