// Contest data for the staff contest journey, made through the API as viewers and staff would:
// a photo made in the test (sharp), a viewer's entry (multipart contestusers), votes (uservotes),
// and moving a contest's windows so voting opens now (the staff edit call).
import { expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { ContestFields, MySubmission, StaffContest, VoteState } from '../../../src/shared/contract/contests';
import type { AuthedUser } from '../../../src/shared/contract/user';
import { registerViewer } from './factories';

/** A small PNG of one colour with a darker square in it, different for each `seed`, so no two entries are the same photo. */
export async function contestPhoto(seed: number): Promise<Buffer> {
  const hue = (seed * 67) % 360;
  const [r, g, b] = hslToRgb(hue, 0.6, 0.55);
  const square = await sharp({
    create: { width: 80, height: 80, channels: 3, background: { r: 255 - r, g: 255 - g, b: 255 - b } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r, g, b } } })
    .composite([{ input: square, left: (seed * 37) % 240, top: (seed * 53) % 160 }])
    .png()
    .toBuffer();
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/** A new viewer sends an entry (contestusers, multipart); answers the entry and the viewer. */
export async function submitEntry(
  request: APIRequestContext,
  contestId: number,
  options: { caption: string; seed: number; consent: boolean },
): Promise<{ entry: MySubmission; user: AuthedUser }> {
  const { user } = await registerViewer(request);
  const response = await request.post('/api/contestusers', {
    headers: { token: user.tokenvalue },
    multipart: {
      contestid: String(contestId),
      caption: options.caption,
      consent: options.consent ? 'true' : 'false',
      image: { name: `entry-${options.seed}.png`, mimeType: 'image/png', buffer: await contestPhoto(options.seed) },
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const entry: MySubmission | undefined = (await response.json()).data[0];
  if (!entry) throw new Error('contestusers answered without the entry');
  return { entry, user };
}

export async function staffContest(request: APIRequestContext, token: string, id: number): Promise<StaffContest> {
  const response = await request.get(`/api/staff/contests/${id}`, { headers: { token } });
  expect(response.status(), await response.text()).toBe(200);
  const contest: StaffContest | undefined = (await response.json()).data[0];
  if (!contest) throw new Error('the staff contest call answered without the contest');
  return contest;
}

const MINUTE = 60_000;

/** Staff close entries and open voting now, for a day, through the edit call (every other field as saved). */
export async function openVotingNow(request: APIRequestContext, token: string, id: number): Promise<StaffContest> {
  const saved = await staffContest(request, token, id);
  const now = Date.now();
  const fields: ContestFields = {
    title: saved.title,
    description: saved.description,
    rules: saved.rules_html,
    eventid: saved.eventid,
    submit_opens_at: new Date(Math.min(new Date(saved.submit_opens_at).getTime(), now - 2 * MINUTE)).toISOString(),
    submit_closes_at: new Date(now - MINUTE).toISOString(),
    vote_opens_at: new Date(now - MINUTE).toISOString(),
    vote_closes_at: new Date(now + 24 * 60 * MINUTE).toISOString(),
    entries_per_viewer: saved.entries_per_viewer,
    vote_rule: saved.vote_rule,
    show_counts: saved.show_counts,
    winner_count: saved.winner_count,
    prize_points: saved.prize_points,
    prize_text: saved.prize_text,
  };
  const response = await request.put(`/api/staff/contests/${id}`, { headers: { token }, data: fields });
  expect(response.status(), await response.text()).toBe(200);
  const contest: StaffContest | undefined = (await response.json()).data[0];
  if (!contest) throw new Error('the edit answered without the contest');
  expect(contest.phase).toBe('voting');
  return contest;
}

/** `count` new viewers each vote for the entry (uservotes, the spec's GET). */
export async function votesFromNewViewers(
  request: APIRequestContext,
  submissionId: number,
  count: number,
): Promise<VoteState[]> {
  const states: VoteState[] = [];
  for (let i = 0; i < count; i += 1) {
    const { user } = await registerViewer(request);
    const response = await request.get(`/api/uservotes?submissionid=${submissionId}`, {
      headers: { token: user.tokenvalue },
    });
    expect(response.status(), await response.text()).toBe(200);
    const state: VoteState | undefined = (await response.json()).data[0];
    if (!state) throw new Error('uservotes answered without the vote');
    states.push(state);
  }
  return states;
}
