// Where to go after logging in: a same-site path carried as ?redirectTo=, never another origin.
export const AFTER_LOGIN = '/home';
export const REDIRECT_PARAM = 'redirectTo';

export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return AFTER_LOGIN;
  return target;
}

/** The login page that comes back to `from` afterwards. */
export function loginPathFor(from: string): string {
  return `/login?${new URLSearchParams({ [REDIRECT_PARAM]: from }).toString()}`;
}

/** `path` keeping the redirect target, for links between the onboarding screens. */
export function withRedirect(path: string, redirectTo: string | null): string {
  return redirectTo ? `${path}?${new URLSearchParams({ [REDIRECT_PARAM]: redirectTo }).toString()}` : path;
}
