// Entering the open giveaway from Whatnot (decision 028): a viewer who came from a show on Whatnot
// enters with their Gemcast account plus their Whatnot username, so the host can call the winner
// out on Whatnot too. The entry is the same one-per-viewer entry as on the site (entry_from
// 'whatnot'); a second try lands on 'already participated'.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { EventRecord } from '../../../shared/contract/events';
import type { AuthedUser } from '../../../shared/contract/user';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button, buttonStyles } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useAuth } from '../auth/auth-store';
import { loginPathFor } from '../auth/redirect';
import { eventListQuery } from '../events/queries';
import { isAlreadyEntered, useEnterMutation } from '../giveaways/queries';

const openGiveaway = eventListQuery('giveaway', 'live', 1);
const USERNAME = /^[A-Za-z0-9_.-]{2,30}$/;

function EnterForm({ user, giveaway }: { user: AuthedUser; giveaway: EventRecord }) {
  const navigate = useNavigate();
  const enter = useEnterMutation(user.id, giveaway.id, 'whatnot');
  const [username, setUsername] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const name = username.trim().replace(/^@/, '');
    if (!USERNAME.test(name)) {
      setProblem('Enter your Whatnot username: 2 to 30 letters, digits, dots, dashes or underscores.');
      return;
    }
    setProblem(null);
    enter.mutate(
      { whatnot_username: name },
      {
        onSuccess: () => void navigate(`/whatnot/success?giveaway=${giveaway.id}`),
        onError: (error) => {
          if (isAlreadyEntered(error)) void navigate(`/giveaway/already-participated/${giveaway.id}`);
        },
      },
    );
  }

  const failure = enter.isError && !isAlreadyEntered(enter.error) ? errorMessage(enter.error) : null;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <TextField
        label="Your Whatnot username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={problem ?? undefined}
        autoComplete="off"
        hint="So the host can name you on Whatnot if you win."
      />
      <Button type="submit" isBusy={enter.isPending} className="self-start">
        Enter {giveaway.title}
      </Button>
      {failure && <Alert tone="error">{failure}</Alert>}
    </form>
  );
}

export function WhatnotEntry() {
  const { user } = useAuth();
  const { data, isPending, isError } = useQuery(openGiveaway);
  const giveaway = data?.[0];
  return (
    <section
      aria-labelledby="whatnot-entry-heading"
      className="flex max-w-2xl flex-col gap-4 rounded-xl bg-white p-5 ring-1 ring-line"
    >
      <h2 id="whatnot-entry-heading" className="text-2xl font-black text-ink">
        Watching on Whatnot? Enter today&apos;s giveaway
      </h2>
      {isPending ? (
        <p className="text-muted">Looking for the open giveaway…</p>
      ) : isError ? (
        <Alert tone="error">We could not check for an open giveaway just now. Please try again.</Alert>
      ) : !giveaway ? (
        <p className="text-ink">
          No giveaway is open right now. Each live show comes with one; come back while the show is on.
        </p>
      ) : !user ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-ink">
            <span className="font-bold">{giveaway.title}</span> is open. Entering needs a free account; log in or create
            one, and you come straight back here.
          </p>
          <div className="flex flex-wrap gap-2">
            <Link to={loginPathFor('/whatnot')} className={buttonStyles('primary')}>
              Log in to enter
            </Link>
            <Link to={`/register?redirectTo=${encodeURIComponent('/whatnot')}`} className={buttonStyles('outline')}>
              Create an account
            </Link>
          </div>
        </div>
      ) : (
        <>
          <p className="text-ink">
            <span className="font-bold">{giveaway.title}</span> is open. One entry per viewer, the same as on our site.{' '}
            <Link to={`/giveaway/${giveaway.id}`} className="font-bold text-primary underline underline-offset-4">
              Giveaway details
            </Link>
          </p>
          <EnterForm key={user.id} user={user} giveaway={giveaway} />
        </>
      )}
    </section>
  );
}
