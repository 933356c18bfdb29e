// The brand's word mark (from the site configuration) with its gem; links home.
import { Link } from 'react-router';
import { useBrand } from '../shell/site-config';
import { cx } from './cx';

export function Logo({ className, tone = 'dark' }: { className?: string; tone?: 'dark' | 'light' }) {
  const brand = useBrand();
  return (
    <Link
      to="/home"
      className={cx(
        'inline-flex items-center gap-2 rounded-md text-2xl font-black tracking-tight',
        tone === 'dark' ? 'text-primary' : 'text-white',
        className,
      )}
    >
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <path d="M9 6h14l6 8-13 14L3 14z" fill="currentColor" />
        <path
          d="M9 6l4 8h6l4-8M3 14h26M13 14l3 14 3-14"
          fill="none"
          stroke={tone === 'dark' ? '#fff' : '#463389'}
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
      {brand}
    </Link>
  );
}
