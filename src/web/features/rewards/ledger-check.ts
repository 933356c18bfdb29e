// Download and verify: saves the whole ledger (rewardledger_v1) as a JSON file and recomputes its
// hash chain here in the browser with verifyLedger. Loaded only when the viewer asks for it.
import type { RewardDetails } from '../../../shared/contract/rewards';
import { verifyLedger, type ChainProblem } from '../../../shared/ledger-chain';
import { fetchWholeLedger } from './queries';

export type LedgerCheckResult = { ok: true; rows: number; headHash: string } | { ok: false; message: string };

const PROBLEM_WORDS: Record<ChainProblem, string> = {
  seq: 'its number is out of order, so a row before it is missing or moved',
  prev_hash: 'it does not point to the hash of the row before it',
  hash: 'its hash does not match its contents, so it was changed',
  user: 'it belongs to another account',
};

function saveAsFile(rows: unknown[], userId: number) {
  const blob = new Blob([JSON.stringify(rows, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `gemcast-ledger-${userId}-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads the ledger, checks every row, then checks it against the chain rewarddetails reported
 * (`chain`, read before the download): its row at that length must carry that head hash, so a
 * ledger cut short or swapped for another fails while a row added in between does not.
 */
export async function downloadAndVerify(userId: number, chain: RewardDetails['chain']): Promise<LedgerCheckResult> {
  const rows = await fetchWholeLedger();
  saveAsFile(rows, userId);
  const check = await verifyLedger(rows);
  if (!check.ok)
    return {
      ok: false,
      message: `Row ${check.seq} (number ${check.index + 1} in the file) fails: ${PROBLEM_WORDS[check.problem]}.`,
    };
  const head = chain.rows === 0 ? null : rows[chain.rows - 1];
  if (rows.length < chain.rows || (head && head.hash !== chain.head_hash))
    return {
      ok: false,
      message: `The file's chain holds together, but it does not end where your account's ledger does (${chain.rows} rows).`,
    };
  return { ok: true, rows: check.rows, headHash: check.headHash };
}
