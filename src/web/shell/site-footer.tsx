// The footer of spec §2: logo, tagline, links to the static pages, 'Contact us' (opens the
// contact drawer; the link itself goes to /contact-us when opened in a new tab), back to top
// and the copyright line.
import { lazy, Suspense, useRef, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { SubscribeBox } from '../features/subscriptions/subscribe-box';
import { Logo } from '../ui/logo';
import { useBrand, useTagline } from './site-config';

const loadDrawer = () => import('./contact-drawer');
const ContactDrawer = lazy(loadDrawer);

const LINKS = [
  ['/about', 'About us'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms & Conditions'],
  ['/faq', 'FAQ'],
] as const;

const linkStyles =
  'inline-flex min-h-11 items-center rounded-md font-bold text-primary underline-offset-4 hover:underline';

export function SiteFooter() {
  const brand = useBrand();
  const tagline = useTagline();
  const [drawer, setDrawer] = useState<'never' | 'open' | 'closed'>('never');
  const contactLink = useRef<HTMLAnchorElement>(null);

  function handleContact(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    setDrawer('open');
  }

  return (
    <footer className="border-t border-line bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[1fr_auto] md:items-start">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="max-w-sm min-h-12 text-muted">{tagline}</p>
          <SubscribeBox />
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-8 sm:flex sm:flex-wrap sm:gap-x-6">
            {LINKS.map(([to, label]) => (
              <li key={to}>
                <Link to={to} className={linkStyles}>
                  {label}
                </Link>
              </li>
            ))}
            <li>
              <a
                ref={contactLink}
                href="/contact-us"
                className={linkStyles}
                aria-haspopup="dialog"
                onClick={handleContact}
                onPointerEnter={() => void loadDrawer()}
                onFocus={() => void loadDrawer()}
              >
                Contact us
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <p className="text-sm text-muted">© 2024 {brand}</p>
          <button
            type="button"
            className="inline-flex min-h-11 items-center gap-2 rounded-md px-2 font-bold text-primary hover:bg-primary-soft"
            onClick={() =>
              window.scrollTo({
                top: 0,
                behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
              })
            }
          >
            <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
              <path
                d="M10 15V5M5 10l5-5 5 5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            Back to top
          </button>
        </div>
      </div>
      {drawer !== 'never' && (
        <Suspense fallback={null}>
          <ContactDrawer
            open={drawer === 'open'}
            onOpenChange={(open) => setDrawer(open ? 'open' : 'closed')}
            returnFocusTo={contactLink}
          />
        </Suspense>
      )}
    </footer>
  );
}
