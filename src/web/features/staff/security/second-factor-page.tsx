// /staff/second-factor: a staff session passes its second factor here before any staff screen
// (decision 086). First time: set up an authenticator app from a QR code (or its key typed in),
// confirm with a code and save the 10 recovery codes. Later: a code, or a recovery code. A locked
// factor says whom to ask. Then on to ?next=.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { STAFF_SESSION_HOURS, NEXT_QUERY, secondFactorFresh } from '../../../../shared/second-factor';
import type { EnrolStart } from '../../../../shared/contract/staff-security';
import { ApiError, errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { CopyButton } from '../../../ui/copy-button';
import { safeRedirect } from '../../auth/redirect';
import { LoadState } from '../load-state';
import { PasskeyConfirmButton } from '../../passkeys/passkey-confirm-button';
import { CodeField } from './code-field';
import { secondFactorStatusQuery, useConfirmMutation, useEnrolMutation, useVerifyMutation } from './queries';

const AFTER = '/staff';

function svgSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The key in groups of four, as authenticator apps show it. */
function grouped(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-1">
        <p className="text-sm font-black tracking-widest text-secondary uppercase">Staff sign-in</p>
        <h1 className="text-3xl font-black text-ink sm:text-4xl">{title}</h1>
      </div>
      {children}
    </div>
  );
}

function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Gemcast staff recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'gemcast-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Shell title="Save your recovery codes">
      <Alert tone="success">Your authenticator app is set up.</Alert>
      <p className="text-lg text-muted">
        If you lose your phone, each of these codes lets you in once. Keep them somewhere safe, like a password manager.
        We show them only now.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-xl border border-line bg-white p-4">
        {codes.map((code) => (
          <li key={code} className="font-mono text-lg font-bold tracking-wider text-ink">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <CopyButton text={text} label="Copy the codes" />
        <Button variant="outline" onClick={download}>
          Download as a file
        </Button>
      </div>
      <Button onClick={onDone}>I have saved them, continue</Button>
    </Shell>
  );
}

/** A passkey on this device is a second factor too (decision 087): it confirms the session at once. */
function PasskeyOption({ intro, onVerified }: { intro: string; onVerified: () => void }) {
  return (
    <div className="flex flex-col gap-2 border-t border-line pt-4">
      <p className="text-sm font-bold text-ink">{intro}</p>
      <PasskeyConfirmButton onConfirmed={onVerified} label="Confirm with a passkey" />
    </div>
  );
}

function EnrolStep({ onConfirmed, onPasskey }: { onConfirmed: (codes: string[]) => void; onPasskey: () => void }) {
  const enrol = useEnrolMutation();
  const confirm = useConfirmMutation();
  const [started, setStarted] = useState<EnrolStart | null>(null);
  const [code, setCode] = useState('');
  const fieldError =
    confirm.error instanceof ApiError && confirm.error.isBadRequest ? confirm.error.message : undefined;

  async function handleStart() {
    setStarted(await enrol.mutateAsync());
  }
  async function handleConfirm(event: FormEvent) {
    event.preventDefault();
    const answer = await confirm.mutateAsync(code).catch(() => null);
    if (answer) onConfirmed(answer.recovery_codes);
  }

  return (
    <Shell title="Set up your authenticator app">
      <p className="text-lg text-muted">
        Staff tools need a second step after your password: a code from an authenticator app on your phone (Google
        Authenticator, Microsoft Authenticator, 1Password or similar).
      </p>
      {!started && (
        <>
          {enrol.error && <Alert tone="error">{errorMessage(enrol.error)}</Alert>}
          <Button onClick={() => void handleStart().catch(() => undefined)} isBusy={enrol.isPending}>
            Show my QR code
          </Button>
        </>
      )}
      {started && (
        <>
          <ol className="flex list-decimal flex-col gap-2 pl-5 text-ink">
            <li>In your app, add an account and scan this QR code.</li>
            <li>Enter the 6-digit code the app shows for Gemcast.</li>
          </ol>
          <img
            src={svgSource(started.qr_svg)}
            alt="QR code to add Gemcast to your authenticator app"
            className="mx-auto size-56 rounded-lg border border-line bg-white p-2"
          />
          <div className="flex flex-col gap-2">
            <p className="text-sm font-bold text-ink">Cannot scan? Type this key into the app instead:</p>
            <p data-testid="totp-secret" className="font-mono text-lg font-bold tracking-wider break-all text-ink">
              {grouped(started.secret)}
            </p>
            <CopyButton text={started.secret} label="Copy the key" />
          </div>
          <form onSubmit={(event) => void handleConfirm(event)} className="flex flex-col gap-4" noValidate>
            <CodeField isRecovery={false} value={code} onChange={setCode} error={fieldError} />
            {confirm.error && !fieldError && <Alert tone="error">{errorMessage(confirm.error)}</Alert>}
            <Button type="submit" isBusy={confirm.isPending}>
              Confirm
            </Button>
          </form>
        </>
      )}
      <PasskeyOption intro="Added a passkey to your Gemcast account? You can use it instead." onVerified={onPasskey} />
    </Shell>
  );
}

/** The verify form, on this page and in the step-up dialog. */
export function VerifyForm({ onVerified, onLocked }: { onVerified: () => void; onLocked: () => void }) {
  const verify = useVerifyMutation();
  const [isRecovery, setIsRecovery] = useState(false);
  const [code, setCode] = useState('');
  const error = verify.error;
  const fieldError = error instanceof ApiError && error.isBadRequest ? error.message : undefined;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await verify.mutateAsync(code.trim());
      onVerified();
    } catch (failure) {
      if (failure instanceof ApiError && failure.httpStatus === 423) onLocked();
    }
  }
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4" noValidate>
        <CodeField isRecovery={isRecovery} value={code} onChange={setCode} error={fieldError} />
        {error && !fieldError && <Alert tone="error">{errorMessage(error)}</Alert>}
        <Button type="submit" isBusy={verify.isPending}>
          Confirm
        </Button>
        <button
          type="button"
          className="self-start font-bold text-primary underline underline-offset-4"
          onClick={() => {
            setIsRecovery(!isRecovery);
            setCode('');
            verify.reset();
          }}
        >
          {isRecovery ? 'Use the code from my app' : 'Use a recovery code'}
        </button>
      </form>
      <PasskeyOption intro="Or use a passkey on this device." onVerified={onVerified} />
    </div>
  );
}

function LockedStep() {
  return (
    <Shell title="Your second factor is locked">
      <Alert tone="error">After 5 wrong codes in a row, we locked your second factor to keep your account safe.</Alert>
      <p className="text-lg text-muted">
        Ask another staff member to reset it from your staff account page. Then sign in again and set up your
        authenticator app anew.
      </p>
    </Shell>
  );
}

export default function SecondFactorPage() {
  const [searchParams] = useSearchParams();
  const next = safeRedirect(searchParams.get(NEXT_QUERY) ?? AFTER);
  const navigate = useNavigate();
  const status = useQuery(secondFactorStatusQuery());
  const [codes, setCodes] = useState<string[] | null>(null);
  const goOn = () => void navigate(next, { replace: true });

  if (codes) return <RecoveryCodesStep codes={codes} onDone={goOn} />;
  if (!status.data)
    return (
      <Shell title="Confirm it is you">
        <LoadState
          error={status.error}
          isPending={status.isPending}
          onRetry={() => void status.refetch()}
          loadingLabel="Loading your second factor"
        />
      </Shell>
    );
  const state = status.data;
  if (secondFactorFresh(state.second_factor_at, Date.now(), STAFF_SESSION_HOURS * 60 * 60_000))
    return <Navigate to={next} replace />;
  if (state.locked) return <LockedStep />;
  if (!state.confirmed) return <EnrolStep onConfirmed={setCodes} onPasskey={goOn} />;
  return (
    <Shell title="Confirm it is you">
      <p className="text-lg text-muted">Enter the code your authenticator app shows for Gemcast.</p>
      <VerifyForm onVerified={goOn} onLocked={() => void status.refetch()} />
    </Shell>
  );
}
