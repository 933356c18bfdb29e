// The profile's Passkeys card: add a passkey on this device (with an optional name), see each
// passkey with when it was added and last used, and remove one after confirming.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PASSKEY_NAME_MAX, type Passkey } from '../../../shared/contract/passkeys';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { useAddPasskeyMutation, usePasskeysQuery, useRemovePasskeyMutation } from './queries';
import { isAborted, passkeyErrorMessage } from './webauthn';

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const when = (iso: string) => dayFormat.format(new Date(iso));

type Note = { tone: 'error' | 'success'; text: string };

function PasskeyRow({ passkey, onRemoved }: { passkey: Passkey; onRemoved: (note: Note) => void }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const remove = useRemovePasskeyMutation();
  const nameId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);

  // The Remove button gives way to the question: the keyboard goes with it, to the safe answer.
  useEffect(() => {
    if (isConfirming) keepRef.current?.focus();
  }, [isConfirming]);

  function handleRemove() {
    remove.mutate(passkey.id, {
      onSuccess: (answer) => onRemoved({ tone: 'success', text: answer.message }),
      onError: (error) => onRemoved({ tone: 'error', text: errorMessage(error) }),
    });
  }

  return (
    <li className="flex flex-col gap-2 border-t border-line py-3 first:border-t-0" aria-labelledby={nameId}>
      <p id={nameId} className="font-bold break-words text-ink">
        {passkey.name}
      </p>
      <p className="text-sm text-muted">
        Added {when(passkey.created_at)} ·{' '}
        {passkey.last_used_at ? `last used ${when(passkey.last_used_at)}` : 'not used yet'}
        {passkey.backed_up && ' · synced to your other devices'}
      </p>
      {isConfirming ? (
        <div className="flex flex-col gap-2 rounded-lg bg-danger-soft p-3" role="group" aria-label="Confirm removal">
          <p className="text-sm font-bold text-ink">
            Remove “{passkey.name}”? You will not be able to sign in with it any more.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" isBusy={remove.isPending} onClick={handleRemove}>
              Yes, remove it
            </Button>
            <Button ref={keepRef} size="sm" variant="ghost" onClick={() => setIsConfirming(false)}>
              Keep it
            </Button>
          </div>
        </div>
      ) : (
        <Button
          size="sm"
          variant="outline"
          className="self-start"
          aria-label={`Remove passkey ${passkey.name}`}
          onClick={() => setIsConfirming(true)}
        >
          Remove
        </Button>
      )}
    </li>
  );
}

export function PasskeysSection() {
  const headingId = useId();
  const passkeys = usePasskeysQuery();
  const add = useAddPasskeyMutation();
  const [name, setName] = useState('');
  const [note, setNote] = useState<Note | null>(null);

  function handleAdd(event: FormEvent) {
    event.preventDefault();
    setNote(null);
    add.mutate(name.trim() || undefined, {
      onSuccess: (answer) => {
        setName('');
        setNote({ tone: 'success', text: answer.message });
      },
      onError: (error) => {
        if (!isAborted(error)) setNote({ tone: 'error', text: passkeyErrorMessage(error) });
      },
    });
  }

  const list = passkeys.data ?? [];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl border border-line bg-white p-5">
      <h2 id={headingId} className="text-lg font-black text-ink">
        Passkeys
      </h2>
      <p className="text-muted">
        Sign in with your fingerprint, face or screen lock instead of waiting for an e-mailed code.
      </p>
      {passkeys.isPending && <Spinner className="size-6 text-primary" label="Loading your passkeys" />}
      {passkeys.isError && <Alert tone="error">{errorMessage(passkeys.error)}</Alert>}
      {passkeys.isSuccess &&
        (list.length > 0 ? (
          <ul aria-label="Your passkeys" className="flex flex-col">
            {list.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onRemoved={setNote} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">You have no passkeys yet.</p>
        ))}
      <form onSubmit={handleAdd} className="flex flex-col gap-3" noValidate>
        <TextField
          label="Name for a new passkey"
          labelNote="(optional)"
          hint="Such as “My phone”. We name it after this browser if you leave it blank."
          maxLength={PASSKEY_NAME_MAX}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" variant="secondary" isBusy={add.isPending}>
          Add a passkey
        </Button>
      </form>
      {note && <Alert tone={note.tone}>{note.text}</Alert>}
    </section>
  );
}
