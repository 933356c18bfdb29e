// Countdown rules (spec §1): days : hours : minutes : seconds until a moment, 'EXPIRED' once it
// has passed; a giveaway's countdown says the winner has been drawn instead. Pure: the caller
// passes both instants, so the rule is the same on both sides and across daylight-saving changes.
export const EXPIRED = 'EXPIRED';
export const WINNER_DRAWN = 'Winner has already been drawn.';

export type CountdownParts = { days: number; hours: number; minutes: number; seconds: number };

/** Whole units left until `target`, or null once it has passed. Instants, so DST cannot shift it. */
export function countdownParts(target: Date, now: Date): CountdownParts | null {
  const ms = target.getTime() - now.getTime();
  if (ms <= 0) return null;
  const total = Math.floor(ms / 1000);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'DD : HH : MM : SS', or 'EXPIRED' (or the giveaway text) when the moment has passed. */
export function countdownText(target: Date, now: Date, kind: 'event' | 'giveaway' = 'event'): string {
  const parts = countdownParts(target, now);
  if (!parts) return kind === 'giveaway' ? WINNER_DRAWN : EXPIRED;
  return `${pad(parts.days)} : ${pad(parts.hours)} : ${pad(parts.minutes)} : ${pad(parts.seconds)}`;
}

/** Live when now is after the start and before the end (spec §4). */
export function isLive(start: Date, end: Date, now: Date): boolean {
  return now.getTime() > start.getTime() && now.getTime() < end.getTime();
}
