// Reads and checks the environment once. Every variable, its default and its meaning is listed
// in the README; a bad value stops start-up with one line naming the variable.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { loadVapidKeys, type VapidKeys } from './platform/vapid';

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Put before every Redis key and channel, so several sites (or test clusters) can share one Redis. */
  redisPrefix: string;
  smtpUrl: string | null;
  mailFrom: string;
  appSecret: string;
  trustProxy: boolean | string;
  corsOrigins: string[];
  mediaHosts: string[];
  embedHosts: string[];
  mediaBaseUrl: string;
  disabledCalls: Set<string>;
  logLevel: string;
  seedDemo: boolean;
  webDir: string | null;
  sessionDays: number;
  /** How long this process trusts a session it has looked up (0: look it up on every call). */
  sessionCacheMs: number;
  /** Check every response against the contract before sending it (tests turn this on). */
  validateResponses: boolean;
  /** Analytics writes allowed per IP per minute. */
  analyticsPerMinute: number;
  /** Product registrations allowed per IP per hour, before PER_IP_LIMIT_SCALE (decision 074). */
  productRegistrationsPerHour: number;
  /** Registration summaries read per IP per hour: registration numbers cannot be guessed by trying (decision 074). */
  registrationLookupsPerHour: number;
  /** Multiplies the per-IP account limits (registrations, logins, code sends) where many share one address. */
  perIpLimitScale: number;
  /** Chat sockets one IP may hold open at once, before PER_IP_LIMIT_SCALE (decision 053). */
  chatSocketsPerIp: number;
  /**
   * Handles on the site's listening socket (decision 107): libuv accepts one connection per handle
   * per turn of the event loop, so a busy server with one handle lets arrivals queue and overflow.
   */
  acceptHandles: number;
  /** Where Prometheus scrapes /metrics (decision 091); null: no metrics are kept at all. */
  metricsPort: number | null;
  metricsHost: string;
  /**
   * How long a closing server keeps serving the connections it has, each answer telling the proxy
   * to close it, before it stops listening (0: stop at once). Behind nginx a rolling restart then
   * drops no request, POSTs included (decision 093).
   */
  shutdownDrainMs: number;
  agoraAppId: string;
  agoraCertificate: string;
  /** The web push key pair, kept in DATA_DIR/vapid.json (decision 071). */
  vapid: VapidKeys;
  site: {
    brand: string;
    phone: string;
    email: string;
    targetCdnUrl: string;
    sourceCdnUrl: string;
    appAssetsLocation: string;
    gaId: string;
    replayId: string;
    pixelId: string;
  };
};

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`${variable}: ${problem}`);
  }
}

type Env = Record<string, string | undefined>;

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(name, `expected a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (!raw) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'is not a valid URL');
  }
  if (!protocols.includes(parsed.protocol)) throw new ConfigError(name, `must start with ${protocols.join(' or ')}//`);
  return raw;
}

function origins(env: Env, name: string): string[] {
  return list(env[name]).map((value) => {
    try {
      const parsed = new URL(value.includes('://') ? value : `https://${value}`);
      return parsed.origin;
    } catch {
      throw new ConfigError(name, `"${value}" is not a host or origin`);
    }
  });
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

function checkedEmail(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  if (!raw) return fallback;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw)) throw new ConfigError(name, `"${raw}" is not an e-mail address`);
  return raw;
}

/** A third-party id: letters, digits, dashes only (it ends up in a script URL). */
function id(env: Env, name: string): string {
  const raw = env[name] ?? '';
  if (raw && !/^[A-Za-z0-9-]{1,40}$/.test(raw))
    throw new ConfigError(name, 'may contain only letters, digits and dashes');
  return raw;
}

/** REDIS_PREFIX: a short name (letters, digits, `:`, `_`, `-`) put before every Redis key and channel. */
function redisPrefix(env: Env): string {
  const raw = env.REDIS_PREFIX ?? '';
  if (raw && !/^[A-Za-z0-9:_-]{1,40}$/.test(raw))
    throw new ConfigError('REDIS_PREFIX', 'may contain only letters, digits, ":", "_" and "-" (at most 40)');
  return raw;
}

/** Agora app ids and certificates are 32 hexadecimal characters. */
function hex32(env: Env, name: string): string {
  const raw = env[name] ?? '';
  if (raw && !/^[0-9a-f]{32}$/i.test(raw)) throw new ConfigError(name, 'must be 32 hexadecimal characters');
  return raw;
}

/** The HMAC key for codes and visitor tokens: APP_SECRET, else a key kept in DATA_DIR. */
function loadSecret(env: Env, dataDir: string): string {
  const given = env.APP_SECRET;
  if (given !== undefined && given !== '') {
    if (given.length < 32) throw new ConfigError('APP_SECRET', 'must be at least 32 characters');
    return given;
  }
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function vapidKeys(dataDir: string, contactEmail: string): VapidKeys {
  try {
    return loadVapidKeys(dataDir, contactEmail);
  } catch (error) {
    throw new ConfigError('DATA_DIR', error instanceof Error ? error.message : String(error));
  }
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env, 'PORT', 3000, 0, 65535);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch {
    throw new ConfigError('DATA_DIR', `cannot create or write "${dataDir}"`);
  }
  const trustRaw = env.TRUST_PROXY ?? '';
  const trustProxy =
    trustRaw === ''
      ? false
      : ['true', 'false', '1', '0', 'yes', 'no'].includes(trustRaw.toLowerCase())
        ? bool(env, 'TRUST_PROXY', false)
        : trustRaw;
  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  const logLevel = env.LOG_LEVEL || 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel))
    throw new ConfigError('LOG_LEVEL', `unknown level "${logLevel}"`);
  const webDir = path.resolve(env.WEB_DIR || 'dist/web');
  const contactEmail = checkedEmail(env, 'CONTACT_EMAIL', 'support@gemcast.example');

  return {
    port,
    host: env.HOST || '0.0.0.0',
    publicUrl: new URL(publicUrl).origin,
    dataDir,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: redisPrefix(env),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'Gemcast <no-reply@gemcast.local>',
    appSecret: loadSecret(env, dataDir),
    trustProxy,
    corsOrigins: origins(env, 'CORS_ORIGINS'),
    mediaHosts: origins(env, 'MEDIA_HOSTS'),
    embedHosts: origins(env, 'EMBED_HOSTS'),
    mediaBaseUrl: (env.MEDIA_BASE_URL || '/media/').replace(/\/?$/, '/'),
    disabledCalls: new Set(list(env.DISABLED_CALLS)),
    logLevel,
    seedDemo: bool(env, 'SEED_DEMO', true),
    webDir: existsSync(path.join(webDir, 'index.html')) ? webDir : null,
    sessionDays: int(env, 'SESSION_DAYS', 30, 1, 365),
    sessionCacheMs: int(env, 'SESSION_CACHE_MS', 3000, 0, 60_000),
    validateResponses: bool(env, 'VALIDATE_RESPONSES', false),
    analyticsPerMinute: int(env, 'ANALYTICS_PER_MINUTE', 120, 1, 1_000_000),
    productRegistrationsPerHour: int(env, 'PRODUCT_REGISTRATIONS_PER_HOUR', 60, 1, 1_000_000),
    registrationLookupsPerHour: int(env, 'REGISTRATION_LOOKUPS_PER_HOUR', 120, 1, 1_000_000),
    perIpLimitScale: int(env, 'PER_IP_LIMIT_SCALE', 1, 1, 10_000),
    chatSocketsPerIp: int(env, 'CHAT_SOCKETS_PER_IP', 100, 1, 1_000_000),
    acceptHandles: int(env, 'ACCEPT_HANDLES', 16, 1, 64),
    metricsPort: env.METRICS_PORT ? int(env, 'METRICS_PORT', 0, 0, 65535) : null,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    shutdownDrainMs: int(env, 'SHUTDOWN_DRAIN_MS', 0, 0, 30_000),
    agoraAppId: hex32(env, 'AGORA_APP_ID'),
    agoraCertificate: hex32(env, 'AGORA_APP_CERTIFICATE'),
    vapid: vapidKeys(dataDir, contactEmail),
    site: {
      brand: env.BRAND_NAME || 'Gemcast',
      phone: env.CONTACT_PHONE || '(555) 010-4367',
      email: contactEmail,
      targetCdnUrl: url(env, 'TARGET_CDN_URL', ['http:', 'https:']) ?? '',
      sourceCdnUrl: url(env, 'SOURCE_CDN_URL', ['http:', 'https:']) ?? '',
      appAssetsLocation: env.APP_ASSETS_LOCATION || '',
      gaId: id(env, 'GA_MEASUREMENT_ID'),
      replayId: id(env, 'CLARITY_PROJECT_ID'),
      pixelId: id(env, 'META_PIXEL_ID'),
    },
    ...overrides,
  };
}
