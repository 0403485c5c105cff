import { availableParallelism } from 'node:os';
import { ConfigError, loadConfig } from './app-config.js';

describe('loadConfig', () => {
  it('defaults to the embedded database, no queue and the dev mailbox', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: null,
      redis: null,
      databaseDirectUrl: null,
      smtpUrl: null,
      mailFrom: null,
      storeUrl: 'http://localhost:3000',
      currency: 'USD',
      locale: 'en-US',
      migrationsRun: true,
    });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.heartbeatFile).toBeNull();
  });
  it('takes HEARTBEAT_FILE as a path, made absolute', () => {
    expect(loadConfig({ HEARTBEAT_FILE: '/tmp/worker-heartbeat' }).heartbeatFile).toBe('/tmp/worker-heartbeat');
    expect(loadConfig({ HEARTBEAT_FILE: 'beat' }).heartbeatFile).toMatch(/^\/.+\/beat$/);
  });
  it('reads valid values', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@h/db',
      REDIS_URL: 'redis://h:6379',
      STORE_URL: 'https://shop.example/',
      MIGRATIONS_RUN: 'false',
      CURRENCY: 'EUR',
      LOCALE: 'nl-NL',
    });
    expect(c).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@h/db',
      redis: { url: 'redis://h:6379' },
      storeUrl: 'https://shop.example',
      migrationsRun: false,
      currency: 'EUR',
    });
  });
  it('finds Redis through Sentinel: REDIS_SENTINELS with REDIS_SENTINEL_NAME, passwords verbatim', () => {
    expect(loadConfig({ REDIS_SENTINELS: 's1:26379, 10.0.0.2:26380,[::1]:26381', REDIS_SENTINEL_NAME: 'store' }).redis).toEqual({
      sentinels: [
        { host: 's1', port: 26379 },
        { host: '10.0.0.2', port: 26380 },
        { host: '::1', port: 26381 },
      ],
      name: 'store',
      password: null,
      sentinelPassword: null,
    });
    expect(
      loadConfig({ REDIS_SENTINELS: 's1:26379', REDIS_SENTINEL_NAME: 'store', REDIS_PASSWORD: ' pw ', REDIS_SENTINEL_PASSWORD: 'spw' })
        .redis,
    ).toEqual({ sentinels: [{ host: 's1', port: 26379 }], name: 'store', password: ' pw ', sentinelPassword: 'spw' });
  });
  it('refuses REDIS_URL together with REDIS_SENTINELS, naming both', () => {
    expect(() => loadConfig({ REDIS_URL: 'redis://h:6379', REDIS_SENTINELS: 's1:26379', REDIS_SENTINEL_NAME: 'store' })).toThrow(
      'Invalid configuration: REDIS_SENTINELS and REDIS_URL must not both be set: give the Sentinel addresses or one Redis address',
    );
  });
  it('says what a bad sentinel address is', () => {
    expect(() => loadConfig({ REDIS_SENTINELS: 's1:26379,s2', REDIS_SENTINEL_NAME: 'store' })).toThrow(
      'Invalid configuration: REDIS_SENTINELS must be host:port pairs separated by commas, got "s2"',
    );
  });
  it('takes the session connection (migration lock, LISTEN) from DATABASE_DIRECT_URL, else DATABASE_URL', () => {
    const pooled = 'postgres://u@pgbouncer:6432/db';
    expect(loadConfig({ DATABASE_URL: pooled })).toMatchObject({ databaseUrl: pooled, databaseDirectUrl: pooled });
    expect(loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: ' postgresql://u@primary:5432/db ' })).toMatchObject({
      databaseUrl: pooled,
      databaseDirectUrl: 'postgresql://u@primary:5432/db',
    });
    expect(loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: '' }).databaseDirectUrl).toBe(pooled);
    expect(() => loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: 'mysql://h/db' })).toThrow(
      new ConfigError('DATABASE_DIRECT_URL', 'must use postgres: or postgresql:, got "mysql:"'),
    );
    expect(() => loadConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: 'not a url' })).toThrow(
      new ConfigError('DATABASE_DIRECT_URL', 'must be a URL (postgres: or postgresql:), got "not a url"'),
    );
    expect(() => loadConfig({ DATABASE_DIRECT_URL: 'postgres://u@h/db' })).toThrow(
      new ConfigError('DATABASE_DIRECT_URL', 'needs DATABASE_URL (PostgreSQL) to be set too'),
    );
  });
  it('names the store, keys the cart form tokens and limits the cart pages per client address', () => {
    expect(loadConfig({})).toMatchObject({ storeName: 'Store', cartSecret: null, cartRateLimitPerMinute: 60 });
    const secret = 'x'.repeat(32);
    expect(loadConfig({ STORE_NAME: ' Acme Supplies ', CART_SECRET: secret, CART_RATE_LIMIT_PER_MINUTE: '0' })).toMatchObject({
      storeName: 'Acme Supplies',
      cartSecret: secret,
      cartRateLimitPerMinute: 0,
    });
    expect(() => loadConfig({ CART_SECRET: 'short' })).toThrow(new ConfigError('CART_SECRET', 'must be at least 32 characters, got 5'));
  });
  it('reads the seller’s postal address as lines separated by "|" (or newlines), and a loosely checked phone', () => {
    expect(loadConfig({})).toMatchObject({ storeAddress: [], storePhone: null });
    expect(loadConfig({ STORE_ADDRESS: ' 1 Main St | Springfield, IL 62701 || USA ', STORE_PHONE: ' +1 (555) 010-2030 ' })).toMatchObject({
      storeAddress: ['1 Main St', 'Springfield, IL 62701', 'USA'],
      storePhone: '+1 (555) 010-2030',
    });
    expect(loadConfig({ STORE_ADDRESS: 'ул. Ленина, 1\nМосква' }).storeAddress).toEqual(['ул. Ленина, 1', 'Москва']);
    expect(loadConfig({ STORE_PHONE: '030/123.45-6' }).storePhone).toBe('030/123.45-6');
    for (const bad of ['call us', '12', '+1 555 CALL NOW', '1'.repeat(21)]) {
      expect(() => loadConfig({ STORE_PHONE: bad })).toThrow(
        new ConfigError(
          'STORE_PHONE',
          `must be a telephone number (digits, optionally a leading + and spaces, dots, dashes, slashes or parentheses), got "${bad}"`,
        ),
      );
    }
    expect(() => loadConfig({ STORE_ADDRESS: 'x'.repeat(201) })).toThrow(
      new ConfigError('STORE_ADDRESS', 'must be at most 10 lines (separated by "|") of at most 200 characters each'),
    );
  });
  it('stops at start on a MAIL_FROM with a control character, or that is not an address (with a name)', () => {
    expect(loadConfig({ MAIL_FROM: 'Shop <shop@example.com>' }).mailFrom).toBe('Shop <shop@example.com>');
    expect(loadConfig({ MAIL_FROM: '"Acme, Inc." <sales@acme.example>' }).mailFrom).toBe('"Acme, Inc." <sales@acme.example>');
    expect(loadConfig({ MAIL_FROM: 'quotes@acme.example' }).mailFrom).toBe('quotes@acme.example');
    expect(loadConfig({ MAIL_FROM: '<quotes@acme.example>' }).mailFrom).toBe('<quotes@acme.example>');
    for (const value of ['Shop shop@example.com\r\nBcc: mailfrom@evil.test', 'Shop <shop@example.com>\n', 'Shop\t<shop@example.com>'])
      expect(() => loadConfig({ MAIL_FROM: value })).toThrow(
        new ConfigError('MAIL_FROM', 'must not contain control characters (CR, LF, tab …)'),
      );
    for (const value of [
      'shop',
      'Shop <"a,b"@example.com>',
      'A <b> <shop@example.com>',
      'Acme, Inc. <sales@acme.example>',
      'Shop\u202E <shop@example.com>',
    ])
      expect(() => loadConfig({ MAIL_FROM: value })).toThrow(
        new ConfigError('MAIL_FROM', `must be an e-mail address or "Name <address>", got ${JSON.stringify(value)}`),
      );
  });
  it('takes STORE_EMAIL by the one e-mail check: no quoted parts, no bidi or zero-width characters', () => {
    for (const value of ['"a\\r\\nb"@shop.example', 'sales\u200B@shop.example', 'sales@shop'])
      expect(() => loadConfig({ STORE_EMAIL: value })).toThrow(
        new ConfigError('STORE_EMAIL', `must be an e-mail address, got ${JSON.stringify(value)}`),
      );
  });
  it('tells nobody of buyers’ decisions unless STORE_EMAIL is an e-mail address', () => {
    expect(loadConfig({}).storeEmail).toBeNull();
    expect(loadConfig({ STORE_EMAIL: 'sales@shop.example' }).storeEmail).toBe('sales@shop.example');
    expect(() => loadConfig({ STORE_EMAIL: 'sales' })).toThrow(new ConfigError('STORE_EMAIL', 'must be an e-mail address, got "sales"'));
  });

  it('believes no X-Forwarded-For unless TRUST_PROXY says which proxies to trust', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    const trust = (v: string) => loadConfig({ TRUST_PROXY: v }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('TRUE')).toBe(true);
    expect(trust('0')).toBe(0);
    expect(trust('2')).toBe(2);
    expect(trust('loopback')).toEqual(['loopback']);
    expect(trust(' loopback, 10.0.0.0/8 ,192.168.1.7, fd00::/8, 172.16.0.0/255.240.0.0, ::1, linklocal,uniquelocal')).toEqual([
      'loopback',
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      '172.16.0.0/255.240.0.0',
      '::1',
      'linklocal',
      'uniquelocal',
    ]);
    const refused = (entry: string) =>
      new ConfigError(
        'TRUST_PROXY',
        `must be a hop count, true, false, or a comma-separated list of addresses, CIDRs, loopback, linklocal or uniquelocal; "${entry}" is none of these`,
      );
    for (const [value, entry] of [
      ['yes', 'yes'],
      ['-1', '-1'],
      ['1.5', '1.5'],
      ['loopback,', ''],
      ['localhost', 'localhost'],
      ['10.0.0.0/33', '10.0.0.0/33'],
      ['10.0.0.0/0', '10.0.0.0/0'],
      ['fd00::/129', 'fd00::/129'],
      ['10.0.0.0/255.0.255.0', '10.0.0.0/255.0.255.0'],
      ['fd00::/ffff::', 'fd00::/ffff::'],
      ['10.0.0.256', '10.0.0.256'],
      ['loopback, proxy.internal', 'proxy.internal'],
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(refused(entry));
    }
  });
  it('stops a worker that sends e-mail without STORE_URL: its links would point at itself', () => {
    const line = new ConfigError(
      'STORE_URL',
      "must be set when a worker sends e-mail (SMTP_URL is set): its cart links would otherwise point at http://localhost:3000, the worker's own machine",
    );
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail:25' }, 'worker')).toThrow(line);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail:25', STORE_URL: ' ' }, 'worker')).toThrow(line);
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25', STORE_URL: 'https://shop.example' }, 'worker').storeUrl).toBe('https://shop.example');
    // Without SMTP_URL it writes no e-mail a buyer reads; the api and the cli keep their default.
    expect(loadConfig({}, 'worker').storeUrl).toBe('http://localhost:3000');
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25', PORT: '3999' }).storeUrl).toBe('http://localhost:3999');
    expect(loadConfig({ SMTP_URL: 'smtp://mail:25' }, 'cli').storeUrl).toBe('http://localhost:3000');
  });
  it('limits each API key to 600 requests a minute unless told otherwise; 0 turns the limit off', () => {
    expect(loadConfig({}).rateLimitPerMinute).toBe(600);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '10' }).rateLimitPerMinute).toBe(10);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '0' }).rateLimitPerMinute).toBe(0);
  });
  it('sizes the send-quote pipeline: 4 jobs at once, 50 deliveries a job, 5 SMTP connections; bounded values', () => {
    expect(loadConfig({})).toMatchObject({ workerConcurrency: 4, deliveryBatchSize: 50, smtpPoolSize: 5 });
    expect(loadConfig({ WORKER_CONCURRENCY: '16', DELIVERY_BATCH_SIZE: '200', SMTP_POOL_SIZE: '20' })).toMatchObject({
      workerConcurrency: 16,
      deliveryBatchSize: 200,
      smtpPoolSize: 20,
    });
    expect(() => loadConfig({ WORKER_CONCURRENCY: '0' })).toThrow(
      new ConfigError('WORKER_CONCURRENCY', 'must be a whole number from 1 to 100, got "0"'),
    );
    expect(() => loadConfig({ DELIVERY_BATCH_SIZE: '1001' })).toThrow(
      new ConfigError('DELIVERY_BATCH_SIZE', 'must be a whole number from 1 to 1000, got "1001"'),
    );
    expect(() => loadConfig({ SMTP_POOL_SIZE: 'many' })).toThrow(
      new ConfigError('SMTP_POOL_SIZE', 'must be a whole number from 1 to 100, got "many"'),
    );
  });
  it('turns the queue dashboard on only with both admin credentials, kept verbatim', () => {
    expect(loadConfig({}).admin).toBeNull();
    expect(loadConfig({ ADMIN_USER: 'ops', ADMIN_PASSWORD: ' s3cret pass phrase ' }).admin).toEqual({
      user: 'ops',
      password: ' s3cret pass phrase ',
    });
  });
  it('stops at start on an ADMIN_PASSWORD shorter than 16 characters, naming it', () => {
    expect(() => loadConfig({ ADMIN_USER: 'ops', ADMIN_PASSWORD: 'a' })).toThrow(
      new ConfigError('ADMIN_PASSWORD', 'must be at least 16 characters, got 1'),
    );
    expect(() => loadConfig({ ADMIN_USER: 'ops', ADMIN_PASSWORD: 'fifteen-chars!!' })).toThrow(
      new ConfigError('ADMIN_PASSWORD', 'must be at least 16 characters, got 15'),
    );
    // Characters, not bytes: sixteen Cyrillic letters are enough.
    expect(loadConfig({ ADMIN_USER: 'ops', ADMIN_PASSWORD: 'ж'.repeat(16) }).admin).toEqual({ user: 'ops', password: 'ж'.repeat(16) });
  });
  it('links to the api itself unless STORE_URL says otherwise: the links follow PORT', () => {
    expect(loadConfig({ PORT: '3999' }).storeUrl).toBe('http://localhost:3999');
    expect(loadConfig({ PORT: '3999', STORE_URL: 'https://shop.example' }).storeUrl).toBe('https://shop.example');
  });
  it('runs one api process unless WEB_CONCURRENCY says otherwise; auto is one per CPU on PostgreSQL, one on the embedded database', () => {
    const pg = { DATABASE_URL: 'postgres://u@h/db' };
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig(pg).webConcurrency).toBe(1);
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: 'auto' }).webConcurrency).toBe(Math.min(availableParallelism(), 64));
    expect(loadConfig({ WEB_CONCURRENCY: 'auto' }).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
  });
  it('refuses more than one api process on the embedded database, saying why', () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      'Invalid configuration: WEB_CONCURRENCY must be 1 (or auto) with the embedded database; set DATABASE_URL to run 2 api processes',
    );
  });
  it('logs at info unless LOG_LEVEL says otherwise', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(loadConfig({ LOG_LEVEL: 'silent' }).logLevel).toBe('silent');
  });
  it.each([
    [{ ADMIN_USER: 'ops' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_PASSWORD: 'pw' }, 'ADMIN_USER'],
    [{ ADMIN_USER: 'o:ps', ADMIN_PASSWORD: 'pw' }, 'ADMIN_USER'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ PORT: '-1' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://h/db' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://u@h/db', DATABASE_DIRECT_URL: 'redis://h/db' }, 'DATABASE_DIRECT_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ REDIS_URL: 'redis+sentinel://s1:26379/store' }, 'REDIS_URL'],
    [{ REDIS_SENTINELS: 's1:26379' }, 'REDIS_SENTINEL_NAME'],
    [{ REDIS_SENTINEL_NAME: 'store' }, 'REDIS_SENTINEL_NAME'],
    [{ REDIS_URL: 'redis://h:6379', REDIS_PASSWORD: 'pw' }, 'REDIS_PASSWORD'],
    [{ REDIS_SENTINEL_PASSWORD: 'pw' }, 'REDIS_SENTINEL_PASSWORD'],
    [{ REDIS_URL: 'redis://h:6379', REDIS_SENTINELS: 's1:26379', REDIS_SENTINEL_NAME: 'm' }, 'REDIS_SENTINELS'],
    [{ REDIS_SENTINELS: 's1:0', REDIS_SENTINEL_NAME: 'm' }, 'REDIS_SENTINELS'],
    [{ REDIS_SENTINELS: 's1:65536', REDIS_SENTINEL_NAME: 'm' }, 'REDIS_SENTINELS'],
    [{ REDIS_SENTINELS: 's1:26379,,s2:26379', REDIS_SENTINEL_NAME: 'm' }, 'REDIS_SENTINELS'],
    [{ REDIS_SENTINELS: 'redis://s1:26379', REDIS_SENTINEL_NAME: 'm' }, 'REDIS_SENTINELS'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ CURRENCY: 'dollars' }, 'CURRENCY'],
    [{ MIGRATIONS_RUN: 'maybe' }, 'MIGRATIONS_RUN'],
    [{ RATE_LIMIT_PER_MINUTE: '-1' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ RATE_LIMIT_PER_MINUTE: '10.5' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ DATABASE_URL: 'postgres://u@h/db', WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY'],
    [{ DATABASE_URL: 'postgres://u@h/db', WEB_CONCURRENCY: '65' }, 'WEB_CONCURRENCY'],
    [{ DATABASE_URL: 'postgres://u@h/db', WEB_CONCURRENCY: 'many' }, 'WEB_CONCURRENCY'],
  ])('%j fails naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (e) {
      expect((e as ConfigError).variable).toBe(variable);
      expect((e as Error).message.startsWith(`Invalid configuration: ${variable} `)).toBe(true);
    }
  });
});

describe('loadConfig: read replicas and the pool', () => {
  it('has no replicas and a pool of 20 unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ databaseReplicaUrls: [], databaseReplicaMaxLagSeconds: 30, databasePoolSize: 20 });
  });
  it('takes replica URLs, comma-separated, beside DATABASE_URL; repeats count once', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://u@primary/db',
      DATABASE_REPLICA_URLS: ' postgres://u@r1/db, postgresql://u@r2/db,,postgres://u@r1/db ',
      DATABASE_REPLICA_MAX_LAG_SECONDS: '5',
      DATABASE_POOL_SIZE: '50',
    });
    expect(c).toMatchObject({
      databaseReplicaUrls: ['postgres://u@r1/db', 'postgresql://u@r2/db'],
      databaseReplicaMaxLagSeconds: 5,
      databasePoolSize: 50,
    });
  });
  it('refuses replicas without a primary, and URLs that are not PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://u@r1/db' })).toThrow(
      new ConfigError('DATABASE_REPLICA_URLS', 'needs DATABASE_URL (the primary): the embedded database has no replicas'),
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@p/db', DATABASE_REPLICA_URLS: 'redis://r1' })).toThrow(
      new ConfigError('DATABASE_REPLICA_URLS', 'must use postgres: or postgresql:, got "redis:"'),
    );
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(
      new ConfigError('DATABASE_POOL_SIZE', 'must be a whole number from 1 to 1000, got "0"'),
    );
  });
});

describe('loadConfig: clusters (DATABASE_CLUSTERS)', () => {
  const home = 'postgres://u@home/db';
  it('has none unless told, and takes name=url pairs with their direct URLs', () => {
    expect(loadConfig({ DATABASE_URL: home }).databaseClusters).toEqual([]);
    const c = loadConfig({
      DATABASE_URL: home,
      DATABASE_CLUSTERS: ' eu=postgres://u@eu/db?sslmode=disable , us_2=postgresql://u@us/db,',
      DATABASE_CLUSTER_EU_DIRECT_URL: 'postgres://u@eu-direct/db',
      DATABASE_CLUSTER_EU_REPLICA_URLS: 'postgres://u@eu-r1/db, postgres://u@eu-r2/db',
    });
    expect(c.databaseClusters).toEqual([
      {
        name: 'eu',
        url: 'postgres://u@eu/db?sslmode=disable',
        directUrl: 'postgres://u@eu-direct/db',
        replicaUrls: ['postgres://u@eu-r1/db', 'postgres://u@eu-r2/db'],
      },
      { name: 'us_2', url: 'postgresql://u@us/db', directUrl: 'postgresql://u@us/db', replicaUrls: [] },
    ]);
  });
  it("refuses them without DATABASE_URL, bad names, home, a name twice, and URLs that are not PostgreSQL's", () => {
    const refused = (env: Record<string, string>, variable: string, reason: string) =>
      expect(() => loadConfig({ DATABASE_URL: home, ...env })).toThrow(new ConfigError(variable, reason));
    expect(() => loadConfig({ DATABASE_CLUSTERS: 'eu=postgres://u@eu/db' })).toThrow(
      new ConfigError('DATABASE_CLUSTERS', 'needs DATABASE_URL (the home cluster): the embedded database is one cluster'),
    );
    const pairs = 'must be name=postgres://… pairs, each name [a-z][a-z0-9_]{0,30}; got';
    refused({ DATABASE_CLUSTERS: 'postgres://u@eu/db' }, 'DATABASE_CLUSTERS', `${pairs} "postgres://u@eu/db"`);
    refused({ DATABASE_CLUSTERS: 'EU=postgres://u@eu/db' }, 'DATABASE_CLUSTERS', `${pairs} "EU=postgres://u@eu/db"`);
    refused({ DATABASE_CLUSTERS: 'home=postgres://u@eu/db' }, 'DATABASE_CLUSTERS', 'cannot name a cluster "home": that is DATABASE_URL\'s');
    refused({ DATABASE_CLUSTERS: 'eu=postgres://a/b,eu=postgres://c/d' }, 'DATABASE_CLUSTERS', 'names the cluster "eu" twice');
    refused({ DATABASE_CLUSTERS: 'eu=redis://eu' }, 'DATABASE_CLUSTERS', 'must use postgres: or postgresql:, got "redis:"');
    refused(
      { DATABASE_CLUSTERS: 'eu=postgres://u@eu/db', DATABASE_CLUSTER_EU_REPLICA_URLS: 'redis://eu-r' },
      'DATABASE_CLUSTER_EU_REPLICA_URLS',
      'must use postgres: or postgresql:, got "redis:"',
    );
    const sixteen = Array.from({ length: 16 }, (_, i) => `c${i}=postgres://u@c${i}/db`).join(',');
    refused({ DATABASE_CLUSTERS: sixteen }, 'DATABASE_CLUSTERS', 'names 16 clusters; at most 15 beside home');
  });
});
