// Document titles of spec §2: '<Page name> Page - {brand}' for the named pages, 'Home - {brand}'
// for home, the plain brand anywhere else. The page is named by the path's first segment. A page can
// supply its own title with usePageTitle.
import { createContext, useContext, useEffect } from 'react';

/** Each named page's first path segment and the words its title uses. */
const NAMED_PAGES = new Map([
  ['profile', 'Profile'],
  ['live', 'Live'],
  ['chat', 'Chat'],
  ['giveaways', 'Giveaways'],
  ['past', 'Past'],
  ['about', 'About'],
  ['privacy', 'Privacy'],
  ['terms', 'Terms'],
  ['register', 'Register'],
  ['login', 'Login'],
  ['forgot-password', 'Forgot password'],
]);

export function pageTitle(pathname: string, brand: string): string {
  const section = pathname.split('/').find(Boolean)?.toLowerCase() ?? '';
  if (section === 'home') return `Home - ${brand}`;
  const name = NAMED_PAGES.get(section);
  if (name) return `${name} Page - ${brand}`;
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
