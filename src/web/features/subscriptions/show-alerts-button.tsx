// "Get alerts for this show" on a show's page: subscribes the viewer's address (or, for a visitor,
// the address they type) to that show's alerts, next to the words the consent record keeps. The
// alert starts only once they confirm from the e-mail.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CONSENT_VERSION, consentText } from '../../../shared/consent-texts';
import type { EventRecord } from '../../../shared/contract/events';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useAuth } from '../auth/auth-store';
import { subscriptionStatusQuery, useSubscribeMutation } from './status';

const WORDS = consentText(CONSENT_VERSION, 'show_alerts', 'show');

function AlertsForm({ event, userId }: { event: EventRecord; userId: number | null }) {
  const [email, setEmail] = useState('');
  const subscribe = useSubscribeMutation(userId);

  function handleSubmit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    subscribe.mutate({
      ...(userId === null ? { email } : {}),
      purposes: ['show_alerts'],
      event_id: event.id,
      consent_version: CONSENT_VERSION,
    });
  }

  if (subscribe.isSuccess) return <Alert tone="success">{subscribe.data}</Alert>;
  return (
    <form className="flex flex-col gap-3" onSubmit={handleSubmit} noValidate>
      {userId === null && (
        <TextField
          label="Your e-mail"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(change) => setEmail(change.target.value)}
        />
      )}
      <p className="text-sm text-ink">{WORDS}</p>
      {subscribe.isError && <Alert tone="error">{errorMessage(subscribe.error)}</Alert>}
      <Button type="submit" variant="outline" className="self-start" isBusy={subscribe.isPending}>
        Get alerts for this show
      </Button>
    </form>
  );
}

function ViewerAlerts({ event, userId }: { event: EventRecord; userId: number }) {
  const status = useQuery(subscriptionStatusQuery(userId));
  const state = status.data?.shows.find((show) => show.event_id === event.id)?.state ?? null;
  if (state === null && status.data?.show_alerts === 'confirmed')
    return <p className="text-sm text-muted">You get alerts for every show, this one included.</p>;
  if (state === 'confirmed')
    return (
      <p className="text-sm text-muted">
        You will get an e-mail when this show is about to go live.{' '}
        <Link to="/subscriptions" className="font-bold text-primary underline">
          Manage subscriptions
        </Link>
      </p>
    );
  if (state === 'pending')
    return <Alert tone="info">Check your inbox: confirm from our e-mail and the alert is on.</Alert>;
  return <AlertsForm event={event} userId={userId} />;
}

/** Nothing for giveaways and past shows. */
export function ShowAlertsButton({ event }: { event: EventRecord }) {
  const { user } = useAuth();
  if (event.type === 'giveaway' || event.status === 'past') return null;
  return (
    <section className="flex flex-col gap-2 border-t border-line pt-4" aria-label="Show alerts">
      {user ? <ViewerAlerts event={event} userId={user.id} /> : <AlertsForm event={event} userId={null} />}
    </section>
  );
}
