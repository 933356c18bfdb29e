// The page for any path Gemcast does not have.
import { Link } from 'react-router';
import { buttonStyles } from '../ui/button';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-4 py-16 text-center sm:py-24">
      <svg viewBox="0 0 96 96" className="size-24" aria-hidden="true">
        <circle cx="48" cy="48" r="46" fill="#eeebf7" />
        <path d="M30 30h36l12 16-30 34-30-34z" fill="#463389" />
        <path
          d="M30 30l8 16h20l8-16M18 46h60M38 46l10 34 10-34"
          fill="none"
          stroke="#fff"
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
      </svg>
      <p className="text-sm font-black tracking-widest text-secondary uppercase">Error 404</p>
      <h1 className="text-3xl font-black text-ink sm:text-4xl">This gem has gone missing</h1>
      <p className="text-lg text-muted">
        The page you asked for is not here. It may have moved, or the link has a typo.
      </p>
      <Link to="/home" className={buttonStyles('primary')}>
        Back to the home page
      </Link>
    </section>
  );
}
