// What `npm run chaos` (bench/chaos.ts) and its load generator (bench/chaos-load.ts) share: the seeded
// show (its rounds of giveaway, question and contest), the acknowledged writes the load reports, and
// the failures it counts while the server is down.

/** One round of the surge: every viewer enters the giveaway, spins, guesses and votes once. */
export type ChaosRound = {
  giveaway: number;
  /** The live show the round's question is asked on (one open question per show). */
  show: number;
  question: number;
  contest: number;
  /** The contest's approved entries, none of them a surge viewer's (no one may vote for their own). */
  submissions: number[];
  /** The giveaway's wheel prize with a stock: stock seeded minus stock left must equal its spins. */
  stockedPrize: number;
  stock: number;
};

export type ChaosPlan = {
  /** The bulk-viewer tag: viewer n's session token is bulkToken(tag, n). */
  tag: string;
  viewerIds: number[];
  staffId: number;
  staffToken: string;
  /** The show whose chat room every chatting viewer joins. */
  chatShow: number;
  catalogueId: number;
  /** What one coupon from the catalogue item costs. */
  couponPoints: number;
  /** Points each viewer starts with (a staff adjustment), so coupons can be bought from the start. */
  seedPoints: number;
  rounds: ChaosRound[];
};

/** An acknowledged write: a 2xx answer, or the chat server's echo of a message with our client id. */
export type Ack =
  | { kind: 'entry'; round: number; user: number }
  | { kind: 'spin'; round: number; user: number; prize: number | null; points: number }
  | { kind: 'guess'; round: number; user: number; value: number }
  | { kind: 'vote'; round: number; user: number; submission: number }
  | { kind: 'redeem'; user: number; coupon: number; points: number }
  | { kind: 'chat'; user: number; id: number; text: string };

export type AckKind = Ack['kind'];
export const ACK_KINDS: readonly AckKind[] = ['entry', 'spin', 'guess', 'vote', 'redeem', 'chat'];

/** How a request that was not acknowledged ended. */
export type FailureKind =
  /** Connection refused or reset, socket closed, timed out: the server was down or being killed. */
  | 'network'
  /** 5xx: the server answered but could not do it (e.g. while starting or closing). */
  | 'server'
  /** 409 and 422 after a retry: the first try was stored but its answer was lost. */
  | 'already'
  /** 429: a rate limit (chat's, or coupon redemptions per viewer). */
  | 'limited'
  /** Any other 4xx or chat refusal: a bug in the load generator or a rule it broke. */
  | 'refused';

export type FailureTally = Record<AckKind, Record<FailureKind, number>>;

export function emptyFailures(): FailureTally {
  const none = (): Record<FailureKind, number> => ({ network: 0, server: 0, already: 0, limited: 0, refused: 0 });
  return { entry: none(), spin: none(), guess: none(), vote: none(), redeem: none(), chat: none() };
}

/** Load generator → runner, over the IPC channel. */
export type LoadMessage =
  { type: 'acks'; acks: Ack[] } | { type: 'stopped'; failures: FailureTally; roundsDone: number; refusals: string[] };

/** Runner → load generator. */
export type RunnerMessage = { type: 'stop' };

/** The load generator's start-up input, as JSON in CHAOS_LOAD. */
export type LoadInput = { baseUrl: string; plan: ChaosPlan; connections: number; chatters: number };
