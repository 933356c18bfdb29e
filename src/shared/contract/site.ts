// The one public configuration call: brand, contact details, asset hosts and third-party ids
// come from the server, never from constants in the web bundle.
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';

export const SiteConfig = z.object({
  brand: z.string(),
  tagline: z.string(),
  phone: z.string(),
  email: z.string(),
  target_cdn_url: z.string(),
  source_cdn_url: z.string(),
  app_assets_location: z.string(),
  analytics: z.object({
    /** Google Analytics 4 measurement id, loaded only after cookie consent. */
    ga: z.string(),
    /** Microsoft Clarity project id (session replay), loaded only after cookie consent. */
    replay: z.string(),
    /** Meta pixel id, loaded only after cookie consent. */
    pixel: z.string(),
  }),
});
export type SiteConfig = z.infer<typeof SiteConfig>;
export const SiteConfigResponse = envelopeOf(SiteConfig);

export const siteCalls = {
  /** siteconfig: the public configuration, read once per page load. */
  config: defineCall({ method: 'GET', path: '/api/siteconfig', response: SiteConfigResponse }),
};
