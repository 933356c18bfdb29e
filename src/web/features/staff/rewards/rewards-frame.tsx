// The frame of the staff rewards screens: the heading, what the screen is for, and the links between
// earning rules, the coupon catalogue, a viewer's points and the coupon desk.
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { EarningRule } from '../../../../shared/rewards';
import { cx } from '../../../ui/cx';

const SCREENS = [
  ['/staff/rewards', 'Earning rules'],
  ['/staff/rewards/catalogue', 'Catalogue'],
  ['/staff/rewards/points', 'Viewer points'],
  ['/staff/rewards/coupons', 'Coupon desk'],
] as const;

/** Each earning rule in words, as staff read them in the rules table. */
export const RULE_NAMES: Record<EarningRule, { name: string; per: string }> = {
  rsvp: { name: 'RSVP to a show', per: 'per RSVP' },
  checkin: { name: 'Live check-in', per: 'per show checked in to' },
  watch: { name: 'Watching live', per: 'per 10 minutes the server saw' },
  giveaway_entry: { name: 'Giveaway entry', per: 'per giveaway entered' },
  quiz: { name: 'Special-event quiz', per: 'per correct quiz' },
  referral: { name: 'Referred friend', per: "after the friend's first check-in" },
  birthday: { name: 'Birthday', per: 'once a year' },
  anniversary: { name: 'Anniversary', per: 'once a year' },
};

export function RewardsFrame({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div>
        <p className="text-sm font-black tracking-widest text-secondary uppercase">Staff · Rewards</p>
        <h1 className="text-3xl font-black text-ink sm:text-4xl">{title}</h1>
        <p className="mt-1 max-w-prose text-muted">{intro}</p>
      </div>
      <nav aria-label="Rewards screens">
        <ul className="flex flex-wrap gap-2">
          {SCREENS.map(([to, label]) => (
            <li key={to}>
              <NavLink
                to={to}
                end
                className={({ isActive }) =>
                  cx(
                    'inline-flex min-h-11 items-center rounded-lg border px-4 text-sm font-bold',
                    isActive
                      ? 'border-primary bg-primary text-white'
                      : 'border-line bg-white text-primary hover:bg-primary-soft',
                  )
                }
              >
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}

/** A long hash as its first and last characters, with the whole of it on hover. */
export function ShortHash({ hash }: { hash: string }) {
  return (
    <code title={hash} className="font-mono text-xs text-muted">
      {hash.slice(0, 8)}…{hash.slice(-4)}
    </code>
  );
}
