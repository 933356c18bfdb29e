// The points ledger's hash chain ('gemcast-ledger-v1', decision 055). The server stores each row's
// hash with exactly rowHash, and a viewer's downloaded ledger is checked with verifyLedger, anywhere
// Web Crypto runs (browsers, Node 20+). The steps in words: docs/ledger-verification.md.
import { sha256Hex } from './verifiable-draw';

export const LEDGER_ALGORITHM = 'gemcast-ledger-v1';

/** The prev_hash of a viewer's first row: 64 zeros. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields a row's hash covers, as they are downloaded. */
export type ChainedRow = {
  user_id: number;
  seq: number;
  points: number;
  reason: string;
  source_id: string;
  state: string;
  note: string;
  created_at: string;
  expires_at: string | null;
  prev_hash: string;
};

/**
 * The row's canonical text: a JSON array of the algorithm's name and the fields in this fixed
 * order. JSON writes integers, strings and null one way only, so the text is the same everywhere.
 */
export function canonicalRow(row: ChainedRow): string {
  return JSON.stringify([
    LEDGER_ALGORITHM,
    row.user_id,
    row.seq,
    row.points,
    row.reason,
    row.source_id,
    row.state,
    row.note,
    row.created_at,
    row.expires_at,
    row.prev_hash,
  ]);
}

/** SHA-256 of the canonical text (UTF-8), in lowercase hex. */
export function rowHash(row: ChainedRow): Promise<string> {
  return sha256Hex(canonicalRow(row));
}

export type ChainProblem = 'seq' | 'prev_hash' | 'hash' | 'user';

export type ChainCheck =
  | { ok: true; rows: number; headHash: string }
  | {
      ok: false;
      /** Where in the list (0-based) the first problem is. */
      index: number;
      /** The seq that row claims. */
      seq: number;
      problem: ChainProblem;
    };

/**
 * Recomputes a ledger given oldest first. Row i must have seq i + 1, the same viewer as row 0,
 * prev_hash equal to the row before's hash (GENESIS_HASH for the first) and a hash that matches its
 * fields. Answers the first row that fails, so an edited value, a missing row and rows out of
 * order each point at where the chain breaks. A row cut from the end leaves a shorter valid chain:
 * compare `rows` and `headHash` with what rewarddetails says.
 */
export async function verifyLedger(rows: readonly (ChainedRow & { hash: string })[]): Promise<ChainCheck> {
  let prev = GENESIS_HASH;
  for (const [index, row] of rows.entries()) {
    const fail = (problem: ChainProblem): ChainCheck => ({ ok: false, index, seq: row.seq, problem });
    if (row.user_id !== rows[0]?.user_id) return fail('user');
    if (row.seq !== index + 1) return fail('seq');
    if (row.prev_hash !== prev) return fail('prev_hash');
    if ((await rowHash(row)) !== row.hash) return fail('hash');
    prev = row.hash;
  }
  return { ok: true, rows: rows.length, headHash: prev };
}
