// The fairness flags of an entry's votes (decision 063): patterns staff should look at before the
// results are fixed. A pure function of the votes, so the thresholds are tested without a database.
// Flags point; they never remove a vote. Staff decide, and a void is logged with its reason.
import type { VoteFlag } from '../../../shared/contract/contests';

export type FlagVote = {
  id: number;
  /** When the voter's account was made (ISO). */
  account_created_at: string;
  /** When the vote moved to this entry (ISO). */
  cast_at: string;
  network: string;
  visitor: string;
  voided: boolean;
};

export const FLAG_RULES = {
  /** An account made less than this long before its vote is new. */
  newAccountMs: 24 * 60 * 60_000,
  /** This many votes or more from new accounts raise the flag. */
  newAccountVotes: 5,
  /** This many votes or more from one network (an IPv4 address, an IPv6 /48) raise the flag. */
  networkVotes: 5,
  /** This many votes or more from one browser session's visitor token raise the flag: one browser, several accounts. */
  visitorVotes: 2,
  /** A minute with at least this many votes ... */
  burstVotes: 10,
  /** ... and at least this many times the entry's usual rate (its other votes per minute) is a burst. */
  burstFactor: 5,
} as const;

export type FlagRules = { [K in keyof typeof FLAG_RULES]: number };

const MINUTE_MS = 60_000;

/** The UTC minute of an instant, as the timeline names it: 'YYYY-MM-DDTHH:MM'. */
export const minuteOf = (iso: string) => new Date(iso).toISOString().slice(0, 16);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const idsOf = (votes: FlagVote[]) => votes.map((v) => v.id).sort((a, b) => a - b);

/**
 * The flags of one entry's votes. Voided votes are left out: they no longer count, and staff have
 * already acted on them. Flags come in a fixed order: new accounts, networks, visitor tokens, bursts
 * (groups with the most votes first, bursts by minute).
 */
export function voteFlags(votes: FlagVote[], rules: FlagRules = FLAG_RULES): VoteFlag[] {
  const counted = votes.filter((v) => !v.voided);
  const flags: VoteFlag[] = [];

  const fresh = counted.filter((v) => {
    const age = new Date(v.cast_at).getTime() - new Date(v.account_created_at).getTime();
    return age >= 0 && age < rules.newAccountMs;
  });
  if (fresh.length >= rules.newAccountVotes) {
    flags.push({
      kind: 'new_accounts',
      summary: `${plural(fresh.length, 'vote', 'votes')} from accounts made less than a day before voting`,
      vote_ids: idsOf(fresh),
    });
  }

  const bySize = (a: [string, FlagVote[]], b: [string, FlagVote[]]) =>
    b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1);
  const networks = [
    ...groupBy(
      counted.filter((v) => v.network),
      (v) => v.network,
    ),
  ].sort(bySize);
  for (const [network, group] of networks) {
    if (group.length < rules.networkVotes) continue;
    flags.push({
      kind: 'one_network',
      summary: `${plural(group.length, 'vote', 'votes')} from one network (${network})`,
      vote_ids: idsOf(group),
    });
  }

  const visitors = [
    ...groupBy(
      counted.filter((v) => v.visitor),
      (v) => v.visitor,
    ),
  ].sort(bySize);
  for (const [visitor, group] of visitors) {
    if (group.length < rules.visitorVotes) continue;
    flags.push({
      kind: 'one_visitor',
      summary: `${plural(group.length, 'vote', 'votes')} from one browser (visitor ${visitor}) by different accounts`,
      vote_ids: idsOf(group),
    });
  }

  if (counted.length) {
    const times = counted.map((v) => new Date(v.cast_at).getTime());
    const first = Math.floor(Math.min(...times) / MINUTE_MS);
    const last = Math.floor(Math.max(...times) / MINUTE_MS);
    const spanMinutes = last - first + 1;
    const minutes = [...groupBy(counted, (v) => minuteOf(v.cast_at))].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    for (const [minute, group] of minutes) {
      // The usual rate: the entry's other votes over its other minutes (0 when it has none).
      const usual = spanMinutes > 1 ? (counted.length - group.length) / (spanMinutes - 1) : 0;
      if (group.length < rules.burstVotes || group.length < rules.burstFactor * usual) continue;
      flags.push({
        kind: 'burst',
        summary: `${plural(group.length, 'vote', 'votes')} in the minute ${minute.replace('T', ' ')} UTC, against a usual ${usual.toFixed(1)} a minute`,
        vote_ids: idsOf(group),
      });
    }
  }

  return flags;
}
