// /staff/rewards/coupons: the coupon desk. Look a code up, see the coupon, its owner, state, rules and
// trail, then mark it used on an order or void it with a reason, each after a confirmation.
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { StaffCoupon } from '../../../../shared/contract/coupons';
import type { CouponViewState } from '../../../../shared/coupons';
import { ApiError, errorMessage } from '../../../api/client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { ReportSection } from '../report-parts';
import { Modal } from '../shows/dialog';
import { laTime } from '../shows/show-format';
import { StaffOnly } from '../staff-only';
import { staffCouponQuery, useCouponStep, type CouponStep } from './queries';
import { LookupForm, lookupIssue } from './lookup-form';
import { RewardsFrame } from './rewards-frame';

const STATE_WORDS: Record<CouponViewState, { badge: string; style: string }> = {
  active: { badge: 'Active', style: 'bg-success-soft text-success' },
  used: { badge: 'Used', style: 'bg-line text-ink' },
  void: { badge: 'Voided', style: 'bg-danger-soft text-danger' },
  expired: { badge: 'Expired', style: 'bg-line text-ink' },
};

/** Why an inactive coupon cannot be used, in a sentence. */
function stateSentence(coupon: StaffCoupon): string | null {
  if (coupon.state === 'used')
    return `This coupon was used${coupon.used_at ? ` on ${laTime(coupon.used_at)}` : ''}${coupon.order_ref ? ` for order ${coupon.order_ref}` : ''}. It cannot be used again.`;
  if (coupon.state === 'void')
    return `This coupon was voided${coupon.voided_at ? ` on ${laTime(coupon.voided_at)}` : ''}${coupon.void_reason ? `: ${coupon.void_reason}` : ''}. It cannot be used.`;
  if (coupon.state === 'expired') return `This coupon expired on ${laTime(coupon.expires_at)}. It cannot be used.`;
  return null;
}

function ConfirmStep({
  step,
  coupon,
  lookedUp,
  onClose,
  onDone,
}: {
  step: CouponStep;
  coupon: StaffCoupon;
  lookedUp: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const run = useCouponStep(lookedUp);
  const isUse = step.step === 'use';
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      size="narrow"
      title={isUse ? 'Mark this coupon used?' : 'Void this coupon?'}
      description={
        isUse
          ? `${coupon.code} (${coupon.title}) is marked used on order ${step.step === 'use' ? step.order_ref : ''}. It cannot be used again.`
          : `${coupon.code} (${coupon.title}) stops working at once, and ${coupon.owner_name} sees it as voided.`
      }
    >
      <div className="flex flex-col gap-4">
        {run.isError && <Alert tone="error">{errorMessage(run.error)}</Alert>}
        <div className="flex flex-wrap gap-3">
          <Button
            isBusy={run.isPending}
            className={isUse ? undefined : 'bg-danger hover:bg-danger/90'}
            onClick={() => run.mutate(step, { onSuccess: ({ message }) => onDone(message) })}
          >
            {isUse ? 'Yes, mark it used' : 'Yes, void it'}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Go back
          </Button>
        </div>
      </div>
    </Modal>
  );
}

function CouponCard({ coupon, lookedUp }: { coupon: StaffCoupon; lookedUp: string }) {
  const [orderRef, setOrderRef] = useState('');
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState<CouponStep | null>(null);
  const [problems, setProblems] = useState<{ order?: string; reason?: string }>({});
  const [notice, setNotice] = useState('');
  const state = STATE_WORDS[coupon.state];
  const sentence = stateSentence(coupon);

  function ask(event: FormEvent, step: 'use' | 'void') {
    event.preventDefault();
    setNotice('');
    if (step === 'use') {
      if (!orderRef.trim()) return setProblems({ order: 'Enter the order number the coupon was used on.' });
      setProblems({});
      setPending({ step: 'use', code: coupon.code, order_ref: orderRef.trim() });
    } else {
      if (!reason.trim()) return setProblems({ reason: 'Say why the coupon is voided.' });
      setProblems({});
      setPending({ step: 'void', code: coupon.code, reason: reason.trim() });
    }
  }

  const facts = [
    ['Owner', `${coupon.owner_name} (${coupon.owner_email})`],
    ['Issued', laTime(coupon.issued_at)],
    ['Expires', laTime(coupon.expires_at)],
    ['Paid with', coupon.points_cost ? `${coupon.points_cost.toLocaleString('en-US')} points` : 'A yearly gift'],
  ] as const;

  return (
    <ReportSection id="coupon-heading" title={`${coupon.code} · ${coupon.title}`}>
      <p>
        <span
          className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-black tracking-wide uppercase ${state.style}`}
        >
          {state.badge}
        </span>
      </p>
      {notice && <Alert tone="success">{notice}</Alert>}
      {sentence && <Alert tone="info">{sentence}</Alert>}
      <dl className="grid gap-2 sm:grid-cols-2">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-sm font-bold text-muted">{term}</dt>
            <dd className="text-ink wrap-anywhere">{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="font-black text-ink">Rules</h3>
        <ul className="list-disc pl-5 text-sm text-ink">
          {coupon.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      </div>
      {coupon.state === 'active' && (
        <div className="grid gap-4 md:grid-cols-2">
          <form onSubmit={(e) => ask(e, 'use')} noValidate className="flex flex-col gap-3 rounded-lg bg-canvas p-3">
            <TextField
              label="Order number"
              maxLength={60}
              value={orderRef}
              onChange={(e) => setOrderRef(e.target.value)}
              error={problems.order}
            />
            <Button type="submit" className="self-start">
              Mark used
            </Button>
          </form>
          <form onSubmit={(e) => ask(e, 'void')} noValidate className="flex flex-col gap-3 rounded-lg bg-canvas p-3">
            <TextField
              label="Reason for voiding"
              maxLength={200}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={problems.reason}
            />
            <Button type="submit" variant="outline" className="self-start">
              Void the coupon
            </Button>
          </form>
        </div>
      )}
      <div>
        <h3 className="font-black text-ink">Trail</h3>
        <ol className="flex flex-col gap-1 text-sm">
          {coupon.events.map((event, index) => (
            <li key={index} className="border-t border-line pt-1 text-ink">
              <time dateTime={event.created_at} className="font-bold">
                {laTime(event.created_at)}
              </time>{' '}
              · {event.action} by {event.actor_name}
              {event.detail && <span className="text-muted"> · {event.detail}</span>}
            </li>
          ))}
        </ol>
      </div>
      {pending && (
        <ConfirmStep
          step={pending}
          coupon={coupon}
          lookedUp={lookedUp}
          onClose={() => setPending(null)}
          onDone={(message) => {
            setPending(null);
            setNotice(message);
          }}
        />
      )}
    </ReportSection>
  );
}

export default function StaffCouponDeskPage() {
  const [code, setCode] = useState('');
  const coupon = useQuery(staffCouponQuery(code));
  if (coupon.error instanceof ApiError && coupon.error.httpStatus === 403) return <StaffOnly what="the coupon desk" />;

  const issue = lookupIssue(coupon.error);
  return (
    <RewardsFrame
      title="Coupon desk"
      intro="Look a coupon up by its code to check it, mark it used on an order, or void it. Each step is logged with your name."
    >
      <LookupForm
        label="Coupon code"
        hint="Dashes, spaces and letter case do not matter."
        autoCapitalize="characters"
        spellCheck={false}
        button="Look up"
        isBusy={coupon.isFetching}
        error={coupon.error}
        onFind={setCode}
      />
      {coupon.isError && !issue && <Alert tone="error">{errorMessage(coupon.error)}</Alert>}
      {coupon.data && <CouponCard key={coupon.data.id} coupon={coupon.data} lookedUp={code} />}
    </RewardsFrame>
  );
}
