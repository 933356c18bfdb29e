// The two ways to reach the network (spec §2): a phone card (text or call) and an e-mail card,
// with the word 'or' between them. Shared by the footer's contact drawer and /contact-us.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '../ui/spinner';
import { siteConfigQuery } from './site-config';

/** A tel:/sms: address keeps only the digits and a leading plus. */
export function dialable(phone: string): string {
  const trimmed = phone.trim();
  return (trimmed.startsWith('+') ? '+' : '') + trimmed.replace(/\D/g, '');
}

type ContactCardsProps = {
  /** The level of the cards' headings: 2 under a page's h1, 3 under a dialog's h2. */
  headingLevel?: 2 | 3;
};

const cardStyles = 'flex flex-col gap-3 rounded-xl border border-line bg-white p-5';
const linkStyles =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-primary px-4 font-bold text-primary transition-colors hover:bg-primary-soft';

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
      <path
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
        fill="currentColor"
      />
    </svg>
  );
}

function MailIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
      <path
        d="M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zm0 2v.4l8 5 8-5V7zm16 2.8-8 5-8-5V17h16z"
        fill="currentColor"
      />
    </svg>
  );
}

function CardHeading({ level, icon, title, note }: { level: 2 | 3; icon: ReactNode; title: string; note: string }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="flex items-center gap-3">
      <span className="grid size-11 shrink-0 place-items-center rounded-full bg-primary-soft text-primary">{icon}</span>
      <div>
        <Heading className="text-lg font-black text-ink">{title}</Heading>
        <p className="text-sm text-muted">{note}</p>
      </div>
    </div>
  );
}

export default function ContactCards({ headingLevel = 2 }: ContactCardsProps) {
  const { data: config, isPending } = useQuery(siteConfigQuery);

  if (isPending) return <Spinner className="size-8 text-primary" label="Loading our contact details" />;
  if (!config || (!config.phone && !config.email)) {
    return (
      <p className="text-muted">Our contact details could not be loaded just now. Please try again in a moment.</p>
    );
  }

  const number = dialable(config.phone);
  return (
    <div className="flex flex-col gap-3">
      {config.phone && (
        <section className={cardStyles} aria-label="Phone">
          <CardHeading
            level={headingLevel}
            icon={<PhoneIcon />}
            title="Text us or call us"
            note="The quickest way to reach us"
          />
          <p className="text-xl font-black text-ink">{config.phone}</p>
          <div className="grid grid-cols-2 gap-2">
            <a href={`sms:${number}`} className={linkStyles} aria-label={`Text us at ${config.phone}`}>
              Text us
            </a>
            <a href={`tel:${number}`} className={linkStyles} aria-label={`Call us at ${config.phone}`}>
              Call us
            </a>
          </div>
        </section>
      )}
      {config.phone && config.email && (
        <p className="flex items-center gap-3 text-sm font-bold tracking-widest text-muted uppercase">
          <span className="h-px flex-1 bg-line" />
          or
          <span className="h-px flex-1 bg-line" />
        </p>
      )}
      {config.email && (
        <section className={cardStyles} aria-label="E-mail">
          <CardHeading level={headingLevel} icon={<MailIcon />} title="Email us" note="Write to our support team" />
          <a
            href={`mailto:${config.email}`}
            className="self-start rounded-md text-lg font-bold break-all text-primary underline underline-offset-4 hover:text-primary-hover"
          >
            {config.email}
          </a>
        </section>
      )}
    </div>
  );
}
