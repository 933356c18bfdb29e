// "Your points history" on /rewards: the ledger newest first, a page at a time ("Show more"), each
// row's reason in words with a link to the show or giveaway it came from; and "Download and verify
// my ledger", whose checker loads only when asked for.
import { useState } from 'react';
import { Link } from 'react-router';
import type { LedgerRow, RewardDetails } from '../../../shared/contract/rewards';
import { reasonWords } from '../../../shared/reward-words';
import { errorMessage } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { showTime } from '../events/event-time';
import type { LedgerCheckResult } from './ledger-check';
import { sourceLinkOf } from './ledger-links';

const linkStyles = 'font-bold text-primary underline underline-offset-4';

function LedgerItem({ row }: { row: LedgerRow }) {
  const link = sourceLinkOf(row);
  const isCredit = row.points > 0;
  return (
    <li className="flex items-start justify-between gap-4 px-4 py-3">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="font-bold text-ink">
          {reasonWords(row.reason)}
          {row.state === 'pending' && (
            <span className="ml-2 rounded-full bg-secondary-soft px-2 py-0.5 text-xs font-black text-secondary">
              Pending
            </span>
          )}
        </p>
        {row.note && <p className="text-sm break-words text-ink">{row.note}</p>}
        <p className="text-sm text-muted">
          <time dateTime={row.created_at}>{showTime(row.created_at)}</time>
          {link && (
            <>
              {' · '}
              <Link to={link.to} className={linkStyles}>
                {link.kind === 'show' ? 'See the show' : 'See the giveaway'}
              </Link>
            </>
          )}
        </p>
      </div>
      <p className={cx('shrink-0 text-lg font-black tabular-nums', isCredit ? 'text-success' : 'text-danger')}>
        <span className="sr-only">{isCredit ? 'plus' : 'minus'} </span>
        <span aria-hidden="true">{isCredit ? '+' : '−'}</span>
        {Math.abs(row.points).toLocaleString('en-US')}
      </p>
    </li>
  );
}

function VerifyLedger({ userId, chain }: { userId: number; chain: RewardDetails['chain'] }) {
  const [isChecking, setChecking] = useState(false);
  const [result, setResult] = useState<LedgerCheckResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function handleVerify() {
    setChecking(true);
    setResult(null);
    setFailure(null);
    try {
      const { downloadAndVerify } = await import('./ledger-check');
      setResult(await downloadAndVerify(userId, chain));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-line bg-white p-5">
      <h3 className="text-lg font-black text-ink">Check your ledger yourself</h3>
      <p className="text-muted">
        Every row carries a fingerprint of itself and of the row before it, so no row can be changed or removed without
        breaking the chain. Download your ledger and this page recomputes the chain in your browser.{' '}
        <Link to="/faq#faq-rewards" className={linkStyles}>
          How the check works
        </Link>
        .
      </p>
      <div>
        <Button variant="outline" onClick={() => void handleVerify()} isBusy={isChecking}>
          Download and verify my ledger
        </Button>
      </div>
      {result?.ok && (
        <Alert tone="success">
          {result.rows} {result.rows === 1 ? 'row' : 'rows'}, chain intact, head hash{' '}
          <span className="font-mono break-all">{result.headHash}</span>
        </Alert>
      )}
      {result && !result.ok && <Alert tone="error">{result.message}</Alert>}
      {failure && <Alert tone="error">{failure}</Alert>}
    </div>
  );
}

type LedgerSectionProps = {
  userId: number;
  rows: readonly LedgerRow[];
  chain: RewardDetails['chain'];
  hasMore: boolean;
  isLoadingMore: boolean;
  onShowMore: () => void;
};

export function LedgerSection({ userId, rows, chain, hasMore, isLoadingMore, onShowMore }: LedgerSectionProps) {
  return (
    <section aria-labelledby="ledger-heading" className="flex flex-col gap-4">
      <h2 id="ledger-heading" className="text-2xl font-black text-ink">
        Your points history
      </h2>
      {rows.length === 0 ? (
        <p className="text-muted">Nothing yet: your first points will show here.</p>
      ) : (
        <>
          <p className="text-muted">
            Showing {rows.length} of {chain.rows} {chain.rows === 1 ? 'row' : 'rows'}, newest first.
          </p>
          <ol className="divide-y divide-line rounded-xl border border-line bg-white">
            {rows.map((row) => (
              <LedgerItem key={row.seq} row={row} />
            ))}
          </ol>
          {hasMore && (
            <div>
              <Button variant="outline" onClick={onShowMore} isBusy={isLoadingMore}>
                Show more
              </Button>
            </div>
          )}
        </>
      )}
      <VerifyLedger userId={userId} chain={chain} />
    </section>
  );
}
