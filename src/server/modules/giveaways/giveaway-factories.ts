// Test factories for giveaways: a giveaway made through the staff API (open now unless told
// otherwise), entries, the clock moves that close it, and a seed rigged to pick a chosen entry.
import { createHash } from 'node:crypto';
import type { Enrollment } from '../../../shared/contract/giveaways';
import type { CreateGiveawayRequest, StaffGiveawayDetail } from '../../../shared/contract/giveaways-staff';
import { commitmentOf, pickWinner } from '../../../shared/verifiable-draw';
import type { TestApp } from '../../testing/harness';

const MINUTE = 60_000;

export function giveawayFields(t: TestApp, fields: Partial<CreateGiveawayRequest> = {}): CreateGiveawayRequest {
  const now = t.clock.now().getTime();
  return {
    title: 'Sapphire pendant giveaway',
    description: 'A 1 ct Montana sapphire on a white-gold chain.',
    cust_start: new Date(now - 10 * MINUTE).toISOString(),
    cust_end: new Date(now + 50 * MINUTE).toISOString(),
    prize: '1 ct Montana sapphire pendant',
    tnc_prices: '$2,500',
    tnc: '<p>Prize value {{VALUE}}. Entries from {{START_DATE}} to {{END DATE}}.</p>',
    ...fields,
  };
}

export async function createGiveaway(
  t: TestApp,
  staffToken: string,
  fields: Partial<CreateGiveawayRequest> = {},
): Promise<StaffGiveawayDetail> {
  const res = await t.post<StaffGiveawayDetail>('/api/staff/giveaways', giveawayFields(t, fields), {
    token: staffToken,
  });
  const record = res.body.data[0];
  if (res.http !== 200 || !record) throw new Error(`createGiveaway failed: ${res.body.message}`);
  return record;
}

export async function enter(t: TestApp, token: string, eventid: number) {
  return t.post<Enrollment>('/api/giveawaydata_v1', { eventid }, { token });
}

/**
 * Moves the clock past the end of a giveaway made by giveawayFields. A draw follows, which asks for a
 * second factor from the last 10 minutes (decision 086), so every staff account passes it again now.
 */
export async function closeGiveaways(t: TestApp) {
  t.clock.advance(51 * MINUTE);
  const staff = await t.db.selectFrom('users').select('id').where('is_staff', '=', 1).execute();
  for (const { id } of staff) await t.passSecondFactor(id);
}

/** Gives a giveaway a seed whose first pick lands on `entryId`, as if the CSPRNG had chosen it (tests only). */
export async function rigFirstPick(t: TestApp, giveawayId: number, entryId: number) {
  const rows = await t.db.selectFrom('giveaway_entries').select('id').where('giveaway_id', '=', giveawayId).execute();
  const entries = rows.map((r) => ({ entry_id: r.id, weight: 1 }));
  for (let i = 0; i < 1000; i += 1) {
    const seed = createHash('sha256').update(`rig-${giveawayId}-${i}`).digest('hex');
    const pick = await pickWinner({ seedHex: seed, giveawayId, entries, alreadyPicked: [], sequence: 1 });
    if (pick?.entry_id === entryId) {
      await t.db
        .updateTable('giveaways')
        .set({ seed, seed_hash: await commitmentOf(seed) })
        .where('event_id', '=', giveawayId)
        .execute();
      return;
    }
  }
  throw new Error('no seed found');
}
