import { ConfigError, loadConfig } from './app-config.js';

describe('loadConfig', () => {
  it('defaults to the embedded database, no queue and the dev mailbox', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: null,
      redisUrl: null,
      smtpUrl: null,
      mailFrom: 'Store <no-reply@localhost>',
      storeUrl: 'http://localhost:3000',
      currency: 'USD',
      locale: 'en-US',
      migrationsRun: true,
    });
    expect(c.dataDir).toMatch(/\/data$/);
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
      redisUrl: 'redis://h:6379',
      storeUrl: 'https://shop.example',
      migrationsRun: false,
      currency: 'EUR',
    });
  });
  it.each([
    [{ PORT: '-1' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://h/db' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ CURRENCY: 'dollars' }, 'CURRENCY'],
    [{ MIGRATIONS_RUN: 'maybe' }, 'MIGRATIONS_RUN'],
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
