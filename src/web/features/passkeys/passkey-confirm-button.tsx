// "Confirm it is you" with one of your passkeys, for the current session: the staff second factor
// and the step-up before a sensitive staff action (decision 087). The device must check it is the
// person (PIN, fingerprint or face); the server then marks this session's second factor.
import { useState } from 'react';
import { passkeyCalls } from '../../../shared/contract/passkeys';
import { apiCall, recordOf } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { isAborted, loadWebAuthn, passkeyErrorMessage } from './webauthn';

type PasskeyConfirmButtonProps = {
  /** Called once the server has marked the session; `secondFactorAt` is when. */
  onConfirmed: (secondFactorAt: string) => void;
  label?: string;
};

export function PasskeyConfirmButton({ onConfirmed, label = 'Confirm with a passkey' }: PasskeyConfirmButtonProps) {
  const [isAsking, setIsAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function handleClick() {
    setProblem(null);
    setIsAsking(true);
    try {
      const { browserSupportsWebAuthn, startAuthentication } = await loadWebAuthn();
      if (!browserSupportsWebAuthn()) throw new Error('WebAuthn is not supported in this browser');
      const optionsJSON = recordOf(await apiCall(passkeyCalls.confirmOptions));
      const credential = await startAuthentication({ optionsJSON });
      const confirmed = recordOf(await apiCall(passkeyCalls.confirm, { body: { credential } }));
      onConfirmed(confirmed.second_factor_at);
    } catch (error) {
      if (!isAborted(error)) setProblem(passkeyErrorMessage(error));
    } finally {
      setIsAsking(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <Button isBusy={isAsking} onClick={() => void handleClick()}>
        {label}
      </Button>
      {problem && <Alert tone="error">{problem}</Alert>}
    </div>
  );
}
