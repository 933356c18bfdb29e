// The public site configuration (GET /api/siteconfig): brand, tagline, contact details, asset
// hosts and third-party ids, read once per page load and kept for the whole visit.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRef } from '../../shared/contract/call';
import type { SiteConfig, siteCalls } from '../../shared/contract/site';
import { TAGLINE } from '../../shared/messages';
import { apiCall, recordOf, recordsOf } from '../api/client';

/** Shown in titles and the logo until the configuration arrives (or if it cannot be had), as is the spec's tagline. */
export const FALLBACK_BRAND = 'Gemcast';

/** The named fields of an object as a map of unknowns, for checking answers without a schema. */
export function fieldsOf(value: unknown): Map<string, unknown> | null {
  return typeof value === 'object' && value !== null ? new Map<string, unknown>(Object.entries(value)) : null;
}

const hasStrings = (fields: Map<string, unknown> | null, keys: readonly string[]) =>
  fields !== null && keys.every((key) => typeof fields.get(key) === 'string');

/**
 * The server answers from the contract's own schema; checking the field types here keeps the
 * schema library out of the first bundle, which every visitor downloads.
 */
export function isSiteConfig(value: unknown): value is SiteConfig {
  const fields = fieldsOf(value);
  return (
    hasStrings(fields, [
      'brand',
      'tagline',
      'phone',
      'email',
      'target_cdn_url',
      'source_cdn_url',
      'app_assets_location',
    ]) && hasStrings(fieldsOf(fields?.get('analytics')), ['ga', 'replay', 'pixel'])
  );
}

const siteConfigAnswer = recordsOf(isSiteConfig);

/** siteconfig, checked by hand: this file is in the first bundle, which keeps zod out. */
const siteConfigCall = callRef<typeof siteCalls.config>({
  method: 'GET',
  path: '/api/siteconfig',
  response: siteConfigAnswer,
});

export const siteConfigQuery = queryOptions({
  queryKey: ['siteconfig'] as const,
  queryFn: async ({ signal }) => recordOf(await apiCall(siteConfigCall, { signal })),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** The site configuration, or undefined while it loads (or when it could not be read). */
export function useSiteConfig(): SiteConfig | undefined {
  return useQuery(siteConfigQuery).data;
}

/** 'where … prices' → 'Where … prices.' (the configured tagline as a sentence). */
function sentence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  return `${trimmed[0]!.toUpperCase()}${trimmed.slice(1)}${/[.!?]$/.test(trimmed) ? '' : '.'}`;
}

/** The brand name from the configuration, with the fallback while it loads. */
export function useBrand(): string {
  return useSiteConfig()?.brand || FALLBACK_BRAND;
}

/** The configured tagline as a sentence, with the fallback while the configuration loads. */
export function useTagline(): string {
  return sentence(useSiteConfig()?.tagline || TAGLINE);
}
