// Giveaway data for the journeys: giveaways and spin prize tables made through the staff API,
// entries made through the viewer API, and from the e2e server's SQLite file what only a test
// may see (the secret seed, to know in advance who a draw picks) or do (end a claim window
// without waiting 5 minutes).
import { expect, type APIRequestContext } from '@playwright/test';
import type { CreateGiveawayRequest, StaffGiveawayDetail } from '../../../src/shared/contract/giveaways-staff';
import type { SetSpinPrizesRequest } from '../../../src/shared/contract/spin';
import type { AuthedUser } from '../../../src/shared/contract/user';
import { pickWinner } from '../../../src/shared/verifiable-draw';
import { withDatabase } from './site-data';

const MINUTE = 60_000;

/** A giveaway through the staff API, open from `startsInMinutes` (negative: already open) for `minutes`. */
export async function createGiveaway(
  request: APIRequestContext,
  staff: AuthedUser,
  giveaway: Omit<CreateGiveawayRequest, 'cust_start' | 'cust_end'> & { startsInMinutes: number; minutes: number },
): Promise<StaffGiveawayDetail> {
  const { startsInMinutes, minutes, ...fields } = giveaway;
  const start = new Date(Date.now() + startsInMinutes * MINUTE);
  const data = {
    ...fields,
    cust_start: start.toISOString(),
    cust_end: new Date(start.getTime() + minutes * MINUTE).toISOString(),
  };
  const response = await request.post('/api/staff/giveaways', { data, headers: { token: staff.tokenvalue } });
  expect(response.status(), await response.text()).toBe(200);
  const saved: StaffGiveawayDetail | undefined = (await response.json()).data[0];
  if (!saved) throw new Error('creating answered without the giveaway');
  return saved;
}

/** Closes entries now, as staff do by moving the closing time. */
export async function closeGiveaway(request: APIRequestContext, staff: AuthedUser, id: number): Promise<void> {
  const response = await request.post(`/api/staff/giveaways/${id}`, {
    data: { cust_end: new Date().toISOString() },
    headers: { token: staff.tokenvalue },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export async function setSpinPrizes(
  request: APIRequestContext,
  staff: AuthedUser,
  eventId: number,
  prizes: SetSpinPrizesRequest['prizes'],
): Promise<void> {
  const response = await request.post(`/api/staff/giveaways/spin-prizes/${eventId}`, {
    data: { prizes },
    headers: { token: staff.tokenvalue },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A viewer's entry through giveawaydata_v1; answers the entry's number. */
export async function enterGiveaway(request: APIRequestContext, user: AuthedUser, id: number): Promise<number> {
  const response = await request.post('/api/giveawaydata_v1', {
    data: { eventid: id },
    headers: { token: user.tokenvalue },
  });
  expect(response.status(), await response.text()).toBe(200);
  const entryId: number | null | undefined = (await response.json()).data[0]?.entry_id;
  if (!entryId) throw new Error('entering answered without an entry number');
  return entryId;
}

/** Staff draw through the API (the browser journeys draw on the live draw screen). */
export async function drawAndClaim(request: APIRequestContext, staff: AuthedUser, id: number): Promise<void> {
  const drawn = await request.post(`/api/staff/giveaways/${id}/draw`, { headers: { token: staff.tokenvalue } });
  expect(drawn.status(), await drawn.text()).toBe(200);
  const detail: StaffGiveawayDetail = (await drawn.json()).data[0];
  const pick = detail.picks.find((p) => p.status === 'pending');
  if (!pick) throw new Error('the draw left no pending pick');
  const claimed = await request.post(`/api/staff/giveaways/${id}/claim`, {
    data: { pick_id: pick.id },
    headers: { token: staff.tokenvalue },
  });
  expect(claimed.status(), await claimed.text()).toBe(200);
}

/** Shows the claimed winners on the public pages, as the live draw screen's Announce button does. */
export async function announceWinners(request: APIRequestContext, staff: AuthedUser, id: number): Promise<void> {
  const response = await request.post(`/api/staff/giveaways/${id}/announce`, {
    data: { announced: true },
    headers: { token: staff.tokenvalue },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The entry the next draw picks, computed from the secret seed as the server will (tests only). */
export async function nextPick(id: number, alreadyPicked: number[] = []): Promise<number> {
  const { seed, entries } = withDatabase(true, (db) => {
    const row = db.prepare<[number], { seed: string }>('select seed from giveaways where event_id = ?').get(id);
    const list = db
      .prepare<[number, number], { entry_id: number; weight: number }>(
        'select e.id as entry_id, 1 + (select count(*) from giveaway_social_entries s where s.giveaway_id = ? and s.user_id = e.user_id) as weight from giveaway_entries e where e.giveaway_id = ? order by e.id',
      )
      .all(id, id);
    return { seed: row?.seed ?? '', entries: list };
  });
  const pick = await pickWinner({
    seedHex: seed,
    giveawayId: id,
    entries,
    alreadyPicked,
    sequence: alreadyPicked.length + 1,
  });
  if (!pick) throw new Error('no entry left to pick');
  return pick.entry_id;
}

/** Ends the 5-minute claim window of the giveaway's pending pick now, instead of waiting. */
export function endClaimWindow(id: number): void {
  withDatabase(false, (db) =>
    db
      .prepare("update giveaway_picks set claim_by = ? where giveaway_id = ? and status = 'pending'")
      .run(new Date(Date.now() - 1000).toISOString(), id),
  );
}
