// A ticking countdown (spec §1): days : hours : minutes : seconds until `target`, EXPIRED once it
// has passed, or 'Winner has already been drawn.' for a giveaway. Screen readers get the time
// left in words from the timer's label, without an announcement every second.
import { useEffect, useRef, useState } from 'react';
import { countdownParts, countdownText, type CountdownParts } from '../../shared/countdown';
import { cx } from './cx';

type CountdownProps = {
  target: Date;
  kind?: 'event' | 'giveaway';
  /** What the time counts down to, read before it: 'Starts in', 'Ends in', 'Draw in'. */
  label: string;
  /** Called once when the moment passes while the countdown is on screen. */
  onExpire?: () => void;
  className?: string;
};

const UNITS = [
  ['days', 'day'],
  ['hours', 'hour'],
  ['minutes', 'minute'],
  ['seconds', 'second'],
] as const;

/** '2 days, 3 hours, 0 minutes and 5 seconds'. */
export function countdownWords(parts: CountdownParts): string {
  const words = UNITS.map(([key, unit]) => `${parts[key]} ${unit}${parts[key] === 1 ? '' : 's'}`);
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function useNow(isRunning: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isRunning) return;
    let timer = 0;
    const tick = () => {
      setNow(Date.now());
      // Wake on the next whole second so every second shows.
      timer = window.setTimeout(tick, 1000 - (Date.now() % 1000) + 5);
    };
    timer = window.setTimeout(tick, 1000 - (Date.now() % 1000) + 5);
    return () => window.clearTimeout(timer);
  }, [isRunning]);
  return now;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function Countdown({ target, kind = 'event', label, onExpire, className }: CountdownProps) {
  const targetMs = target.getTime();
  const [isPast, setPast] = useState(() => targetMs <= Date.now());
  const now = useNow(!isPast);
  const parts = countdownParts(target, new Date(now));
  const expireRef = useRef(onExpire);
  useEffect(() => {
    expireRef.current = onExpire;
  });
  const hasPassed = parts === null;
  useEffect(() => {
    if (hasPassed === isPast) return;
    setPast(hasPassed);
    if (hasPassed) expireRef.current?.();
  }, [hasPassed, isPast]);

  if (!parts) {
    return (
      <span role="timer" aria-live="off" className={cx('font-black text-muted', className)}>
        {countdownText(target, new Date(now), kind)}
      </span>
    );
  }
  return (
    <span
      role="timer"
      aria-live="off"
      aria-label={`${label} ${countdownWords(parts)}`}
      className={cx('inline-flex items-baseline gap-1 font-black tabular-nums', className)}
    >
      {UNITS.map(([key], index) => (
        <span key={key} aria-hidden="true" className="inline-flex items-baseline gap-1">
          {index > 0 && <span className="opacity-60">:</span>}
          <span className="inline-flex flex-col items-center leading-none">
            <span>{pad(parts[key])}</span>
            <span className="mt-1 text-[0.65rem] font-bold tracking-wider text-muted uppercase">
              {key === 'minutes' ? 'min' : key === 'seconds' ? 'sec' : key}
            </span>
          </span>
        </span>
      ))}
    </span>
  );
}
