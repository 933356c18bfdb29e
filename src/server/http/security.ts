// Security headers: the Content-Security-Policy (our own origin plus the configured media and
// embed hosts, the YouTube and Facebook players, and Agora once it is configured), HSTS, nosniff, a strict Referrer-Policy and helmet's other defaults. helmet
// computes them once at start; a hook copies them onto every reply (see decision 004).
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { createHash } from 'node:crypto';
import helmet from 'helmet';
import { SIGNED_IN_MARK_SCRIPT } from '../../web/shell/signed-in-mark';
import type { Config } from '../config';

type PolicyInput = Pick<Config, 'mediaHosts' | 'embedHosts' | 'site' | 'agoraAppId'>;

/** The players a show's stream may be embedded from (privacy-enhanced YouTube; Facebook's video plugin). */
export const PLAYER_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://www.facebook.com'];
/** Where the Agora web SDK signals and reports (its media flows over WebRTC, outside the CSP). */
export const AGORA_CONNECT_HOSTS = [
  'https://*.agora.io',
  'wss://*.agora.io',
  'https://*.sd-rtn.com',
  'wss://*.sd-rtn.com',
];

/** Hosts a configured third-party tool needs; none are allowed while its id is unset. */
function thirdPartyHosts(site: Config['site']) {
  const script: string[] = [];
  const connect: string[] = [];
  const img: string[] = [];
  if (site.gaId) {
    script.push('https://www.googletagmanager.com');
    connect.push(
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    );
    img.push('https://*.google-analytics.com', 'https://www.googletagmanager.com');
  }
  if (site.replayId) {
    script.push('https://www.clarity.ms', 'https://*.clarity.ms');
    connect.push('https://*.clarity.ms');
    img.push('https://*.clarity.ms');
  }
  if (site.pixelId) {
    script.push('https://connect.facebook.net');
    connect.push('https://www.facebook.com');
    img.push('https://www.facebook.com');
  }
  return { script, connect, img };
}

/** The page's one inline script (it marks a signed-in viewer's page before its first paint, decision 097), allowed by its hash. */
export const SIGNED_IN_MARK_HASH = `'sha256-${createHash('sha256').update(SIGNED_IN_MARK_SCRIPT).digest('base64')}'`;

function originOf(value: string): string[] {
  return value ? [new URL(value).origin] : [];
}

export function contentSecurityPolicy(config: PolicyInput): Record<string, string[]> {
  const media = [...config.mediaHosts, ...originOf(config.site.targetCdnUrl), ...originOf(config.site.sourceCdnUrl)];
  const third = thirdPartyHosts(config.site);
  const agora = config.agoraAppId ? AGORA_CONNECT_HOSTS : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", SIGNED_IN_MARK_HASH, ...third.script],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...media, ...third.img],
    'media-src': ["'self'", 'blob:', ...media],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...media, ...third.connect, ...agora],
    'frame-src': [...new Set([...PLAYER_FRAME_HOSTS, ...config.embedHosts])],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
}

/** Runs helmet once against a detached response and returns the headers it set. */
export function securityHeaders(config: PolicyInput): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  let failure: unknown = null;
  middleware(request, response, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * The headers of an API answer (JSON, never a document to render): a policy that allows nothing
 * and no framing, HSTS, nosniff, and same-origin reads for no-cors requests, as OWASP's REST
 * guidance asks. A page's dozen helmet headers, its long policy most of all, cost each answer
 * about a tenth of its CPU on the calls every viewer makes at show start (decision 099).
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'strict-transport-security': pageHeaders['strict-transport-security'] ?? 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
  };
}
