// GET /api/siteconfig: the public configuration the web app reads once at start (brand, contact
// details, asset hosts, third-party ids).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { siteCalls, type SiteConfig } from '../../../shared/contract/site';
import { MESSAGES, TAGLINE } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { routeOf } from '../../http/route';

export function siteConfigOf(site: AppContext['config']['site']): SiteConfig {
  return {
    brand: site.brand,
    tagline: TAGLINE,
    phone: site.phone,
    email: site.email,
    target_cdn_url: site.targetCdnUrl,
    source_cdn_url: site.sourceCdnUrl,
    app_assets_location: site.appAssetsLocation,
    analytics: { ga: site.gaId, replay: site.replayId, pixel: site.pixelId },
  };
}

export function siteRoutes(ctx: AppContext) {
  const config = siteConfigOf(ctx.config.site);
  return async function routes(fastify: FastifyInstance) {
    fastify.withTypeProvider<ZodTypeProvider>().route({
      ...routeOf(siteCalls.config, { tags: ['site'], summary: 'Public site configuration' }),
      handler: async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return ok([config], MESSAGES.ok, ctx.clock.now());
      },
    });
  };
}
