// Photo contests for the journeys: staff make one through the staff API (entries open now, voting
// later), move voting to now, review and close it; a viewer enters a photo through contestusers;
// and a small photo of its own pattern is made with sharp, so no two runs send the same picture.
import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import sharp from 'sharp';
import type { ContestFields, MySubmission, StaffContest } from '../../../src/shared/contract/contests';
import type { AuthedUser } from '../../../src/shared/contract/user';

const MINUTE = 60_000;
const at = (fromNowMs: number) => new Date(Date.now() + fromNowMs).toISOString();

/** The fields of `contest` as staff would send them back with a change. */
function fieldsOf(contest: StaffContest): ContestFields {
  return {
    title: contest.title,
    description: contest.description,
    rules: contest.rules_html,
    eventid: contest.eventid,
    submit_opens_at: contest.submit_opens_at,
    submit_closes_at: contest.submit_closes_at,
    vote_opens_at: contest.vote_opens_at,
    vote_closes_at: contest.vote_closes_at,
    entries_per_viewer: contest.entries_per_viewer,
    vote_rule: contest.vote_rule,
    show_counts: contest.show_counts,
    winner_count: contest.winner_count,
    prize_points: contest.prize_points,
    prize_text: contest.prize_text,
  };
}

async function answerOf<T>(response: APIResponse): Promise<T> {
  expect(response.status(), await response.text()).toBe(200);
  const body: { data: T[] } = await response.json();
  const record = body.data[0];
  if (record === undefined) throw new Error(`${response.url()} answered without a record`);
  return record;
}

/** A contest taking entries from a minute ago for ten minutes, with voting for twenty after that. */
export async function createContest(
  request: APIRequestContext,
  staff: AuthedUser,
  fields: Partial<ContestFields> & Pick<ContestFields, 'title'>,
): Promise<StaffContest> {
  const data: ContestFields = {
    submit_opens_at: at(-MINUTE),
    submit_closes_at: at(10 * MINUTE),
    vote_opens_at: at(10 * MINUTE),
    vote_closes_at: at(30 * MINUTE),
    ...fields,
  };
  return answerOf(await request.post('/api/staff/contests', { data, headers: { token: staff.tokenvalue } }));
}

/** Staff end the entries and open voting now (as editing the contest's windows does). */
export async function openVotingNow(request: APIRequestContext, staff: AuthedUser, id: number): Promise<StaffContest> {
  const contest = await answerOf<StaffContest>(
    await request.get(`/api/staff/contests/${id}`, { headers: { token: staff.tokenvalue } }),
  );
  const now = at(0);
  return answerOf(
    await request.put(`/api/staff/contests/${id}`, {
      data: { ...fieldsOf(contest), submit_closes_at: now, vote_opens_at: now },
      headers: { token: staff.tokenvalue },
    }),
  );
}

/** Staff approve entries through the review call. */
export async function approveEntries(request: APIRequestContext, staff: AuthedUser, id: number, ids: number[]) {
  const response = await request.post(`/api/staff/contests/${id}/review`, {
    data: { ids, decision: 'approve' },
    headers: { token: staff.tokenvalue },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Staff close voting now, which fixes the results. */
export async function closeContest(request: APIRequestContext, staff: AuthedUser, id: number): Promise<StaffContest> {
  return answerOf(await request.post(`/api/staff/contests/${id}/close`, { headers: { token: staff.tokenvalue } }));
}

/** A 240 px PNG of random coloured tiles: a photo no other run has sent. */
export async function makePhoto(): Promise<Buffer> {
  const tiles = 6;
  const size = 240;
  const tile = size / tiles;
  const pixels = Buffer.alloc(size * size * 3);
  const colours = Array.from({ length: tiles * tiles }, () => [randomInt(256), randomInt(256), randomInt(256)]);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const colour = colours[Math.floor(y / tile) * tiles + Math.floor(x / tile)] ?? [0, 0, 0];
      pixels.set(colour, (y * size + x) * 3);
    }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } })
    .png()
    .toBuffer();
}

/** A viewer's entry sent through contestusers, as the page's form sends it. */
export async function submitEntry(
  request: APIRequestContext,
  viewer: AuthedUser,
  contestId: number,
  caption: string,
  photo?: Buffer,
): Promise<MySubmission> {
  return answerOf(
    await request.post('/api/contestusers', {
      headers: { token: viewer.tokenvalue },
      multipart: {
        contestid: String(contestId),
        caption,
        consent: 'true',
        image: { name: 'entry.png', mimeType: 'image/png', buffer: photo ?? (await makePhoto()) },
      },
    }),
  );
}
