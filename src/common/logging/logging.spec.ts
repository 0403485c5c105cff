import { Writable } from 'node:stream';
import { createLogger, levelOf } from './logger.js';
import { requestIdFor } from './http-logging.js';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      cb();
    },
  });
  return { lines, stream };
}

describe('requestIdFor', () => {
  it('keeps a client id of 1–200 safe characters', () => {
    expect(requestIdFor('abc-123')).toBe('abc-123');
    expect(requestIdFor('trace:4bf92f35/00f0.67~x=y+z@erp_1')).toBe('trace:4bf92f35/00f0.67~x=y+z@erp_1');
    expect(requestIdFor('x'.repeat(200))).toBe('x'.repeat(200));
    expect(requestIdFor(['first', 'second'])).toBe('first');
  });

  it.each([[undefined], [''], ['x'.repeat(201)], ['has space'], ['new\nline'], ['quote"'], ['<script>'], ['ü']])(
    'replaces %j with a new UUID',
    (header) => {
      expect(requestIdFor(header)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    },
  );
});

describe('createLogger', () => {
  it('writes JSON lines with the level as a word, ISO time and the process name', () => {
    const { lines, stream } = capture();
    createLogger('info', 'api', stream).info({ context: 'Test' }, 'hello');
    expect(lines).toEqual([
      {
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        pid: process.pid,
        process: 'api',
        context: 'Test',
        msg: 'hello',
      },
    ]);
  });

  it('redacts credentials wherever an object carries them', () => {
    const { lines, stream } = capture();
    createLogger('info', 'api', stream).info(
      {
        token: 'sk_top',
        key: { access_token: 'sk_nested', secret: 'ss_nested', name: 'erp' },
        req: { headers: { authorization: 'Bearer sk_deep', cookie: 'sid=1', accept: 'application/json' } },
        smtp: { password: 'pw' },
      },
      'with secrets',
    );
    expect(lines[0]).toMatchObject({
      token: '[redacted]',
      key: { access_token: '[redacted]', secret: '[redacted]', name: 'erp' },
      req: { headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'application/json' } },
      smtp: { password: '[redacted]' },
    });
    expect(JSON.stringify(lines)).not.toMatch(/sk_top|sk_nested|ss_nested|sk_deep|sid=1|"pw"/);
  });

  it('redacts the Redis settings of the configuration, whichever shape they take', () => {
    const { lines, stream } = capture();
    const logger = createLogger('info', 'api', stream);
    logger.info({ redis: { url: 'redis://:pw_url@h:6379' } }, 'url');
    logger.info({ config: { redis: { url: 'redis://:pw_nested@h:6379' } } }, 'nested url');
    logger.info(
      { redis: { sentinels: [{ host: 's1', port: 26379 }], name: 'm', password: 'pw_master', sentinelPassword: 'pw_sentinel' } },
      'sentinel',
    );
    expect(lines.map((l) => l.redis ?? l.config)).toEqual([
      { url: '[redacted]' },
      { redis: { url: '[redacted]' } },
      { sentinels: [{ host: 's1', port: 26379 }], name: 'm', password: '[redacted]', sentinelPassword: '[redacted]' },
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/pw_/);
  });

  it('honours the level', () => {
    const { lines, stream } = capture();
    const logger = createLogger('warn', 'worker', stream);
    logger.info('hidden');
    logger.warn('shown');
    expect(lines.map((l) => l.msg)).toEqual(['shown']);
  });
});

describe('levelOf', () => {
  it("maps Nest's level lists to pino's most verbose level", () => {
    expect(levelOf(['error'])).toBe('error');
    expect(levelOf(['error', 'warn'])).toBe('warn');
    expect(levelOf(['error', 'warn', 'log'])).toBe('info');
    expect(levelOf(['log', 'debug'])).toBe('debug');
    expect(levelOf([])).toBe('silent');
    expect(levelOf(false)).toBe('silent');
  });
});
