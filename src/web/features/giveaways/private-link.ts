// A private giveaway's link carries its access code (/giveaway/12?code=K7QH-M3XP, decision 051):
// the giveaway's pages read it from the address and send it with every read, and the links between
// those pages keep it, so a viewer who opened the link never has to type the code.
import { useSearchParams } from 'react-router';

export const CODE_PARAM = 'code';

/** The access code in the page's address, or undefined when there is none. */
export function useAccessCode(): string | undefined {
  const [params] = useSearchParams();
  return params.get(CODE_PARAM)?.trim() || undefined;
}

/** `path` with the access code added to its query (before any #fragment); `path` itself without a code. */
export function withCode(path: string, code: string | undefined): string {
  if (!code) return path;
  const [route = '', fragment] = path.split('#');
  const query = `${CODE_PARAM}=${encodeURIComponent(code)}`;
  return `${route}${route.includes('?') ? '&' : '?'}${query}${fragment === undefined ? '' : `#${fragment}`}`;
}
