// The frame and typography of Gemcast's reading pages (about, privacy, terms, FAQ): one h1, an h2
// per section, text held to a comfortable line length, and the contact details from site config.
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { dialable } from '../../shell/contact-cards';
import { useSiteConfig } from '../../shell/site-config';
import { cx } from '../../ui/cx';

export const linkStyles = 'font-bold text-primary underline underline-offset-4 hover:text-primary-hover';

type StaticPageProps = {
  title: string;
  /** ISO date (YYYY-MM-DD) of the last change, shown under the title. */
  updated?: { iso: string; text: string };
  intro?: ReactNode;
  children: ReactNode;
};

export function StaticPage({ title, updated, intro, children }: StaticPageProps) {
  return (
    <article className="mx-auto w-full max-w-[70ch] px-4 py-10 text-base leading-7 text-ink sm:py-14 sm:text-lg sm:leading-8">
      <header className="border-b border-line pb-6">
        <h1 className="text-3xl leading-tight font-black text-balance text-ink sm:text-4xl">{title}</h1>
        {updated && (
          <p className="mt-2 text-sm font-bold text-muted sm:text-base">
            Last updated <time dateTime={updated.iso}>{updated.text}</time>
          </p>
        )}
        {intro && <div className="mt-4 space-y-4 text-muted">{intro}</div>}
      </header>
      <div className="mt-8 space-y-10">{children}</div>
    </article>
  );
}

/** A section with its own h2; the id lets a contents list jump to it. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <h2
        id={id}
        tabIndex={-1}
        className="scroll-mt-6 text-xl leading-snug font-black text-balance text-ink focus:outline-none sm:text-2xl"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

export function BulletList({ children, className }: { children: ReactNode; className?: string }) {
  return <ul className={cx('list-disc space-y-2 pl-6 marker:text-secondary', className)}>{children}</ul>;
}

/**
 * Jumps to a section without touching the URL: a hash change would count as a route change
 * (page view, scroll to top). Focus moves to the heading so keyboard and screen reader follow.
 */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}

export function Contents({ items }: { items: readonly { id: string; title: string }[] }) {
  return (
    <nav aria-label="Contents" className="rounded-xl border border-line bg-white p-5">
      <p className="font-black text-ink">Contents</p>
      <ol className="mt-3 list-decimal space-y-1 pl-6 text-base leading-7 marker:text-muted sm:columns-2 sm:gap-8">
        {items.map((item) => (
          <li key={item.id} className="break-inside-avoid">
            <a
              href={`#${item.id}`}
              onClick={(event) => jumpTo(event, item.id)}
              className="text-primary underline-offset-4 hover:underline"
            >
              {item.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** How to reach us, from the site configuration; the contact page stands in while it loads. */
export function ContactDetails() {
  const config = useSiteConfig();
  return (
    <BulletList>
      {config?.email && (
        <li>
          E-mail:{' '}
          <a href={`mailto:${config.email}`} className={linkStyles}>
            {config.email}
          </a>
        </li>
      )}
      {config?.phone && (
        <li>
          Text or call:{' '}
          <a href={`tel:${dialable(config.phone)}`} className={linkStyles}>
            {config.phone}
          </a>
        </li>
      )}
      <li>
        Our{' '}
        <Link to="/contact-us" className={linkStyles}>
          Contact us page
        </Link>
      </li>
    </BulletList>
  );
}
