// /rewards (spec §2, issue 16): signed in, the viewer's balance, tier and next expiry up top, how to
// earn, the coupon catalogue with its confirm dialog, their coupons, and the ledger they can verify.
// Visitors see how it works, the catalogue, and an invitation to log in.
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { useBrand } from '../../shell/site-config';
import { Alert } from '../../ui/alert';
import { buttonStyles } from '../../ui/button';
import { useAuth } from '../auth/auth-store';
import { loginPathFor } from '../auth/redirect';
import { CatalogueSection } from './catalogue-section';
import { LedgerSection } from './ledger-section';
import { MyCoupons } from './my-coupons';
import { PointsSummary } from './points-summary';
import { rewardDetailsQuery } from './queries';
import { WaysToEarn } from './ways-to-earn';

const linkStyles = 'font-bold text-primary underline underline-offset-4';

function SignedOutIntro() {
  const brand = useBrand();
  return (
    <>
      <p className="text-lg text-muted">
        {brand} viewers earn points for taking part: RSVPing, checking in and watching live shows, entering giveaways
        and more. Spend them on coupons, and climb a tier each season. Points belong to your account, so log in to
        collect them.
      </p>
      <div className="flex flex-wrap gap-2">
        <Link to={loginPathFor('/rewards')} className={buttonStyles('primary')}>
          Log in to collect rewards
        </Link>
        <Link to="/register" className={buttonStyles('outline')}>
          Create an account
        </Link>
      </div>
    </>
  );
}

function SignedInRewards({ userId }: { userId: number }) {
  const details = useInfiniteQuery(rewardDetailsQuery(userId));
  const first = details.data?.pages[0];
  return (
    <>
      {details.isPending && <p className="text-muted">Loading your points…</p>}
      {details.isError && !first && <Alert tone="error">{errorMessage(details.error)}</Alert>}
      {first && <PointsSummary details={first} />}
      <WaysToEarn />
      <CatalogueSection shopper={{ userId, balance: first?.balance ?? null }} />
      {first && (
        <>
          <MyCoupons coupons={first.coupons} />
          <LedgerSection
            userId={userId}
            rows={(details.data?.pages ?? []).flatMap((page) => page.ledger.rows)}
            chain={first.chain}
            hasMore={details.hasNextPage}
            isLoadingMore={details.isFetchingNextPage}
            onShowMore={() => void details.fetchNextPage()}
          />
        </>
      )}
    </>
  );
}

export default function RewardsPage() {
  const { user } = useAuth();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-8 sm:py-12">
      <header className="flex max-w-3xl flex-col gap-3">
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Rewards</h1>
        {!user && <SignedOutIntro />}
      </header>
      {user ? (
        <SignedInRewards userId={user.id} />
      ) : (
        <>
          <WaysToEarn />
          <CatalogueSection shopper={null} />
        </>
      )}
      <p className="text-muted">
        Questions about points, tiers or coupons? See the{' '}
        <Link to="/faq" className={linkStyles}>
          Coupons &amp; Giveaway FAQ
        </Link>
        .
      </p>
    </div>
  );
}
