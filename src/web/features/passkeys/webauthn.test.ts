import { describe, expect, it } from 'vitest';
import { STATUS } from '../../../shared/contract/status';
import { PASSKEY_MESSAGES } from '../../../shared/contract/passkeys';
import { ApiError } from '../../api/client';
import { PASSKEY_BROWSER_MESSAGES, isAborted, passkeyErrorMessage } from './webauthn';

/** An error as @simplewebauthn/browser raises it: the DOM error's name, and a code when it knows more. */
function browserError(name: string, code?: string, message = 'browser said no') {
  return Object.assign(new Error(message), { name, ...(code ? { code } : {}) });
}

describe('passkeyErrorMessage', () => {
  it('says the server’s own words for a refused call', () => {
    const refused = new ApiError(PASSKEY_MESSAGES.notRecognised, 401, STATUS.error);
    expect(passkeyErrorMessage(refused)).toBe(PASSKEY_MESSAGES.notRecognised);
  });

  it('names a cancelled prompt, a device that already has one, and a browser without passkeys', () => {
    expect(passkeyErrorMessage(browserError('NotAllowedError'))).toBe(PASSKEY_BROWSER_MESSAGES.cancelled);
    expect(passkeyErrorMessage(browserError('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'))).toBe(
      PASSKEY_BROWSER_MESSAGES.alreadyOnDevice,
    );
    expect(passkeyErrorMessage(new Error('WebAuthn is not supported in this browser'))).toBe(
      PASSKEY_BROWSER_MESSAGES.notSupported,
    );
    expect(passkeyErrorMessage(browserError('UnknownError'))).toBe(PASSKEY_BROWSER_MESSAGES.failed);
    expect(passkeyErrorMessage('nonsense')).toBe(PASSKEY_BROWSER_MESSAGES.failed);
  });

  it('tells our own abort (a new prompt, or leaving the screen) from a failure', () => {
    expect(isAborted(browserError('AbortError', 'ERROR_CEREMONY_ABORTED'))).toBe(true);
    expect(isAborted(browserError('NotAllowedError'))).toBe(false);
  });
});
