// /giveaway-terms/{id}: the official rules of one giveaway: who runs it, its entry period (Los
// Angeles time) and the rules every giveaway shares.
import { Link } from 'react-router';
import type { EventRecord } from '../../../shared/contract/events';
import { useBrand } from '../../shell/site-config';
import { EventById } from '../events/event-by-id';
import { showTime } from '../events/event-time';
import { GiveawayRules } from './giveaway-rules';
import { isGiveaway } from './giveaway-view';

function Terms({ giveaway }: { giveaway: EventRecord }) {
  const brand = useBrand();
  return (
    <article className="mx-auto flex max-w-[70ch] flex-col gap-6 px-4 py-10 sm:py-14">
      <header className="flex flex-col gap-2">
        <p className="text-sm font-black tracking-widest text-secondary uppercase">Official rules</p>
        <h1 className="text-3xl leading-tight font-black text-ink sm:text-4xl">{giveaway.title}</h1>
      </header>
      <dl className="grid gap-3 rounded-xl bg-white p-5 ring-1 ring-line sm:grid-cols-[auto_1fr] sm:gap-x-6">
        <dt className="font-bold text-muted">Run by</dt>
        <dd className="text-ink">{brand}</dd>
        <dt className="font-bold text-muted">Opens</dt>
        <dd className="text-ink">
          <time dateTime={giveaway.cust_start}>{showTime(giveaway.cust_start)}</time>
        </dd>
        <dt className="font-bold text-muted">Closes and winner drawn</dt>
        <dd className="text-ink">
          <time dateTime={giveaway.cust_end}>{showTime(giveaway.cust_end)}</time>
        </dd>
      </dl>
      <GiveawayRules />
      <p className="text-muted">
        Questions about this giveaway? Read the{' '}
        <Link to="/faq" className="font-bold text-primary underline underline-offset-4">
          Coupons &amp; Giveaway FAQ
        </Link>{' '}
        or{' '}
        <Link to="/contact-us" className="font-bold text-primary underline underline-offset-4">
          contact us
        </Link>
        .
      </p>
      <Link to={`/giveaway/${giveaway.id}`} className="self-start font-bold text-primary underline underline-offset-4">
        Back to the giveaway
      </Link>
    </article>
  );
}

export default function GiveawayTermsPage() {
  return (
    <EventById noun="giveaway" accepts={isGiveaway} listPath="/giveaways" listLabel="See all giveaways">
      {(giveaway) => <Terms giveaway={giveaway} />}
    </EventById>
  );
}
