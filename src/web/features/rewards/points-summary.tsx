// The top of /rewards for a signed-in viewer: the balance, pending points, the season's tier with
// its progress to the next, and the points that expire next (a Los Angeles day).
import type { RewardDetails } from '../../../shared/contract/rewards';
import { shortDay } from '../events/event-time';

export const pointsText = (n: number) => `${n.toLocaleString('en-US')} point${n === 1 ? '' : 's'}`;

function TierProgress({ tier }: { tier: RewardDetails['tier'] }) {
  const percent = Math.round(Math.min(Math.max(tier.progress, 0), 1) * 100);
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-white p-5">
      <p className="text-sm font-bold text-muted">Your tier, season {tier.season.label}</p>
      <p className="text-2xl font-black text-secondary">{tier.name}</p>
      <div
        role="progressbar"
        aria-label={tier.next ? `Progress to ${tier.next.name}` : 'Top tier reached'}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={tier.next ? `${pointsText(tier.next.needed)} to ${tier.next.name}` : 'Top tier'}
        className="h-3 overflow-hidden rounded-full bg-secondary-soft"
      >
        <div className="h-full rounded-full bg-secondary" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted">
        {tier.next ? (
          <>
            <span className="font-bold text-ink">{pointsText(tier.next.needed)}</span> more this season to reach{' '}
            {tier.next.name}.
          </>
        ) : (
          'You are at our top tier for this season.'
        )}{' '}
        {pointsText(tier.earned)} earned in {tier.season.label}; spending points never lowers your tier.
      </p>
    </div>
  );
}

export function PointsSummary({ details }: { details: RewardDetails }) {
  return (
    <section aria-labelledby="points-heading" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <h2 id="points-heading" className="sr-only">
        Your points
      </h2>
      <div className="flex flex-col gap-2 rounded-xl border border-line bg-white p-5">
        <p className="text-sm font-bold text-muted">Your balance</p>
        <p className="text-4xl font-black text-primary" data-testid="points-balance">
          {pointsText(details.balance)}
        </p>
        {details.pending > 0 && (
          <p className="text-sm text-muted">
            <span className="font-bold text-ink">{pointsText(details.pending)} pending</span>: they count once your
            invited friend checks in to their first live show.
          </p>
        )}
      </div>
      <TierProgress tier={details.tier} />
      <div className="flex flex-col gap-2 rounded-xl border border-line bg-white p-5">
        <p className="text-sm font-bold text-muted">Expiring next</p>
        {details.next_expiry ? (
          <p className="text-lg font-bold text-ink">
            {pointsText(details.next_expiry.points)} expire on{' '}
            <time dateTime={details.next_expiry.expires_at}>{shortDay(details.next_expiry.expires_at)}</time>.
          </p>
        ) : (
          <p className="text-lg font-bold text-ink">No points are due to expire.</p>
        )}
        <p className="text-sm text-muted">
          Points last 12 months from the day you earn them; spending uses the ones that expire first.
        </p>
      </div>
    </section>
  );
}
