// An image from the asset hosts: when it fails to load from target_cdn_url it is tried once from
// source_cdn_url (spec §3); when that fails too, or there is no image, a gem stands in.
import { useState, type ComponentProps } from 'react';
import { useSiteConfig } from '../shell/site-config';
import { sourceHostUrl } from './cdn';
import { cx } from './cx';

type CdnImageProps = Omit<ComponentProps<'img'>, 'src' | 'onError'> & { src: string; alt: string };

export function CdnImage({ src, alt, className, ...props }: CdnImageProps) {
  const config = useSiteConfig();
  // Which src failed and what is shown instead; a new src starts over.
  const [failure, setFailure] = useState<{ of: string; shown: string | null } | null>(null);
  const shown = failure?.of === src ? failure.shown : src;

  function handleError() {
    if (shown === src) setFailure({ of: src, shown: config ? sourceHostUrl(src, config.target_cdn_url, config.source_cdn_url) : null });
    else setFailure({ of: src, shown: null });
  }

  if (!shown) {
    return (
      <span role={alt ? 'img' : undefined} aria-label={alt || undefined} className={cx('grid place-items-center bg-secondary-soft text-secondary', className)}>
        <svg viewBox="0 0 32 32" className="size-1/3 max-h-16 max-w-16" aria-hidden="true">
          <path d="M9 6h14l6 8-13 14L3 14z" fill="currentColor" opacity="0.85" />
          <path d="M9 6l4 8h6l4-8M3 14h26M13 14l3 14 3-14" fill="none" stroke="#fff" strokeWidth="1.5" strokeLinejoin="round" />
        </svg>
      </span>
    );
  }
  return <img src={shown} alt={alt} className={className} onError={handleError} {...props} />;
}
