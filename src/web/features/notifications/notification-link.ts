// Where a notification leads: its url is a path on the site (/contest/3) or, from features that
// write the site's full address (the show reminder), an absolute one. Pages of this site open in
// the app; another http(s) address opens as a link; anything else (javascript:, data:) is ignored.
export type NotificationTarget = { path: string } | { href: string } | null;

export function notificationTarget(url: string | null, origin: string): NotificationTarget {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return { path: url };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.origin === origin) return { path: `${parsed.pathname}${parsed.search}${parsed.hash}` };
  return { href: parsed.href };
}
