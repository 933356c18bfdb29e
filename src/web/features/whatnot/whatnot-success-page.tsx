// /whatnot/success: where viewers land when they come back from Whatnot: a welcome, and what
// they can do here; after a Whatnot giveaway entry (?giveaway=ID), that they are in.
import { Link, useSearchParams } from 'react-router';
import { useBrand } from '../../shell/site-config';
import { buttonStyles } from '../../ui/button';
import { useAuth } from '../auth/auth-store';

export default function WhatnotSuccessPage() {
  const brand = useBrand();
  const { user } = useAuth();
  // Set after a Whatnot entry (/whatnot/success?giveaway=ID).
  const giveaway = useSearchParams()[0].get('giveaway');
  const enteredId = giveaway && /^\d+$/.test(giveaway) ? giveaway : null;
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-start gap-5 px-4 py-12 sm:py-16">
      <p className="text-sm font-black tracking-widest text-secondary uppercase">Welcome from Whatnot</p>
      <h1 className="text-3xl leading-tight font-black text-ink sm:text-4xl">Thanks for joining us from Whatnot</h1>
      {enteredId && (
        <p role="status" className="rounded-xl bg-success-soft p-4 text-lg font-black text-success">
          You&apos;re in the giveaway with your Whatnot username. If you win, the host names you on the show and you
          have 5 minutes to message us.{' '}
          <Link to={`/giveaway/${enteredId}`} className="underline underline-offset-4">
            See your entries
          </Link>
        </p>
      )}
      <p className="text-lg text-ink">
        On {brand} you can watch every live show, enter the giveaway that comes with each one and collect rewards for
        taking part.
      </p>
      <div className="flex flex-wrap gap-2">
        {user ? (
          <Link to="/home" className={buttonStyles('primary')}>
            See upcoming shows
          </Link>
        ) : (
          <>
            <Link to="/register" className={buttonStyles('primary')}>
              Create your account
            </Link>
            <Link to="/login" className={buttonStyles('outline')}>
              Log in
            </Link>
          </>
        )}
        <Link to="/whatnot" className={buttonStyles('ghost')}>
          Our shows on Whatnot
        </Link>
      </div>
    </section>
  );
}
