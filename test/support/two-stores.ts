import { type TestApp, bootTestApp } from './test-app.js';
import { ApiKeysService } from '../../src/modules/api-keys/api-keys.service.js';
import { StoresService } from '../../src/modules/stores/stores.service.js';

/** No store setting from the environment: each store's settings are its row's. */
const NO_STORE_ENV = { STORE_NAME: '', STORE_URL: '', CURRENCY: '', LOCALE: '', MAIL_FROM: '', STORE_EMAIL: '', PORT: '' };

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
/** The headers of a request of one store: its host and a key of its own. */
export type StoreHeaders = Record<string, string>;
type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
/** A request of a table of them: method, path and body. */
export type StoreRequest = [Method, string, object?];
type Settings = Parameters<StoresService['create']>[2];

/**
 * Two stores on one deployment (docs/api.md#stores): `default` as "Home Goods" at home.example,
 * and `north` ("North Supply", EUR, de-DE) at north.example and the hosts given; `home` and `away`
 * are a request of each, with a key of its own that may do everything.
 */
export async function bootTwoStores(
  name: string,
  env: Record<string, string> = {},
  settings: { home?: Settings; north?: Settings; northHosts?: string[] } = {},
): Promise<{ t: TestApp; north: { id: number; handle: string }; home: StoreHeaders; away: StoreHeaders }> {
  const t = await bootTestApp(name, { ...NO_STORE_ENV, ...env });
  const stores = t.app.get(StoresService);
  await stores.operatorUpdate('default', { name: 'Home Goods', store_url: 'https://home.example', ...settings.home }, []);
  const northHosts = settings.northHosts ?? ['north.example'];
  const north = await stores.create('north', 'North Supply', { currency: 'EUR', locale: 'de-DE', ...settings.north }, northHosts);
  const { access_token } = await t.app.get(ApiKeysService).create({ name: 'north', scopes: ['*'], storeId: north.id });
  return {
    t,
    north,
    home: { Authorization: `Bearer ${await t.token()}`, Host: 'home.example' },
    away: { Authorization: `Bearer ${access_token}`, Host: northHosts[0] },
  };
}

/** Requests of a store (its headers) to the app `app()` answers once booted. */
export function storeCalls(app: () => TestApp) {
  const call = (headers: StoreHeaders, method: Method, path: string, body?: object) => {
    const req = app().http[method](path).set(headers);
    return body === undefined ? req : req.send(body);
  };
  /** What a request answered with `status`, or an error naming what it answered instead. */
  const answered = async (status: number, headers: StoreHeaders, method: Method, path: string, body?: object): Promise<Json> => {
    const res = await call(headers, method, path, body);
    if (res.status !== status) throw new Error(`${method.toUpperCase()} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as Json;
  };
  return {
    call,
    /** Each request's status and body, in order, so one failure shows every answer. */
    answers: async (headers: StoreHeaders, requests: StoreRequest[]) => {
      const out = [];
      for (const [method, path, body] of requests) {
        const res = await call(headers, method, path, body);
        out.push({ request: `${method.toUpperCase()} ${path}`, status: res.status, body: res.body as unknown });
      }
      return out;
    },
    /** POST that must answer 201: its `data`. */
    made: (headers: StoreHeaders, path: string, body: object) => answered(201, headers, 'post', path, body),
    /** GET that must answer 200: its `data`. */
    read: (headers: StoreHeaders, path: string) => answered(200, headers, 'get', path),
  };
}
