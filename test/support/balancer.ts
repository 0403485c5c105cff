import http from 'node:http';
import type net from 'node:net';

export interface Balancer {
  /** `http://127.0.0.1:<port>`: send requests here. */
  url: string;
  /** How many requests each target got, in the order of `targets`. */
  readonly served: number[];
  /** Replaces the targets (a host taken out of rotation, say). */
  setTargets(targets: string[]): void;
  close(): Promise<void>;
}

/**
 * A round-robin HTTP load balancer on 127.0.0.1 for the multi-host specs: request n goes to
 * target n mod N, as a plain balancer without sticky sessions sends it. Like any proxy it appends
 * the client's address to `X-Forwarded-For`; a request may name the address it stands for in
 * `X-Test-Client-Address` (removed before forwarding), so a spec can play many buyers from one
 * machine. A target that cannot be reached answers 502 (the balancer's, never the api's).
 */
export async function startBalancer(targets: string[]): Promise<Balancer> {
  let current = targets.map((t) => new URL(t));
  let served = current.map(() => 0);
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  const server = http.createServer((req, res) => {
    const i = next++ % current.length;
    const target = current[i];
    served[i]++;
    const headers = { ...req.headers };
    const client = (headers['x-test-client-address'] as string | undefined) ?? req.socket.remoteAddress ?? '127.0.0.1';
    delete headers['x-test-client-address'];
    const prior = headers['x-forwarded-for'];
    headers['x-forwarded-for'] = prior ? `${String(prior)}, ${client}` : client;
    headers.host = target.host;
    const upstream = http.request(
      { host: target.hostname, port: Number(target.port), method: req.method, path: req.url, headers, agent },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    });
    req.pipe(upstream);
  });
  const sockets = new Set<net.Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get served() {
      return served;
    },
    setTargets(list) {
      current = list.map((t) => new URL(t));
      served = current.map(() => 0);
      next = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
