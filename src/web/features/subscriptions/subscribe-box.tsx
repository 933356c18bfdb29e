// The footer's subscribe box (decision 072): a visitor leaves an address and ticks the newsletter,
// show alerts or both, next to the very words the consent record keeps; nothing is sent until they
// confirm from the e-mail. A logged-in viewer sees their status and a link to manage it.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CONSENT_VERSION, consentText, type ConsentPurpose } from '../../../shared/consent-texts';
import type { SubscriptionStatus } from '../../../shared/contract/subscriptions';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useAuth } from '../auth/auth-store';
import { subscriptionStatusQuery, useSubscribeMutation } from './status';

const CHOICES: { purpose: ConsentPurpose; title: string }[] = [
  { purpose: 'newsletter', title: 'Newsletter' },
  { purpose: 'show_alerts', title: 'Show alerts' },
];

const linkStyles = 'inline-flex min-h-11 items-center font-bold text-primary underline underline-offset-4';

export function stateWords(state: SubscriptionStatus['newsletter']): string {
  if (state === 'confirmed') return 'on';
  if (state === 'pending') return 'waiting for you to confirm from the e-mail';
  return 'off';
}

function ViewerStatus({ userId }: { userId: number }) {
  const status = useQuery(subscriptionStatusQuery(userId));
  const data = status.data;
  return (
    <div className="flex flex-col gap-1">
      {data ? (
        <ul className="text-sm text-muted">
          <li>Newsletter: {stateWords(data.newsletter)}</li>
          <li>Alerts for every show: {stateWords(data.show_alerts)}</li>
          {data.shows.length > 0 && (
            <li>Alerts for {data.shows.length === 1 ? 'one show' : `${data.shows.length} shows`}</li>
          )}
        </ul>
      ) : (
        <p className="text-sm text-muted">
          {status.isError ? 'Your subscriptions could not be loaded.' : 'Loading your subscriptions…'}
        </p>
      )}
      <Link to="/subscriptions" className={linkStyles}>
        Manage subscriptions
      </Link>
    </div>
  );
}

function VisitorForm() {
  const [email, setEmail] = useState('');
  const [chosen, setChosen] = useState<ConsentPurpose[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const subscribe = useSubscribeMutation(null);

  function toggle(purpose: ConsentPurpose, on: boolean) {
    setChosen((list) => (on ? [...list, purpose] : list.filter((p) => p !== purpose)));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen.length) {
      setProblem('Choose the newsletter, show alerts or both.');
      return;
    }
    setProblem(null);
    subscribe.mutate({ email, purposes: chosen, consent_version: CONSENT_VERSION });
  }

  if (subscribe.isSuccess) return <Alert tone="success">{subscribe.data}</Alert>;
  const error = problem ?? (subscribe.isError ? errorMessage(subscribe.error) : null);
  return (
    <form className="flex flex-col gap-3" onSubmit={handleSubmit} noValidate>
      <TextField
        label="Your e-mail"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-bold text-ink">What would you like?</legend>
        {CHOICES.map((choice) => (
          <label key={choice.purpose} className="flex min-h-11 items-start gap-3 text-sm text-ink">
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-primary"
              checked={chosen.includes(choice.purpose)}
              onChange={(event) => toggle(choice.purpose, event.target.checked)}
            />
            <span>
              <span className="font-bold">{choice.title}.</span> {consentText(CONSENT_VERSION, choice.purpose)}
            </span>
          </label>
        ))}
      </fieldset>
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" isBusy={subscribe.isPending} className="self-start">
        Subscribe
      </Button>
      <p className="text-xs text-muted">We will e-mail you a link to confirm. Nothing else arrives until you do.</p>
    </form>
  );
}

export function SubscribeBox() {
  const { user } = useAuth();
  return (
    <section className="flex max-w-md flex-col gap-3" aria-labelledby="subscribe-box-title">
      <h2 id="subscribe-box-title" className="text-lg font-black text-ink">
        Stay in the loop
      </h2>
      {user ? <ViewerStatus userId={user.id} /> : <VisitorForm />}
    </section>
  );
}
