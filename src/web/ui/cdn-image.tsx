// An image from the asset hosts: when it fails to load from target_cdn_url it is tried once from
// source_cdn_url (spec §3); when that fails too, or there is no image, a gem stands in. A staff
// upload comes with its three widths as a srcset (decision 047); pass `sizes` with it.
import { useReducer, type ComponentProps } from 'react';
import { useSiteConfig } from '../shell/site-config';
import { srcSetOf } from '../../shared/image-sizes';
import { sourceHostUrl } from './cdn';
import { cx } from './cx';

type CdnImageProps = Omit<ComponentProps<'img'>, 'src' | 'onError'> & { src: string; alt: string };

/**
 * How many hosts each src has failed on (1: the target, 2: the source too), for the whole page: a
 * card drawn again, or the same picture in another list, goes straight to what worked last time
 * instead of asking a failing host again.
 */
const failures = new Map<string, 1 | 2>();

export function CdnImage({ src, alt, className, sizes, ...props }: CdnImageProps) {
  const config = useSiteConfig();
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const failed = failures.get(src) ?? 0;
  let shown: string | null = src;
  if (failed === 2) shown = null;
  // Until the configuration arrives the hosts are unknown: the stand-in shows meanwhile.
  else if (failed === 1) shown = config ? sourceHostUrl(src, config.target_cdn_url, config.source_cdn_url) : null;

  function handleError() {
    failures.set(src, failed === 0 ? 1 : 2);
    redraw();
  }

  if (!shown) {
    return (
      <span
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        className={cx(
          'grid place-items-center bg-linear-to-br from-secondary-soft via-white to-primary-soft text-secondary',
          className,
        )}
      >
        <svg viewBox="0 0 32 32" className="size-1/3 max-h-16 max-w-16 drop-shadow-sm" aria-hidden="true">
          <path d="M9 6h14l6 8-13 14L3 14z" fill="currentColor" opacity="0.85" />
          <path
            d="M9 6l4 8h6l4-8M3 14h26M13 14l3 14 3-14"
            fill="none"
            stroke="#fff"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
        </svg>
      </span>
    );
  }
  // `sizes` only with a srcset: on a plain image it means nothing, and setting it can restart the load.
  const srcSet = srcSetOf(shown);
  return (
    <img
      {...props}
      src={shown}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      className={className}
      onError={handleError}
    />
  );
}
