// The Content-Security-Policy: our own origin only, plus the media and embed hosts configured.
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
