import net from 'node:net';

export type CutMode = 'close' | 'reset';

export interface TcpProxy {
  port: number;
  /** The target's URL with the proxy's host and port in its place. */
  via(url: string): string;
  /**
   * Takes the dependency away: every open connection is ended on both sides, with a clean FIN
   * (`close`, as a server going down closes them; pg then says "Connection terminated unexpectedly")
   * or a reset (`reset`, RST, as a crashed host or a firewall does), and the port refuses new ones.
   */
  cut(mode?: CutMode): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  /** Connections accepted so far (a dropped one comes back as a new one). */
  readonly accepted: number;
  close(): Promise<void>;
}

/** A TCP relay on 127.0.0.1 in front of a real PostgreSQL or Redis, to drop it the way outages do. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((client) => {
    accepted++;
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => (s === client ? upstream : client).destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    via(url: string) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async cut(mode: CutMode = 'reset') {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) {
        if (mode === 'reset') s.resetAndDestroy();
        else s.end(() => s.destroy());
      }
      await closed;
    },
    restore: () => listen(port),
    get accepted() {
      return accepted;
    },
    close(): Promise<void> {
      for (const s of sockets) s.destroy();
      return server.listening ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    },
  };
}
