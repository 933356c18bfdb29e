// Security headers: the Content-Security-Policy (our own origin plus the configured media and
// embed hosts), HSTS, nosniff, a strict Referrer-Policy and helmet's other defaults. helmet
// computes them once at start; a hook copies them onto every reply (see decision 004).
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import type { Config } from '../config';

export function contentSecurityPolicy(config: Pick<Config, 'mediaHosts' | 'embedHosts'>): Record<string, string[]> {
  const media = config.mediaHosts;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...media],
    'media-src': ["'self'", 'blob:', ...media],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...media],
    'frame-src': config.embedHosts.length ? config.embedHosts : ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
}

/** Runs helmet once against a detached response and returns the headers it set. */
export function securityHeaders(config: Pick<Config, 'mediaHosts' | 'embedHosts'>): Record<string, string> {
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
