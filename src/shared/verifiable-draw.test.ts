import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commitmentOf, entryForTicket, entryListText, listDigest, pickWinner, recomputePicks } from './verifiable-draw';

const SEED = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const ENTRIES = [
  { entry_id: 7, weight: 1 },
  { entry_id: 3, weight: 2 },
  { entry_id: 12, weight: 1 },
];

describe('verifiable draw (gemcast-draw-v1)', () => {
  it('commits to the seed with SHA-256 of its bytes', async () => {
    expect(await commitmentOf(SEED)).toBe(createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'));
  });

  it('lists entries canonically by entry id, whatever order they come in', async () => {
    expect(entryListText(ENTRIES)).toBe('3:2\n7:1\n12:1\n');
    expect(await listDigest(ENTRIES)).toBe(createHash('sha256').update('3:2\n7:1\n12:1\n').digest('hex'));
    expect(await listDigest([...ENTRIES].reverse())).toBe(await listDigest(ENTRIES));
  });

  it('derives each ticket as the documented HMAC modulo the eligible weight', async () => {
    const digest = await listDigest(ENTRIES);
    const mac = createHmac('sha256', Buffer.from(SEED, 'hex')).update(`gemcast-draw-v1|42|${digest}|1`).digest('hex');
    const expected = BigInt(`0x${mac}`) % 4n;
    const pick = await pickWinner({ seedHex: SEED, giveawayId: 42, entries: ENTRIES, alreadyPicked: [], sequence: 1 });
    expect(pick).toEqual({
      sequence: 1,
      ticket: expected,
      total_weight: 4,
      entry_id: entryForTicket(
        [
          { entry_id: 3, weight: 2 },
          { entry_id: 7, weight: 1 },
          { entry_id: 12, weight: 1 },
        ],
        expected,
      )?.entry_id,
    });
  });

  it('maps tickets onto running weight totals', () => {
    const eligible = [
      { entry_id: 3, weight: 2 },
      { entry_id: 7, weight: 1 },
      { entry_id: 12, weight: 1 },
    ];
    expect([0n, 1n, 2n, 3n, 4n].map((t) => entryForTicket(eligible, t)?.entry_id ?? null)).toEqual([3, 3, 7, 12, null]);
  });

  it('never picks an entry twice and stops when none is left', async () => {
    const picks = await recomputePicks(SEED, 42, ENTRIES, 5);
    expect(picks.map((p) => p.sequence)).toEqual([1, 2, 3]);
    expect(new Set(picks.map((p) => p.entry_id))).toEqual(new Set([3, 7, 12]));
    const weightOf = (entryId: number | undefined) => ENTRIES.find((e) => e.entry_id === entryId)?.weight ?? 0;
    expect(picks[0]?.total_weight).toBe(4);
    expect(picks[1]?.total_weight).toBe(4 - weightOf(picks[0]?.entry_id));
    expect(picks[2]?.total_weight).toBe(weightOf(picks[2]?.entry_id));
  });

  it('picks entries as often as their weights say (20,000 seeds, within ±0.015)', async () => {
    // Weights 1, 2, 3, 4 of 10. The standard error at p = 0.4 over 20,000 draws is 0.0035, so
    // ±0.015 is over 4 standard errors: a fair draw fails this about once in 30,000 runs.
    const table = [1, 2, 3, 4].map((weight, i) => ({ entry_id: i + 1, weight }));
    const draws = 20_000;
    const wins = new Map<number, number>();
    for (let i = 0; i < draws; i += 1) {
      const pick = await pickWinner({
        seedHex: randomBytes(32).toString('hex'),
        giveawayId: 1,
        entries: table,
        alreadyPicked: [],
        sequence: 1,
      });
      if (pick) wins.set(pick.entry_id, (wins.get(pick.entry_id) ?? 0) + 1);
    }
    for (const entry of table)
      expect(Math.abs((wins.get(entry.entry_id) ?? 0) / draws - entry.weight / 10)).toBeLessThan(0.015);
  });
});
