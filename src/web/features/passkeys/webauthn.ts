// The browser side of passkeys (decision 087): @simplewebauthn/browser is loaded only when a
// passkey is used, so no viewer page's first load grows, and the browser's failures are said in
// Gemcast's words.
import { ApiError } from '../../api/client';

/** The words the passkey screens say when the browser, not the server, stops. */
export const PASSKEY_BROWSER_MESSAGES = {
  cancelled: 'Passkey cancelled. Try again, or log in with an e-mailed code.',
  notSupported: 'This browser cannot use passkeys. Log in with an e-mailed code instead.',
  alreadyOnDevice: 'This device already holds a passkey for your account.',
  failed: 'Your passkey did not answer. Try again, or log in with an e-mailed code.',
} as const;

export const loadWebAuthn = () => import('@simplewebauthn/browser');

/** Whether the failure was our own abort (a new ceremony, or the person left): nothing to say. */
export function isAborted(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** A passkey failure in Gemcast's words: the server's message, or what the browser's error means. */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (!(error instanceof Error)) return PASSKEY_BROWSER_MESSAGES.failed;
  const code = 'code' in error ? error.code : undefined;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return PASSKEY_BROWSER_MESSAGES.alreadyOnDevice;
  if (error.name === 'NotAllowedError' || error.name === 'AbortError') return PASSKEY_BROWSER_MESSAGES.cancelled;
  if (error.name === 'NotSupportedError' || /WebAuthn is not supported|does not support WebAuthn/i.test(error.message))
    return PASSKEY_BROWSER_MESSAGES.notSupported;
  return PASSKEY_BROWSER_MESSAGES.failed;
}
