// /rewards: how viewers earn rewards and the coupon rules (spec §1, §9), with what to do now:
// log in, add a birthday and anniversary for their coupons, or catch the next show.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useBrand } from '../../shell/site-config';
import { buttonStyles } from '../../ui/button';
import { useAuth } from '../auth/auth-store';
import { loginPathFor } from '../auth/redirect';
import { showTime } from '../events/event-time';
import { eventListQuery } from '../events/queries';

const WAYS = [
  { title: 'Watch live shows', text: 'Watching our shows while they are on air earns you reward points.' },
  {
    title: 'RSVP and spin',
    text: 'RSVP to upcoming shows and special events, and try spin-to-win when it is offered for your RSVP or giveaway entry.',
  },
  {
    title: 'Birthday and anniversary',
    text: 'Add both dates to your profile to receive your birthday and anniversary coupons.',
  },
];

const COUPON_RULES = [
  'A coupon is valid for two weeks unless it says otherwise.',
  'There is no minimum purchase unless the coupon says so.',
  'Coupons cannot be combined with each other.',
  'Birthday coupons apply to show jewelry only, not to auctions or loose gems.',
  'Prices are in US dollars and offers are valid in the US only.',
];

function NextShow() {
  const { data } = useQuery(eventListQuery('show', 'upcoming', 1));
  const show = data?.[0];
  if (!show) return null;
  return (
    <p className="text-muted">
      Next show: <span className="font-bold text-ink">{show.title}</span>,{' '}
      <time dateTime={show.cust_start}>{showTime(show.cust_start)}</time>.
    </p>
  );
}

export default function RewardsPage() {
  const { user } = useAuth();
  const brand = useBrand();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-8 sm:py-12">
      <header className="flex max-w-3xl flex-col gap-3">
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Rewards</h1>
        <p className="text-lg text-muted">
          {brand} viewers earn rewards for taking part: watching shows, RSVPing, and spinning to win. Rewards are tied
          to your account, so log in to collect them.
        </p>
        <div className="flex flex-wrap gap-2">
          {user ? (
            <Link to="/profile" className={buttonStyles('primary')}>
              Add your birthday and anniversary
            </Link>
          ) : (
            <>
              <Link to={loginPathFor('/rewards')} className={buttonStyles('primary')}>
                Log in to collect rewards
              </Link>
              <Link to="/register" className={buttonStyles('outline')}>
                Create an account
              </Link>
            </>
          )}
        </div>
        <NextShow />
      </header>
      <section aria-labelledby="ways-heading">
        <h2 id="ways-heading" className="text-2xl font-black text-ink">
          Ways to earn
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {WAYS.map((way) => (
            <li key={way.title} className="rounded-xl border border-line bg-white p-5">
              <h3 className="text-lg font-black text-primary">{way.title}</h3>
              <p className="mt-2 text-muted">{way.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="coupons-heading" className="max-w-3xl">
        <h2 id="coupons-heading" className="text-2xl font-black text-ink">
          Coupon rules
        </h2>
        <ul className="mt-4 flex list-disc flex-col gap-2 pl-5 text-ink marker:text-secondary">
          {COUPON_RULES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        <p className="mt-4 text-muted">
          More answers in the{' '}
          <Link to="/faq" className="font-bold text-primary underline underline-offset-4">
            Coupons &amp; Giveaway FAQ
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
