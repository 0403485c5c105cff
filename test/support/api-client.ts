import type { Json } from './openapi-schema.js';
import type { ApiProcess } from './processes.js';
import type { TestApp } from './test-app.js';

/**
 * The setup steps of specs: calls whose answer is not what a test asserts but what it builds on. Each
 * returns the envelope's `data` and throws, naming the request and the whole answer, when the api
 * refused it, so a broken step fails where it broke instead of in a later assertion.
 */

export type { Json };

/** Against an app booted in the spec (bootTestApp), with `auth` as its headers. */
export function apiSteps(app: () => TestApp, auth: () => Record<string, string>) {
  const send = async (method: 'post' | 'patch' | 'delete', path: string, body: object = {}): Promise<Json> => {
    const res = await app().http[method](path).set(auth()).send(body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as Json;
  };
  /** A create: anything but 201 is a broken step. */
  const create = async (path: string, body: object): Promise<Json> => {
    const res = await app().http.post(path).set(auth()).send(body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as Json;
  };
  const get = async (path: string): Promise<Json> => (await app().http.get(path).set(auth())).body.data as Json;
  /** The events of a type (of one resource, when given), oldest first. */
  const events = async (type: string, resourceId?: number): Promise<Json[]> => {
    const list = (await get(`/events?type=${type}&limit=250`)) as unknown as Json[];
    return list.filter((e) => resourceId === undefined || e.resource_id === resourceId).sort((a, b) => a.sequence - b.sequence);
  };
  return { send, create, get, events };
}

/** Against an api process (startApi), with its own key. */
export function processSteps(api: () => ApiProcess) {
  return async (method: string, path: string, body?: object): Promise<Json> => {
    const { url, token } = api();
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as Json;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data as Json;
  };
}
