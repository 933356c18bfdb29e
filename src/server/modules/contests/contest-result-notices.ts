// Telling a contest's entrants its results (decision 069), in the transaction that fixes them: each
// winner their place and prize, every other entrant thanks. A viewer with several entries is told
// once, by their best place. Results are fixed once, so each viewer is told once.
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { ContestsTable } from '../../db/schema';
import { notify } from '../notifications/notifications.service';
import type { Standing } from './contest-results';
import { contestsRepository } from './contests.repository';

/** What a 'contest_result' notification carries in its data: place is null for those who did not win. */
export type ContestResultData = {
  contest_id: number;
  title: string;
  place: number | null;
  prize: string;
  /** Reward points each winner was credited; 0 for none. */
  points: number;
};

/** "1st", "2nd", "3rd", "11th". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** The prize in words: the contest's prize text, else its points, else nothing. */
export function prizeOf(contest: Pick<Selectable<ContestsTable>, 'prize_text' | 'prize_points'>): string {
  if (contest.prize_text) return contest.prize_text;
  return contest.prize_points > 0 ? `${contest.prize_points} reward points` : '';
}

export async function notifyContestResults(
  trx: Db,
  ctx: Pick<AppContext, 'config'>,
  contest: Selectable<ContestsTable>,
  standings: Standing[],
  at: Date,
): Promise<void> {
  const bestPlace = new Map<number, number>();
  standings.forEach((s, i) => {
    if (!bestPlace.has(s.user_id)) bestPlace.set(s.user_id, i + 1);
  });
  const prize = prizeOf(contest);
  const subject = `contest:${contest.id}:results`;
  const url = `${ctx.config.publicUrl}/contest/${contest.id}`;
  for (const [userId, place] of bestPlace) {
    if (place > contest.winner_count) continue;
    const data: ContestResultData = {
      contest_id: contest.id,
      title: contest.title,
      place,
      prize,
      points: contest.prize_points,
    };
    await notify(trx, {
      userIds: [userId],
      kind: 'contest_result',
      subject,
      title: `You placed ${ordinal(place)} in ${contest.title}`,
      body: prize
        ? `Your entry placed ${ordinal(place)} in "${contest.title}" and wins ${prize}.`
        : `Your entry placed ${ordinal(place)} in "${contest.title}".`,
      url,
      data,
      at,
    });
  }
  const winners = new Set([...bestPlace].filter(([, place]) => place <= contest.winner_count).map(([id]) => id));
  const others = (await contestsRepository.entrantIds(trx, contest.id)).filter((id) => !winners.has(id));
  const data: ContestResultData = {
    contest_id: contest.id,
    title: contest.title,
    place: null,
    prize,
    points: contest.prize_points,
  };
  await notify(trx, {
    userIds: others,
    kind: 'contest_result',
    subject,
    title: `Results are in: ${contest.title}`,
    body: `The winners of "${contest.title}" have been chosen. Thank you for entering.`,
    url,
    data,
    at,
  });
}
