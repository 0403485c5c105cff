import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort, waitFor } from './processes.js';

const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';
const HOST = '127.0.0.1';

/** One redis-server process of the set (a data node or a sentinel). */
interface Node {
  port: number;
  child: ChildProcess;
  log: string;
}

export interface RedisSentinelSet {
  /** The master's name the sentinels monitor (REDIS_SENTINEL_NAME). */
  name: string;
  /** The three sentinels' ports on 127.0.0.1. */
  sentinelPorts: number[];
  /** REDIS_SENTINELS and REDIS_SENTINEL_NAME for a process that should use this set. */
  env: { REDIS_SENTINELS: string; REDIS_SENTINEL_NAME: string };
  /** The port of the master as the first sentinel names it now. */
  masterPort(): Promise<number>;
  /** A client of the current master found through the sentinels (closed by `close`). */
  client(): Redis;
  /**
   * Waits until the other data node replicates the current master and has everything the master
   * has written so far (after a failover: until the old master has become the new one's replica).
   */
  synced(): Promise<void>;
  /**
   * SENTINEL FAILOVER: the replica becomes the master (and later the old master its replica; see
   * `synced`). Resolves once every sentinel names the new master and it answers as master.
   * `during` runs once the failover has begun, and is awaited too.
   */
  failover(during?: () => Promise<void>): Promise<{ from: number; to: number }>;
  /**
   * SIGKILLs the master, as a crash would: the sentinels see it down after 1 s, agree (quorum 2)
   * and promote the replica. Resolves once every sentinel names the new master and it answers as
   * master. `during` runs once the master is dead (a second at least before any promotion).
   */
  killMaster(during?: () => Promise<void>): Promise<{ from: number; to: number }>;
  /** The log lines of every process, for a failure's message. */
  logs(): Promise<string>;
  /** Stops every process and removes the temporary directory. */
  close(): Promise<void>;
}

/**
 * A Redis master, one replica and three sentinels (quorum 2), each a redis-server on a free port of
 * 127.0.0.1 with its files in a temporary directory: no persistence, nothing shared with the
 * machine's own Redis. The sentinels judge a master down after 1 s, so a failover takes a few
 * seconds. Resolves once the replica is in sync and every sentinel knows the replica and the other
 * two sentinels (before that a failover could not happen).
 */
export async function startRedisSentinelSet(name = 'store'): Promise<RedisSentinelSet> {
  const dir = await mkdtemp(join(tmpdir(), 'redis-sentinel-'));
  const nodes: Node[] = [];
  const clients: Redis[] = [];
  const admin = new Map<number, Redis>();

  /** A data node: `{port}` in its arguments is replaced by the free port it gets. */
  const start = async (label: string, args: string[]): Promise<Node> => {
    const port = await freePort();
    const log = join(dir, `${label}.log`);
    const argv = [...args.map((a) => a.replaceAll('{port}', String(port))), '--logfile', log];
    const node = { port, child: spawn(REDIS_SERVER, argv, { stdio: 'ignore' }), log };
    nodes.push(node);
    return node;
  };
  /** A plain connection to one process, for the harness's own commands. */
  const to = (port: number): Redis => {
    let c = admin.get(port);
    if (!c) {
      c = new Redis({ host: HOST, port, lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 100, enableOfflineQueue: true });
      c.on('error', () => undefined);
      admin.set(port, c);
    }
    return c;
  };
  const dataArgs = (extra: string[] = []) => [
    '--port',
    '{port}',
    '--bind',
    HOST,
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dir,
    '--dbfilename',
    'dump-{port}.rdb',
    ...extra,
  ];

  try {
    const master = await start('master', dataArgs());
    await waitFor(() => to(master.port).ping(), `the master on ${master.port} to answer`);
    const replica = await start('replica', dataArgs(['--replicaof', HOST, String(master.port)]));
    await waitFor(async () => /master_link_status:up/.test(await to(replica.port).info('replication')), 'the replica to sync');

    const sentinelPorts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const conf = join(dir, `sentinel-${i}.conf`);
      await writeFile(
        conf,
        [
          `port ${port}`,
          `bind ${HOST}`,
          `dir ${dir}`,
          `logfile ${join(dir, `sentinel-${i}.log`)}`,
          `sentinel monitor ${name} ${HOST} ${master.port} 2`,
          `sentinel down-after-milliseconds ${name} 1000`,
          `sentinel failover-timeout ${name} 3000`,
          `sentinel parallel-syncs ${name} 1`,
          '',
        ].join('\n'),
      );
      const child = spawn(REDIS_SERVER, [conf, '--sentinel'], { stdio: 'ignore' });
      nodes.push({ port, child, log: join(dir, `sentinel-${i}.log`) });
      sentinelPorts.push(port);
    }
    const sentinelView = async (port: number) => {
      const s = to(port);
      const [replicas, peers] = await Promise.all([s.call('SENTINEL', 'REPLICAS', name), s.call('SENTINEL', 'SENTINELS', name)]);
      return { replicas: (replicas as unknown[]).length, peers: (peers as unknown[]).length };
    };
    for (const port of sentinelPorts) {
      await waitFor(
        async () => {
          const v = await sentinelView(port);
          return v.replicas === 1 && v.peers === 2;
        },
        `sentinel ${port} to know the replica and the other sentinels`,
        30_000,
      );
    }

    const masterPort = async (sentinel = sentinelPorts[0]) =>
      Number(((await to(sentinel).call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name)) as [string, string])[1]);
    const role = async (port: number) => ((await to(port).call('ROLE')) as [string])[0];
    const dataPorts = [master.port, replica.port];

    /** Every sentinel names `port`, and it answers as master. */
    const promoted = async (port: number, what: string) => {
      await waitFor(
        async () =>
          (await Promise.all(sentinelPorts.map((s) => masterPort(s)))).every((p) => p === port) && (await role(port)) === 'master',
        what,
        30_000,
      );
    };

    const set: RedisSentinelSet = {
      name,
      sentinelPorts,
      env: { REDIS_SENTINELS: sentinelPorts.map((p) => `${HOST}:${p}`).join(','), REDIS_SENTINEL_NAME: name },
      masterPort: () => masterPort(),
      client() {
        const c = new Redis({
          sentinels: sentinelPorts.map((port) => ({ host: HOST, port })),
          name,
          failoverDetector: true,
          maxRetriesPerRequest: 3,
        });
        c.on('error', () => undefined);
        clients.push(c);
        return c;
      },
      async synced() {
        const from = await masterPort();
        const other = dataPorts.find((p) => p !== from)!;
        // After a failover the sentinels turn the old master into a replica at their next look at it
        // (they look at replicas every 10 s), and it then copies the new master's data.
        await waitFor(
          async () => {
            const info = await to(other).info('replication');
            return info.includes('role:slave') && info.includes(`master_port:${from}`) && info.includes('master_link_status:up');
          },
          `${other} to replicate the master ${from}`,
          30_000,
        );
        const offset = Number(/master_repl_offset:(\d+)/.exec(await to(from).info('replication'))![1]);
        await waitFor(
          async () => Number(/slave_repl_offset:(\d+)/.exec(await to(other).info('replication'))?.[1] ?? -1) >= offset,
          `the replica on ${other} to reach offset ${offset}`,
        );
      },
      async failover(during) {
        const from = await masterPort();
        const to_ = dataPorts.find((p) => p !== from)!;
        await to(sentinelPorts[0]).call('SENTINEL', 'FAILOVER', name);
        await Promise.all([during?.(), promoted(to_, `the sentinels to promote ${to_}`)]);
        return { from, to: to_ };
      },
      async killMaster(during) {
        const from = await masterPort();
        const to_ = dataPorts.find((p) => p !== from)!;
        const node = nodes.find((n) => n.port === from)!;
        const gone = new Promise((resolve) => node.child.once('exit', resolve));
        node.child.kill('SIGKILL');
        await gone;
        await during?.();
        await promoted(to_, `the sentinels to promote ${to_} after ${from} died`);
        return { from, to: to_ };
      },
      async logs() {
        const parts = await Promise.all(nodes.map(async (n) => `--- ${n.log}\n${await readFile(n.log, 'utf8').catch(() => '')}`));
        return parts.join('\n');
      },
      async close() {
        for (const c of [...clients, ...admin.values()]) c.disconnect();
        await stopAll(nodes);
        await rm(dir, { recursive: true, force: true });
      },
    };
    return set;
  } catch (err) {
    for (const c of admin.values()) c.disconnect();
    await stopAll(nodes);
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

async function stopAll(nodes: Node[]): Promise<void> {
  await Promise.all(
    nodes.map(
      (n) =>
        new Promise<void>((resolve) => {
          if (n.child.exitCode !== null || n.child.signalCode !== null) return resolve();
          n.child.once('exit', () => resolve());
          n.child.kill('SIGKILL');
        }),
    ),
  );
}
