// A contest photo: loaded lazily unless it is the first thing on screen, with its box sized up front
// so nothing moves when it arrives; a gem stands in for a contest without a photo yet.
import { CdnImage } from '../../ui/cdn-image';
import { cx } from '../../ui/cx';

type ContestPhotoProps = {
  src: string | null;
  alt: string;
  width: number;
  height: number;
  className?: string;
  isEager?: boolean;
};

export function ContestPhoto({ src, alt, width, height, className, isEager = false }: ContestPhotoProps) {
  if (!src) {
    return (
      <span
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        className={cx(
          'grid place-items-center bg-linear-to-br from-secondary-soft via-white to-primary-soft text-secondary',
          className,
        )}
      >
        <svg viewBox="0 0 32 32" className="size-1/3 max-h-16 max-w-16" aria-hidden="true">
          <path d="M9 6h14l6 8-13 14L3 14z" fill="currentColor" opacity="0.85" />
        </svg>
      </span>
    );
  }
  return (
    <CdnImage
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={isEager ? 'eager' : 'lazy'}
      decoding="async"
      className={cx('bg-secondary-soft', className)}
    />
  );
}
