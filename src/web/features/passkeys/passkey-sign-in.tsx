// Signing in with a passkey on the login screens: a "Sign in with a passkey" button, and the
// browser's autofill offering passkeys in the e-mail field (conditional mediation), which stops
// when the person types a password or leaves the screen.
import { useCallback, useEffect, useRef, useState } from 'react';
import { passkeyCalls } from '../../../shared/contract/passkeys';
import { apiCall, recordOf } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { useAuth } from '../auth/auth-store';
import { useAuthActions } from '../auth/use-auth-actions';
import { isAborted, loadWebAuthn, passkeyErrorMessage } from './webauthn';

/** What the e-mail field's autocomplete says so the browser offers passkeys in it. */
export const PASSKEY_AUTOCOMPLETE = 'username webauthn';

/** Stops whatever passkey prompt this page started (autofill included). */
async function cancelPasskeyPrompt() {
  const { WebAuthnAbortService } = await loadWebAuthn();
  WebAuthnAbortService.cancelCeremony();
}

/**
 * Offers the account's passkeys in the autofill of the field marked PASSKEY_AUTOCOMPLETE while the
 * screen is shown. Answers `stop`, for when the person chooses a password instead.
 */
export function usePasskeyAutofill(): { stop: () => void } {
  const { loginWithPasskey } = useAuthActions();
  const isRunning = useRef(false);

  useEffect(() => {
    let isLeft = false;
    async function offer() {
      const { browserSupportsWebAuthnAutofill, startAuthentication } = await loadWebAuthn();
      if (isLeft || !(await browserSupportsWebAuthnAutofill())) return;
      const optionsJSON = recordOf(await apiCall(passkeyCalls.loginOptions));
      if (isLeft) return;
      isRunning.current = true;
      const credential = await startAuthentication({ optionsJSON, useBrowserAutofill: true });
      isRunning.current = false;
      await loginWithPasskey(credential);
    }
    // Autofill is a convenience: when it cannot run, or is stopped, the form works as it did.
    offer().catch(() => {
      isRunning.current = false;
    });
    return () => {
      isLeft = true;
      if (isRunning.current) void cancelPasskeyPrompt();
    };
  }, [loginWithPasskey]);

  const stop = useCallback(() => {
    if (!isRunning.current) return;
    isRunning.current = false;
    void cancelPasskeyPrompt();
  }, []);
  return { stop };
}

export function PasskeySignInButton() {
  const { loading } = useAuth();
  const { loginWithPasskey, clear } = useAuthActions();
  const [isAsking, setIsAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function handleClick() {
    setProblem(null);
    clear();
    setIsAsking(true);
    try {
      const { browserSupportsWebAuthn, startAuthentication } = await loadWebAuthn();
      if (!browserSupportsWebAuthn()) throw new Error('WebAuthn is not supported in this browser');
      const optionsJSON = recordOf(await apiCall(passkeyCalls.loginOptions));
      const credential = await startAuthentication({ optionsJSON });
      // A refusal from the server is shown by the login screen's own message.
      await loginWithPasskey(credential);
    } catch (error) {
      if (!isAborted(error)) setProblem(passkeyErrorMessage(error));
    } finally {
      setIsAsking(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Button variant="outline" isBusy={isAsking || loading} onClick={() => void handleClick()}>
        <svg
          viewBox="0 0 24 24"
          className="size-5"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="9" cy="8" r="4" />
          <path d="M2 21v-1a6 6 0 0 1 9.5-4.9" strokeLinecap="round" />
          <circle cx="18" cy="14" r="2.5" />
          <path d="M18 16.5V22m0-2h2" strokeLinecap="round" />
        </svg>
        Sign in with a passkey
      </Button>
      {problem && <Alert tone="error">{problem}</Alert>}
    </div>
  );
}
