// The mark a signed-in viewer's page gets before its first paint (decision 097). The server renders
// the first screen as a visitor sees it, since only the browser holds the session (the stored
// user); a tiny script in the page's head marks <html> when a user is stored, and CSS hides what
// only visitors should see until the app renders the viewer's own screen and drops the mark.
import { LOCAL_KEYS } from '../lib/browser-storage';

/** The class on <html> while a signed-in viewer's page still shows the server's markup. */
export const SIGNED_IN_CLASS = 'signed-in';

/** Marks what only a visitor sees (the way in, the sign-up pitch), for the CSS that hides it. */
export const VISITOR_ONLY = { 'data-visitor-only': '' } as const;

/**
 * The head's inline script: the same test as session.ts's readStoredUser (a stored user with a
 * token), written small and without the app's code. Allowed by its hash in the CSP (security.ts).
 */
export const SIGNED_IN_MARK_SCRIPT =
  `try{var u=JSON.parse(localStorage.getItem(${JSON.stringify(LOCAL_KEYS.user)}));` +
  `if(u&&typeof u.tokenvalue=="string"&&u.tokenvalue)document.documentElement.classList.add("${SIGNED_IN_CLASS}")}catch(e){}`;

/** Once the app has rendered its own screen, the mark must go: a later sign-out shows the way in again. */
export function dropSignedInMark(): void {
  document.documentElement.classList.remove(SIGNED_IN_CLASS);
}
