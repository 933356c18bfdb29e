// One event at the top of its own page: picture, status, title, when it runs (Los Angeles time),
// the description and its countdown. Pages add their own sections below it.
import type { ReactNode } from 'react';
import type { EventRecord } from '../../../shared/contract/events';
import { CdnImage } from '../../ui/cdn-image';
import { Countdown } from '../../ui/countdown';
import { EventStatusBadge } from './event-card';
import { eventCountdown, showTime } from './event-time';

type EventDetailProps = {
  event: EventRecord;
  /** A line above the title: 'Giveaway', 'Past show'. */
  eyebrow: string;
  /** h1 when the event is the page's subject, h2 under a page's own heading. */
  headingLevel?: 1 | 2;
  /** Called when the countdown reaches zero, to load the event's new state. */
  onCountdownEnd?: () => void;
  children?: ReactNode;
};

export function EventDetail({ event, eyebrow, headingLevel = 1, onCountdownEnd, children }: EventDetailProps) {
  const countdown = eventCountdown(event);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:py-12 md:grid-cols-2 md:gap-10">
      <div className="relative self-start overflow-hidden rounded-xl border border-line bg-white">
        <CdnImage
          src={event.image}
          alt={event.title}
          sizes="(min-width: 1152px) 544px, (min-width: 768px) 50vw, 100vw"
          fetchPriority="high"
          className="aspect-video w-full object-cover"
        />
        <EventStatusBadge status={event.status} className="absolute top-3 left-3" />
      </div>
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <p className="text-sm font-black tracking-widest text-secondary uppercase">{eyebrow}</p>
          <Heading className="text-3xl leading-tight font-black text-ink sm:text-4xl">{event.title}</Heading>
          <p className="font-bold text-muted">
            <time dateTime={event.cust_start}>{showTime(event.cust_start)}</time> to{' '}
            <time dateTime={event.cust_end}>{showTime(event.cust_end)}</time>
          </p>
        </div>
        {event.description && <p className="text-lg whitespace-pre-line text-ink">{event.description}</p>}
        <div className="flex flex-col gap-1 rounded-xl bg-white p-4 ring-1 ring-line">
          {event.status !== 'past' && (
            <span className="text-xs font-bold tracking-wider text-muted uppercase">{countdown.label}</span>
          )}
          <Countdown
            target={countdown.target}
            kind={countdown.kind}
            label={countdown.label}
            onExpire={onCountdownEnd}
            className="text-2xl text-primary"
          />
        </div>
        {children}
      </div>
    </article>
  );
}
