import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'gemcast-config-'));

describe('configuration', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: null,
      redisUrl: null,
      redisPrefix: '',
      smtpUrl: null,
      trustProxy: false,
      corsOrigins: [],
      logLevel: 'info',
      seedDemo: true,
      mediaBaseUrl: '/media/',
      perIpLimitScale: 1,
      chatSocketsPerIp: 100,
      acceptHandles: 16,
      metricsPort: null,
      metricsHost: '127.0.0.1',
    });
    expect(config.appSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('keeps the generated secret across restarts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(loadConfig({ DATA_DIR: dir }).appSecret);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['REDIS_URL', 'not a url'],
    ['REDIS_PREFIX', 'two words'],
    ['SMTP_URL', 'http://mail'],
    ['APP_SECRET', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['SEED_DEMO', 'maybe'],
    ['CHAT_SOCKETS_PER_IP', '0'],
    ['CORS_ORIGINS', 'http://'],
    ['METRICS_PORT', '9464x'],
  ])('names %s when its value %s is unusable', (variable, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [variable]: value })).toThrowError(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [variable]: value })).toThrowError(new RegExp(`^${variable}:`));
  });

  it('parses lists of origins and call names', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      CORS_ORIGINS: 'https://shop.example.com, admin.example.com',
      DISABLED_CALLS: 'login_v1, getloginotp',
    });
    expect(config.corsOrigins).toEqual(['https://shop.example.com', 'https://admin.example.com']);
    expect([...config.disabledCalls]).toEqual(['login_v1', 'getloginotp']);
  });

  it('serves metrics only when METRICS_PORT is set, on the loopback unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_PORT: '9464' })).toMatchObject({
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
    });
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_PORT: '0', METRICS_HOST: '0.0.0.0' })).toMatchObject({
      metricsPort: 0,
      metricsHost: '0.0.0.0',
    });
  });

  it('stops the server with one line naming the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: 'nope', DATA_DIR: dataDir() },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Gemcast cannot start: PORT: expected a whole number from 0 to 65535, got "nope"',
    );
  });
});
