// The coupon catalogue on /rewards: each item's value, points cost and rules. Signed in, "Redeem"
// opens the confirm dialog; an item the balance does not cover says how many points are missing.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CatalogueItem, CouponView } from '../../../shared/contract/coupons';
import { couponValue } from '../../../shared/coupons';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button, buttonStyles } from '../../ui/button';
import { loginPathFor } from '../auth/redirect';
import { pointsText } from './points-summary';
import { catalogueQuery } from './queries';
import { RedeemDialog } from './redeem-dialog';

/** Who is looking: a visitor, or a viewer with their balance (null while it loads). */
type Shopper = { userId: number; balance: number | null } | null;

function ItemAction({ item, shopper, onRedeem }: { item: CatalogueItem; shopper: Shopper; onRedeem: () => void }) {
  if (!shopper)
    return (
      <Link to={loginPathFor('/rewards')} className={buttonStyles('outline', 'sm')}>
        Log in to redeem
      </Link>
    );
  if (shopper.balance === null) return null;
  const missing = item.points_cost - shopper.balance;
  if (missing > 0)
    return <p className="text-sm font-bold text-muted">You need {pointsText(missing)} more for this one.</p>;
  return (
    <Button size="sm" onClick={onRedeem} aria-label={`Redeem ${item.title}`}>
      Redeem
    </Button>
  );
}

export function CatalogueSection({ shopper }: { shopper: Shopper }) {
  const catalogue = useQuery(catalogueQuery());
  const [chosen, setChosen] = useState<CatalogueItem | null>(null);
  const [redeemed, setRedeemed] = useState<CouponView | null>(null);

  function handleRedeemed(coupon: CouponView) {
    setChosen(null);
    setRedeemed(coupon);
  }

  return (
    <section aria-labelledby="catalogue-heading" className="flex flex-col gap-4">
      <h2 id="catalogue-heading" className="text-2xl font-black text-ink">
        Spend your points
      </h2>
      <p className="text-muted">Turn points into coupons. Each coupon lists its own rules.</p>
      {redeemed && (
        <Alert tone="success">
          Your coupon {redeemed.title} is ready: code <span className="font-mono">{redeemed.code}</span>. It is listed
          under{' '}
          <a href="#coupons-heading" className="underline underline-offset-4">
            My coupons
          </a>
          .
        </Alert>
      )}
      {catalogue.isPending && <p className="text-muted">Loading the coupons on offer…</p>}
      {catalogue.isError && <Alert tone="error">{errorMessage(catalogue.error)}</Alert>}
      {catalogue.data?.length === 0 && <p className="text-muted">No coupons are on offer right now.</p>}
      {catalogue.data && catalogue.data.length > 0 && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {catalogue.data.map((item) => (
            <li key={item.id} className="flex flex-col gap-3 rounded-xl border border-line bg-white p-5">
              <div>
                <h3 className="text-lg font-black text-ink">{item.title}</h3>
                <p className="font-bold text-primary">
                  {couponValue(item)} for {pointsText(item.points_cost)}
                </p>
              </div>
              <ul className="flex flex-1 list-disc flex-col gap-1 pl-5 text-sm text-muted marker:text-secondary">
                {item.rules.map((rule) => (
                  <li key={rule}>{rule}</li>
                ))}
              </ul>
              <div>
                <ItemAction item={item} shopper={shopper} onRedeem={() => setChosen(item)} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {shopper && shopper.balance !== null && (
        <RedeemDialog
          item={chosen}
          userId={shopper.userId}
          balance={shopper.balance}
          onClose={() => setChosen(null)}
          onRedeemed={handleRedeemed}
        />
      )}
    </section>
  );
}
