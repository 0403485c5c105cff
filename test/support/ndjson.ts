import type { Test } from 'supertest';
import { eventually } from './eventually.js';
import type { TestApp } from './test-app.js';

/** A request whose answer is NDJSON (an import's results, an export's file): its body read whole as text. */
export function asText(req: Test): Test {
  return req.buffer(true).parse((r, cb) => {
    let text = '';
    r.setEncoding('utf8');
    r.on('data', (c: string) => (text += c));
    r.on('end', () => cb(null, text));
  });
}

/** The JSON value of each line of an NDJSON text, blank lines left out. */
export function ndjsonLines<T = Record<string, unknown>>(text: string): T[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
}

/**
 * An NDJSON import of `text` as `resource` into `app`, waited for until it completes: the import as
 * `GET /import/{id}` shows it then, and its results as `GET /import/{id}/results` gives them.
 */
export async function imported(app: TestApp, headers: Record<string, string>, resource: string, text: string) {
  const started = await app.http.post(`/imports?resource=${resource}`).set(headers).set('Content-Type', 'application/x-ndjson').send(text);
  if (started.status !== 202) throw new Error(`POST /imports?resource=${resource} → ${started.status} ${JSON.stringify(started.body)}`);
  const id = started.body.data.id as number;
  const done = await eventually(
    async () => {
      const res = await app.http.get(`/import/${id}`).set(headers);
      if (res.body.data.status !== 'completed') throw new Error(`still ${res.body.data.status}`);
      return res.body.data as Record<string, unknown>;
    },
    { timeoutMs: 20_000 },
  );
  const results = ndjsonLines((await asText(app.http.get(`/import/${id}/results`).set(headers))).body as string);
  return { done, results };
}

/** Export `id` of `app`, waited for until it completes: as `GET /export/{id}` shows it then. */
export function exportCompleted(app: TestApp, headers: Record<string, string>, id: number) {
  return eventually(
    async () => {
      const res = await app.http.get(`/export/${id}`).set(headers);
      if (res.body.data?.status !== 'completed') throw new Error(`export ${id} is ${JSON.stringify(res.body)}`);
      return res.body.data as Record<string, unknown>;
    },
    { timeoutMs: 20_000 },
  );
}
