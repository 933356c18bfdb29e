import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, canonicalRow, rowHash, verifyLedger, type ChainedRow } from './ledger-chain';

/** A chain of `points.length` rows for viewer 7, built as the server builds it. */
async function chainOf(points: number[]) {
  const rows: (ChainedRow & { hash: string })[] = [];
  let prev = GENESIS_HASH;
  for (const [i, p] of points.entries()) {
    const fields: ChainedRow = {
      user_id: 7,
      seq: i + 1,
      points: p,
      reason: p > 0 ? 'checkin' : 'redeem',
      source_id: `event:${i + 1}`,
      state: 'settled',
      note: '',
      created_at: `2026-06-0${i + 1}T18:00:00.000Z`,
      expires_at: p > 0 ? `2027-06-0${i + 1}T18:00:00.000Z` : null,
      prev_hash: prev,
    };
    const hash = await rowHash(fields);
    rows.push({ ...fields, hash });
    prev = hash;
  }
  return rows;
}

describe('the ledger hash chain (gemcast-ledger-v1)', () => {
  it('hashes the canonical JSON array of the fields with SHA-256, as any SHA-256 tool would', async () => {
    const [row] = await chainOf([50]);
    if (!row) throw new Error('no row');
    const text = canonicalRow(row);
    expect(text).toBe(
      `["gemcast-ledger-v1",7,1,50,"checkin","event:1","settled","","2026-06-01T18:00:00.000Z","2027-06-01T18:00:00.000Z","${GENESIS_HASH}"]`,
    );
    expect(row.hash).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });

  it('verifies an untouched chain and reports its length and last hash', async () => {
    const rows = await chainOf([50, 20, -30, 10]);
    expect(await verifyLedger(rows)).toEqual({ ok: true, rows: 4, headHash: rows[3]?.hash });
    expect(await verifyLedger([])).toEqual({ ok: true, rows: 0, headHash: GENESIS_HASH });
  });

  it('fails at the row whose points were changed', async () => {
    const rows = await chainOf([50, 20, -30, 10]);
    const tampered = rows.map((row) => (row.seq === 3 ? { ...row, points: -3 } : row));
    expect(await verifyLedger(tampered)).toEqual({ ok: false, index: 2, seq: 3, problem: 'hash' });
  });

  it('fails where a row was taken out, even if the rows after it were renumbered', async () => {
    const rows = await chainOf([50, 20, -30, 10]);
    const missing = rows.filter((row) => row.seq !== 2);
    expect(await verifyLedger(missing)).toEqual({ ok: false, index: 1, seq: 3, problem: 'seq' });
    const renumbered = missing.map((row, i) => ({ ...row, seq: i + 1 }));
    expect(await verifyLedger(renumbered)).toEqual({ ok: false, index: 1, seq: 2, problem: 'prev_hash' });
  });

  it('fails at the first row out of order', async () => {
    const rows = await chainOf([50, 20, -30, 10]);
    const [a, b, c, d] = rows;
    if (!a || !b || !c || !d) throw new Error('short chain');
    expect(await verifyLedger([a, c, b, d])).toEqual({ ok: false, index: 1, seq: 3, problem: 'seq' });
  });

  it("fails at a row from someone else's ledger, and at a hash that was recomputed for an edit", async () => {
    const rows = await chainOf([50, 20]);
    const [first, second] = rows;
    if (!first || !second) throw new Error('short chain');
    expect(await verifyLedger([first, { ...second, user_id: 8 }])).toMatchObject({
      ok: false,
      index: 1,
      problem: 'user',
    });
    // An editor who also recomputes the edited row's hash still breaks the link to the next row.
    const edited = { ...first, points: 5000 };
    const rehashed = { ...edited, hash: await rowHash(edited) };
    expect(await verifyLedger([rehashed, second])).toEqual({ ok: false, index: 1, seq: 2, problem: 'prev_hash' });
  });
});
