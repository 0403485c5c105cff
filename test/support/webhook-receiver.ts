import { type IncomingHttpHeaders, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real receiver: records every request; `/flaky` answers 500 then 200, `/gone` 410, `/slow` after 2 s. */
export async function startReceiver(): Promise<{ server: Server; base: string; received: Received[] }> {
  const received: Received[] = [];
  const seen = new Map<string, number>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const n = (seen.get(req.url ?? '') ?? 0) + 1;
      seen.set(req.url ?? '', n);
      if (req.url === '/flaky') res.writeHead(n === 1 ? 500 : 200).end();
      else if (req.url === '/gone') res.writeHead(410).end();
      else if (req.url === '/redirect') res.writeHead(302, { Location: '/ok' }).end();
      else if (req.url === '/slow') setTimeout(() => res.writeHead(200).end(), 2000).unref();
      else res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}
