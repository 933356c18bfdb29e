// The asset-host fallback of spec §3 and §8: an image that fails to load from the target host is
// asked for once more from the source host, same path.

/** `src` with the target host swapped for the source host, or null when it is not on the target host. */
export function sourceHostUrl(src: string, targetCdnUrl: string, sourceCdnUrl: string): string | null {
  if (!src || !targetCdnUrl || !sourceCdnUrl) return null;
  const target = targetCdnUrl.replace(/\/+$/, '');
  const source = sourceCdnUrl.replace(/\/+$/, '');
  if (target === source) return null;
  const rest = src.slice(target.length);
  const isOnTarget =
    src.toLowerCase().startsWith(target.toLowerCase()) && (rest === '' || rest.startsWith('/') || rest.startsWith('?'));
  return isOnTarget ? source + rest : null;
}
