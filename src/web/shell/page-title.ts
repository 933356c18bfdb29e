// Document titles of spec §2: '<Page name> Page - Gemcast' for the named pages, 'Home - Gemcast'
// for home, the plain product name anywhere else. The page name is the path's first segment.
export const PRODUCT_NAME = 'Gemcast';

const NAMED_PAGES = new Set(['profile', 'live', 'chat', 'giveaways', 'past', 'about', 'privacy', 'terms', 'register', 'login', 'forgot-password']);

export function pageTitle(pathname: string): string {
  const section = pathname.split('/').find(Boolean)?.toLowerCase() ?? '';
  if (section === 'home') return `Home - ${PRODUCT_NAME}`;
  if (NAMED_PAGES.has(section)) return `${section[0]!.toUpperCase()}${section.slice(1)} Page - ${PRODUCT_NAME}`;
  return PRODUCT_NAME;
}
