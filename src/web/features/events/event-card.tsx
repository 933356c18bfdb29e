// One show or giveaway in a list: picture, status, title, time (Los Angeles), a short description,
// its countdown and whatever actions the list offers. The title links to the event's page, and
// that one link covers the whole card (actions sit above it); its name is the title alone.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { EventRecord } from '../../../shared/contract/events';
import { CdnImage } from '../../ui/cdn-image';
import { Countdown } from '../../ui/countdown';
import { cx } from '../../ui/cx';
import { eventCountdown, showTime } from './event-time';

const BADGES: Record<EventRecord['status'], { text: string; styles: string }> = {
  live: { text: 'Live now', styles: 'bg-danger text-white' },
  upcoming: { text: 'Upcoming', styles: 'bg-secondary text-white' },
  past: { text: 'Ended', styles: 'bg-ink/80 text-white' },
};

type EventCardProps = {
  event: EventRecord;
  /** The event's own page, if it has one. */
  to?: string;
  headingLevel?: 2 | 3;
  /** Called when the countdown reaches zero, to refresh the list. */
  onCountdownEnd?: () => void;
  /** Called when the card's link is followed (for analytics). */
  onNavigate?: () => void;
  /** The first card a list shows loads its picture at once; the others when scrolled near. */
  isFirst?: boolean;
  children?: ReactNode;
};

/** The card's picture width at each layout: one column, then two (sm), then three (lg) in max-w-6xl. */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw';

export function EventStatusBadge({ status, className }: { status: EventRecord['status']; className?: string }) {
  const badge = BADGES[status];
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-black tracking-wider uppercase',
        badge.styles,
        className,
      )}
    >
      {badge.text}
    </span>
  );
}

export function EventCard({
  event,
  to,
  headingLevel = 3,
  onCountdownEnd,
  onNavigate,
  isFirst = false,
  children,
}: EventCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const countdown = eventCountdown(event);
  return (
    <article
      className={cx(
        'relative flex flex-col overflow-hidden rounded-xl border border-line bg-white shadow-sm',
        to && 'transition-shadow focus-within:ring-2 focus-within:ring-primary hover:shadow-md',
      )}
    >
      <div className="relative">
        <CdnImage
          src={event.image}
          alt=""
          loading={isFirst ? 'eager' : 'lazy'}
          fetchPriority={isFirst ? 'high' : undefined}
          decoding="async"
          sizes={CARD_IMAGE_SIZES}
          className="aspect-video w-full object-cover"
        />
        <EventStatusBadge status={event.status} className="absolute top-3 left-3" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <Heading className="text-lg leading-snug font-black text-ink">
            {to ? (
              <Link
                to={to}
                onClick={onNavigate}
                className="rounded-sm outline-none after:absolute after:inset-0 after:content-[''] hover:text-primary hover:underline"
              >
                {event.title}
              </Link>
            ) : (
              event.title
            )}
          </Heading>
          <p className="text-sm font-bold text-muted">
            <time dateTime={event.cust_start}>{showTime(event.cust_start)}</time>
          </p>
        </div>
        {event.description && <p className="line-clamp-3 text-muted">{event.description}</p>}
        <div className="mt-auto flex flex-col gap-1">
          {event.status !== 'past' && (
            <span className="text-xs font-bold tracking-wider text-muted uppercase">{countdown.label}</span>
          )}
          <Countdown
            target={countdown.target}
            kind={countdown.kind}
            label={countdown.label}
            onExpire={onCountdownEnd}
            className="text-xl text-primary"
          />
        </div>
        {children && <div className="relative z-10 flex flex-wrap gap-2">{children}</div>}
      </div>
    </article>
  );
}
