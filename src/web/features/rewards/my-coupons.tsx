// "My coupons" on /rewards: each coupon's code in a monospace block with a Copy button, its state in
// words and colour, its rules in words, and for an active one the time left until it expires.
import type { CouponView } from '../../../shared/contract/coupons';
import type { CouponViewState } from '../../../shared/coupons';
import { Countdown } from '../../ui/countdown';
import { CopyButton } from '../../ui/copy-button';
import { cx } from '../../ui/cx';
import { showTime } from '../events/event-time';

const STATE_STYLES: Record<CouponViewState, { label: string; className: string }> = {
  active: { label: 'Active', className: 'bg-success-soft text-success' },
  used: { label: 'Used', className: 'bg-primary-soft text-primary-hover' },
  void: { label: 'Voided', className: 'bg-danger-soft text-danger' },
  expired: { label: 'Expired', className: 'bg-line text-ink' },
};

function StateNote({ coupon }: { coupon: CouponView }) {
  const at = (iso: string) => <time dateTime={iso}>{showTime(iso)}</time>;
  if (coupon.state === 'used' && coupon.used_at) return <>Used on {at(coupon.used_at)}.</>;
  if (coupon.state === 'void' && coupon.voided_at) return <>Voided on {at(coupon.voided_at)}; it cannot be used.</>;
  if (coupon.state === 'expired') return <>Expired on {at(coupon.expires_at)}.</>;
  return null;
}

function CouponCard({ coupon }: { coupon: CouponView }) {
  const state = STATE_STYLES[coupon.state];
  const isActive = coupon.state === 'active';
  return (
    <li
      className={cx(
        'flex flex-col gap-3 rounded-xl border bg-white p-5',
        isActive ? 'border-success/50' : 'border-line',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-black text-ink">{coupon.title}</h3>
        <span className={cx('rounded-full px-3 py-1 text-sm font-black', state.className)}>{state.label}</span>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <code
          className={cx(
            'rounded-lg bg-canvas px-3 py-2 font-mono text-lg font-bold tracking-widest break-all',
            isActive ? 'text-secondary' : 'text-muted line-through',
          )}
        >
          {coupon.code}
        </code>
        {isActive && <CopyButton text={coupon.code} label="Copy code" />}
      </div>
      {isActive ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <span>Expires in</span>
          <Countdown target={new Date(coupon.expires_at)} label="Expires in" className="text-ink" />
        </p>
      ) : (
        <p className="text-sm font-bold text-ink">
          <StateNote coupon={coupon} />
        </p>
      )}
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted marker:text-secondary">
        {coupon.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </li>
  );
}

export function MyCoupons({ coupons }: { coupons: readonly CouponView[] }) {
  return (
    <section aria-labelledby="coupons-heading" className="flex flex-col gap-4">
      <h2 id="coupons-heading" className="scroll-mt-24 text-2xl font-black text-ink">
        My coupons
      </h2>
      {coupons.length === 0 ? (
        <p className="text-muted">You have no coupons yet. Spend points above, or add your birthday to your profile.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {coupons.map((coupon) => (
            <CouponCard key={coupon.id} coupon={coupon} />
          ))}
        </ul>
      )}
    </section>
  );
}
