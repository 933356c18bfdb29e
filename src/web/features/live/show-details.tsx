// A show's details beside its video (live page, replay page): what it is, when it runs (Los Angeles
// time), its description and its countdown (to the end while live; EXPIRED once it has aired).
import type { ReactNode } from 'react';
import type { EventRecord } from '../../../shared/contract/events';
import { CdnImage } from '../../ui/cdn-image';
import { Countdown } from '../../ui/countdown';
import { EventStatusBadge } from '../events/event-card';
import { eventCountdown, showTime } from '../events/event-time';

type ShowDetailsProps = {
  show: EventRecord;
  eyebrow: string;
  headingLevel?: 1 | 2;
  onCountdownEnd?: () => void;
  children?: ReactNode;
};

export function ShowDetails({ show, eyebrow, headingLevel = 1, onCountdownEnd, children }: ShowDetailsProps) {
  const countdown = eventCountdown(show);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="grid gap-5 md:grid-cols-[minmax(0,1fr)_auto] md:items-start md:gap-8">
      <div className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <EventStatusBadge status={show.status} />
          <p className="text-sm font-black tracking-widest text-secondary uppercase">{eyebrow}</p>
        </div>
        <Heading className="text-2xl leading-tight font-black text-ink sm:text-3xl">{show.title}</Heading>
        <p className="font-bold text-muted">
          <time dateTime={show.cust_start}>{showTime(show.cust_start)}</time> to{' '}
          <time dateTime={show.cust_end}>{showTime(show.cust_end)}</time>
        </p>
        {show.description && <p className="text-lg whitespace-pre-line text-ink">{show.description}</p>}
        {children}
      </div>
      <div className="flex flex-col gap-1 rounded-xl bg-white p-4 ring-1 ring-line">
        {show.image && (
          <CdnImage
            src={show.image}
            alt=""
            sizes="(min-width: 768px) 240px, 100vw"
            loading="lazy"
            className="mb-3 aspect-video w-full rounded-lg object-cover md:w-60"
          />
        )}
        {show.status !== 'past' && (
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
    </section>
  );
}
