// Document titles of spec §2: '<Page name> Page - {brand}' for the named pages, 'Home - {brand}'
// for home, the plain brand anywhere else. The page name is the path's first segment. A page can
// supply its own title with usePageTitle.
import { createContext, useContext, useEffect } from 'react';

const NAMED_PAGES = new Set([
  'profile',
  'live',
  'chat',
  'giveaways',
  'past',
  'about',
  'privacy',
  'terms',
  'register',
  'login',
  'forgot-password',
]);

export function pageTitle(pathname: string, brand: string): string {
  const section = pathname.split('/').find(Boolean)?.toLowerCase() ?? '';
  if (section === 'home') return `Home - ${brand}`;
  if (NAMED_PAGES.has(section)) return `${section[0]!.toUpperCase()}${section.slice(1)} Page - ${brand}`;
  return brand;
}

/** Set by the root layout: a page's own title, or null to go back to the rule's. */
export const PageTitleContext = createContext<(title: string | null) => void>(() => undefined);

/** Gives the current page its own document title while it is shown (undefined: the rule's). */
export function usePageTitle(title: string | undefined): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    if (title === undefined) return;
    setTitle(title);
    return () => setTitle(null);
  }, [title, setTitle]);
}
