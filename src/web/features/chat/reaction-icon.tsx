// The reactions as drawn icons (emoji fonts differ from device to device, and some have none).
import type { Reaction } from '../../../shared/contract/chat';

const ICONS: Record<Reaction, { path: string; color: string }> = {
  heart: {
    path: 'M12 21s-7.6-4.7-9.7-9.4C.8 7.9 3.2 4 7 4c2 0 3.5 1 5 3 1.5-2 3-3 5-3 3.8 0 6.2 3.9 4.7 7.6C19.6 16.3 12 21 12 21z',
    color: '#d6335c',
  },
  sparkle: { path: 'M12 2l2.3 7.7L22 12l-7.7 2.3L12 22l-2.3-7.7L2 12l7.7-2.3z', color: '#c98a00' },
  gem: { path: 'M6.5 3h11L22 9 12 21 2 9zM2 9h20M8.5 3 12 9l3.5-6M12 9v12', color: '#1f5d66' },
  star: { path: 'M12 2.5l2.9 6.3 6.9.7-5.2 4.6 1.5 6.8L12 17.4l-6.1 3.5 1.5-6.8-5.2-4.6 6.9-.7z', color: '#463389' },
  fire: {
    path: 'M12 22a7 7 0 0 0 7-7c0-4.4-3.4-6.6-4.6-11-2.2 2.2-3.3 4.4-3 6.7-1.3-.6-2-2-2.2-3.4C7.4 9 5 11.4 5 15a7 7 0 0 0 7 7z',
    color: '#d9480f',
  },
};

export function ReactionIcon({ reaction, className }: { reaction: Reaction; className?: string }) {
  const icon = ICONS[reaction];
  const isOutline = reaction === 'gem';
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path
        d={icon.path}
        fill={isOutline ? 'none' : icon.color}
        stroke={isOutline ? icon.color : 'none'}
        strokeWidth={isOutline ? 1.8 : 0}
        strokeLinejoin="round"
      />
    </svg>
  );
}
