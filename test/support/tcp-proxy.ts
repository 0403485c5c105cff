import net from 'node:net';

/** How a cut ends the connections that are open: a clean close (FIN) or a reset (RST). */
export type CutMode = 'close' | 'reset';

interface CutOptions {
  /** How open connections end, on both sides; also how new ones end if they are accepted. Default `reset`. */
  mode?: CutMode;
  /**
   * What a new connection meets while cut: `refuse` closes the listening port, so connecting fails
   * with ECONNREFUSED; `drop` accepts it and ends it at once the way `mode` says (what a server
   * that closes every connection looks like to its client). Default `refuse`.
   */
  newConnections?: 'refuse' | 'drop';
}

export interface TcpProxy {
  /** The proxy's port on 127.0.0.1 (the same after a cut with `refuse` and a restore). */
  port: number;
  /** The target's URL with the proxy's host and port put in: `url('redis://127.0.0.1:6379/0')`. */
  url(targetUrl: string): string;
  /** Ends every open connection and refuses (or drops) new ones until `restore`. */
  cut(options?: CutOptions): Promise<void>;
  /** Forwards new connections again. */
  restore(): Promise<void>;
  /**
   * Stops forwarding on every open connection without ending it: neither side hears anything more,
   * not even a close, as over a connection that a NAT or firewall dropped. New connections are
   * forwarded as usual. `close` ends the frozen ones.
   */
  freeze(): void;
  /** True between `cut` and `restore`. */
  readonly isCut: boolean;
  /** Connections (client side) accepted so far, those dropped by a cut included. */
  readonly connections: number;
  /** Connections forwarded and still open. */
  readonly open: number;
  /** Ends everything and stops listening for good. */
  close(): Promise<void>;
}

/**
 * A TCP proxy on 127.0.0.1 and a free port that forwards every connection to `target`, for tests
 * of outages: a cut ends the connections in flight (cleanly or with a reset) and refuses new ones
 * until it is restored, as a database or Redis that goes away looks to its clients.
 */
export async function startTcpProxy(options: { target: { host: string; port: number } }): Promise<TcpProxy> {
  const { target } = options;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const frozen = new Set<net.Socket>();
  let cut: Required<CutOptions> | null = null;
  let accepted = 0;

  const end = (socket: net.Socket, mode: CutMode) => {
    if (socket.destroyed) return;
    // A socket already ending (its FIN sent or on its way: the peer closed first) cannot be reset:
    // Node answers EINVAL and never emits 'close', which left a cut or close() waiting for ever.
    if (mode === 'reset' && !socket.writableEnded) socket.resetAndDestroy();
    else if (mode === 'reset') socket.destroy();
    else socket.end(() => socket.destroy());
  };

  const server = net.createServer((client) => {
    accepted++;
    if (cut) return end(client, cut.mode);
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const forget = () => pairs.delete(pair);
    // One side gone ends the other the same way: a reset is passed on as a reset.
    client.on('error', () => end(upstream, 'reset'));
    upstream.on('error', () => end(client, 'reset'));
    client.on('close', () => {
      forget();
      end(upstream, 'close');
    });
    upstream.on('close', () => {
      forget();
      end(client, 'close');
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  server.on('error', () => undefined);

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

  await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  const endAll = async (mode: CutMode) => {
    const closed = [...pairs].map(
      ({ client, upstream }) =>
        new Promise<void>((resolve) => {
          let left = 2;
          const done = () => --left === 0 && resolve();
          for (const s of [client, upstream]) {
            if (s.destroyed) done();
            else s.once('close', done);
          }
          // Unpiped first: a byte still in flight must not turn a clean close into a write error.
          client.unpipe(upstream);
          upstream.unpipe(client);
          end(client, mode);
          end(upstream, mode);
        }),
    );
    await Promise.all(closed);
  };

  return {
    port,
    url(targetUrl: string) {
      const u = new URL(targetUrl);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async cut({ mode = 'reset', newConnections = 'refuse' }: CutOptions = {}) {
      cut = { mode, newConnections };
      // The port closes first, so nothing connects between the end of the old and the refusal.
      // server.close waits for open connections, so it is not awaited before they are ended.
      const closing = newConnections === 'refuse' ? stopListening() : Promise.resolve();
      await endAll(mode);
      await closing;
    },
    freeze() {
      for (const pair of pairs) {
        pairs.delete(pair);
        for (const socket of [pair.client, pair.upstream]) {
          socket.unpipe();
          socket.removeAllListeners('close');
          socket.removeAllListeners('error');
          socket.on('error', () => undefined);
          // Read and drop: what either side sends now goes nowhere.
          socket.removeAllListeners('data');
          socket.on('data', () => undefined);
          frozen.add(socket);
        }
      }
    },
    async restore() {
      if (!cut) return;
      const wasRefusing = cut.newConnections === 'refuse';
      cut = null;
      if (wasRefusing) await listen(port);
    },
    get isCut() {
      return cut !== null;
    },
    get connections() {
      return accepted;
    },
    get open() {
      return pairs.size;
    },
    async close() {
      cut = { mode: 'reset', newConnections: 'refuse' };
      for (const socket of frozen) socket.destroy();
      frozen.clear();
      const closing = stopListening();
      await endAll('reset');
      await closing;
    },
  };
}
