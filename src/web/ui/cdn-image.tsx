// An image from the asset hosts: when it fails to load from target_cdn_url it is tried once from
// source_cdn_url (spec §3); when that fails too, or there is no image, a gem stands in. A staff
// upload comes with its three widths as a srcset (decision 047); pass `sizes` with it.
import { useState, type ComponentProps } from 'react';
import { useSiteConfig } from '../shell/site-config';
import { srcSetOf } from '../../shared/image-sizes';
import { sourceHostUrl } from './cdn';
import { cx } from './cx';

type CdnImageProps = Omit<ComponentProps<'img'>, 'src' | 'onError'> & { src: string; alt: string };

export function CdnImage({ src, alt, className, sizes, ...props }: CdnImageProps) {
  const config = useSiteConfig();
  // The src whose first load failed, and the one whose retry failed too; a new src starts over.
  const [failedOnce, setFailedOnce] = useState<string | null>(null);
  const [failedTwice, setFailedTwice] = useState<string | null>(null);
  let shown: string | null = src;
  if (failedTwice === src) shown = null;
  // Until the configuration arrives the hosts are unknown: the stand-in shows meanwhile.
  else if (failedOnce === src) shown = config ? sourceHostUrl(src, config.target_cdn_url, config.source_cdn_url) : null;

  function handleError() {
    if (failedOnce === src) setFailedTwice(src);
    else setFailedOnce(src);
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
