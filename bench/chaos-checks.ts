// The checks of `npm run chaos`, read straight from the database the killed server wrote (a fresh
// connection, one consistent snapshot): every acknowledged write is there as acknowledged, and the
// invariants hold. After each restart the cheap set; at the end, with the load stopped, also the
// ledger's hash chains, the balances and contest counts the API answers, and integrity_check.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { verifyLedger, type ChainedRow } from '../src/shared/ledger-chain';
import { openSqlite, type SqliteConnection } from '../src/server/db/sqlite-engine';
import { bulkToken } from '../src/server/testing/bulk-viewers';
import { ACK_KINDS, type Ack, type AckKind, type ChaosPlan } from './chaos-plan';

/** A read-only view of the run's database: `?` placeholders on both engines. */
type Reader = {
  rows: <T extends Record<string, unknown>>(query: string, parameters?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
};

export type Where = { sqliteFile: string } | { pgUrl: string };

async function openReader(where: Where): Promise<Reader> {
  if ('sqliteFile' in where) {
    const db: SqliteConnection = openSqlite(where.sqliteFile);
    db.exec('pragma busy_timeout = 5000; begin');
    return {
      rows: async <T>(query: string, parameters: unknown[] = []) => db.prepare(query).all(parameters) as T[],
      close: async () => {
        db.exec('commit');
        // The check's read lasts seconds, and while it lasts SQLite cannot start the WAL over: under
        // the surge the file grew to 600 MB, which every restart then read to recover, and restarts
        // slowed to tens of seconds. The server alone (one connection) never has that reader, so the
        // checker checkpoints what its read held back, waiting at most a second for the server's writer.
        db.exec('pragma busy_timeout = 1000');
        db.exec('pragma wal_checkpoint(TRUNCATE)');
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: where.pgUrl });
  await client.connect();
  await client.query('begin isolation level repeatable read read only');
  return {
    rows: async <T>(query: string, parameters: unknown[] = []) => {
      let n = 0;
      const numbered = query.replace(/\?/g, () => `$${(n += 1)}`);
      return (await client.query(numbered, parameters)).rows as T[];
    },
    close: async () => {
      await client.query('commit');
      await client.end();
    },
  };
}

export type CheckResult = {
  /** Acknowledged writes not found (or found different), per kind. */
  missing: Record<AckKind, number>;
  /** Ledger rows acknowledged with a spin's or a coupon's answer that are not there. */
  missingLedger: number;
  violations: string[];
  /** SQLite's integrity_check answer ('ok'), or null on PostgreSQL. */
  integrity: string | null;
  ms: number;
};

const count = async (reader: Reader, query: string, parameters: unknown[] = []) =>
  Number((await reader.rows<{ n: number | string }>(query, parameters))[0]?.n ?? 0);

/** Invariants that need no acknowledgement: each a query answering how many rows break it. */
const INVARIANTS: { name: string; query: string }[] = [
  {
    name: 'two entries of one viewer in one giveaway',
    query: `select count(*) as n from (select giveaway_id, user_id from giveaway_entries
      group by giveaway_id, user_id having count(*) > 1) d`,
  },
  {
    name: 'two guesses of one viewer on one question',
    query: `select count(*) as n from (select question_id, user_id from guesses
      group by question_id, user_id having count(*) > 1) d`,
  },
  {
    name: 'two votes of one viewer in one contest (and day)',
    query: `select count(*) as n from (select contest_id, user_id, vote_day from contest_votes
      group by contest_id, user_id, vote_day having count(*) > 1) d`,
  },
  {
    name: 'a vote for an entry of another contest',
    query: `select count(*) as n from contest_votes v join contest_submissions s on s.id = v.submission_id
      where s.contest_id <> v.contest_id`,
  },
  {
    name: 'two spins of one viewer for one giveaway',
    query: `select count(*) as n from (select event_id, user_id, kind from spins
      group by event_id, user_id, kind having count(*) > 1) d`,
  },
  {
    name: 'a spin without its giveaway entry',
    query: `select count(*) as n from spins s where s.kind = 'giveaway' and not exists
      (select 1 from giveaway_entries e where e.giveaway_id = s.event_id and e.user_id = s.user_id)`,
  },
  {
    name: 'duplicate chat message ids',
    query: `select count(*) - count(distinct id) as n from chat_messages`,
  },
  {
    name: "a viewer's stored ledger head (seq) is not their row count and last seq",
    query: `select count(*) as n from reward_ledger_heads h left join
      (select user_id, max(seq) as top, count(*) as rows_n from reward_ledger group by user_id) l on l.user_id = h.user_id
      where coalesce(l.top, 0) <> h.seq or coalesce(l.rows_n, 0) <> h.seq`,
  },
  {
    name: "a viewer's stored ledger head (hash) is not their last row's hash",
    query: `select count(*) as n from reward_ledger_heads h join reward_ledger r
      on r.user_id = h.user_id and r.seq = h.seq where r.hash <> h.hash`,
  },
  {
    name: 'ledger rows of a viewer with no stored head',
    query: `select count(distinct r.user_id) as n from reward_ledger r
      left join reward_ledger_heads h on h.user_id = r.user_id where h.user_id is null`,
  },
  {
    name: 'a settled balance below 0 (a debit the balance did not cover)',
    query: `select count(*) as n from (select user_id from reward_ledger where state = 'settled'
      group by user_id having sum(points) < 0) d`,
  },
  {
    name: 'a spin with points but no ledger credit of those points',
    query: `select count(*) as n from spins s where s.points > 0 and not exists (select 1 from reward_ledger r
      where r.user_id = s.user_id and r.reason = 'spin' and r.source_id = 'spin:' || s.event_id || ':' || s.kind
      and r.points = s.points)`,
  },
  {
    name: 'a spin credit in the ledger with no spin',
    query: `select count(*) as n from reward_ledger r where r.reason = 'spin' and not exists (select 1 from spins s
      where s.user_id = r.user_id and r.source_id = 'spin:' || s.event_id || ':' || s.kind)`,
  },
  {
    name: 'a bought coupon without its ledger debit',
    query: `select count(*) as n from coupons c where c.origin = 'redeem' and not exists (select 1 from reward_ledger r
      where r.user_id = c.user_id and r.reason = 'redeem' and r.source_id = 'coupon:' || c.id
      and r.points = -c.points_cost)`,
  },
  {
    name: 'a coupon debit in the ledger with no coupon',
    query: `select count(*) as n from reward_ledger r where r.reason = 'redeem' and not exists
      (select 1 from coupons c where r.source_id = 'coupon:' || c.id and c.user_id = r.user_id)`,
  },
];

/** Everything acknowledged, by kind, as the runner has heard it. */
export type Acks = Record<AckKind, Ack[]>;

export function emptyAcks(): Acks {
  return { entry: [], spin: [], guess: [], vote: [], redeem: [], chat: [] };
}

async function missingAcks(reader: Reader, plan: ChaosPlan, acks: Acks) {
  const missing = Object.fromEntries(ACK_KINDS.map((kind) => [kind, 0])) as Record<AckKind, number>;
  const giveaways = plan.rounds.map((r) => r.giveaway);
  const questions = plan.rounds.map((r) => r.question);
  const contests = plan.rounds.map((r) => r.contest);
  const marks = (list: number[]) => list.map(() => '?').join(', ');

  const entries = new Set(
    (
      await reader.rows<{ giveaway_id: number; user_id: number }>(
        `select giveaway_id, user_id from giveaway_entries where giveaway_id in (${marks(giveaways)})`,
        giveaways,
      )
    ).map((row) => `${row.giveaway_id}:${row.user_id}`),
  );
  for (const a of acks.entry)
    if (a.kind === 'entry' && !entries.has(`${plan.rounds[a.round]?.giveaway}:${a.user}`)) missing.entry += 1;

  const spins = new Map(
    (
      await reader.rows<{ event_id: number; user_id: number; prize_id: number | null; points: number }>(
        `select event_id, user_id, prize_id, points from spins where kind = 'giveaway' and event_id in (${marks(giveaways)})`,
        giveaways,
      )
    ).map((row) => [`${row.event_id}:${row.user_id}`, row]),
  );
  for (const a of acks.spin) {
    if (a.kind !== 'spin') continue;
    const row = spins.get(`${plan.rounds[a.round]?.giveaway}:${a.user}`);
    if (!row || row.prize_id !== a.prize || Number(row.points) !== a.points) missing.spin += 1;
  }

  const guesses = new Map(
    (
      await reader.rows<{ question_id: number; user_id: number; value: number }>(
        `select question_id, user_id, value from guesses where question_id in (${marks(questions)})`,
        questions,
      )
    ).map((row) => [`${row.question_id}:${row.user_id}`, Number(row.value)]),
  );
  for (const a of acks.guess)
    if (a.kind === 'guess' && guesses.get(`${plan.rounds[a.round]?.question}:${a.user}`) !== a.value)
      missing.guess += 1;

  const votes = new Map(
    (
      await reader.rows<{ contest_id: number; user_id: number; submission_id: number }>(
        `select contest_id, user_id, submission_id from contest_votes where voided_at is null and contest_id in (${marks(contests)})`,
        contests,
      )
    ).map((row) => [`${row.contest_id}:${row.user_id}`, row.submission_id]),
  );
  for (const a of acks.vote)
    if (a.kind === 'vote' && votes.get(`${plan.rounds[a.round]?.contest}:${a.user}`) !== a.submission)
      missing.vote += 1;

  const coupons = new Map(
    (
      await reader.rows<{ id: number; user_id: number; points_cost: number }>(
        `select id, user_id, points_cost from coupons where origin = 'redeem'`,
      )
    ).map((row) => [Number(row.id), row]),
  );
  for (const a of acks.redeem) {
    if (a.kind !== 'redeem') continue;
    const row = coupons.get(a.coupon);
    if (!row || row.user_id !== a.user || Number(row.points_cost) !== a.points) missing.redeem += 1;
  }

  const messages = new Map(
    (
      await reader.rows<{ id: number; user_id: number; text: string }>(`select id, user_id, text from chat_messages`)
    ).map((row) => [Number(row.id), row]),
  );
  for (const a of acks.chat) {
    if (a.kind !== 'chat') continue;
    const row = messages.get(a.id);
    if (!row || row.user_id !== a.user || row.text !== a.text) missing.chat += 1;
  }

  // The ledger rows the spin and coupon answers stood for.
  const ledger = new Set(
    (
      await reader.rows<{ user_id: number; source_id: string; points: number }>(
        `select user_id, source_id, points from reward_ledger where reason in ('spin', 'redeem') and state = 'settled'`,
      )
    ).map((row) => `${row.user_id}:${row.source_id}:${row.points}`),
  );
  let missingLedger = 0;
  for (const a of acks.spin)
    if (
      a.kind === 'spin' &&
      a.points > 0 &&
      !ledger.has(`${a.user}:spin:${plan.rounds[a.round]?.giveaway}:giveaway:${a.points}`)
    )
      missingLedger += 1;
  for (const a of acks.redeem)
    if (a.kind === 'redeem' && !ledger.has(`${a.user}:coupon:${a.coupon}:${-a.points}`)) missingLedger += 1;
  return { missing, missingLedger };
}

/** Acknowledgements that contradict each other: one chat id answered for two messages. */
function ackViolations(acks: Acks): string[] {
  const texts = new Map<number, string>();
  let reused = 0;
  for (const a of acks.chat) {
    if (a.kind !== 'chat') continue;
    const seen = texts.get(a.id);
    if (seen !== undefined && seen !== a.text) reused += 1;
    texts.set(a.id, a.text);
  }
  return reused ? [`${reused} chat message ids acknowledged for two different messages`] : [];
}

async function stockViolations(reader: Reader, plan: ChaosPlan): Promise<string[]> {
  const out: string[] = [];
  for (const round of plan.rounds) {
    const left = await count(reader, 'select stock as n from spin_prizes where id = ?', [round.stockedPrize]);
    const won = await count(reader, 'select count(*) as n from spins where prize_id = ?', [round.stockedPrize]);
    if (round.stock - left !== won)
      out.push(
        `prize ${round.stockedPrize}: stock ${round.stock} - ${left} left = ${round.stock - left}, but ${won} spins won it`,
      );
  }
  return out;
}

const settledSum = (rows: { state: string; points: number }[]) =>
  rows.filter((row) => row.state === 'settled').reduce((sum, row) => sum + row.points, 0);

async function freshSettledSum(where: Where, userId: number): Promise<number> {
  const reader = await openReader(where);
  try {
    return await count(
      reader,
      `select coalesce(sum(points), 0) as n from reward_ledger where user_id = ? and state = 'settled'`,
      [userId],
    );
  } finally {
    await reader.close();
  }
}

/** The cheap set, after each restart while the load goes on. */
export async function quickCheck(where: Where, plan: ChaosPlan, liveAcks: Acks): Promise<CheckResult> {
  const started = performance.now();
  // The acknowledgements as they stand now: every one was answered after its commit, so before any
  // read below. The live lists grow while the check reads; an acknowledgement that arrived after a
  // table was read (a PostgreSQL run once counted such a guess as missing) would be checked against
  // a read taken before its commit.
  const acks = Object.fromEntries(ACK_KINDS.map((kind) => [kind, liveAcks[kind].slice()])) as Acks;
  const reader = await openReader(where);
  try {
    const { missing, missingLedger } = await missingAcks(reader, plan, acks);
    const violations = [...ackViolations(acks), ...(await stockViolations(reader, plan))];
    for (const invariant of INVARIANTS) {
      const n = await count(reader, invariant.query);
      if (n) violations.push(`${n} × ${invariant.name}`);
    }
    const integrity =
      'sqliteFile' in where
        ? (await reader.rows<{ integrity_check: string }>('pragma integrity_check'))
            .map((row) => row.integrity_check)
            .join('; ')
        : null;
    return { missing, missingLedger, violations, integrity, ms: Math.round(performance.now() - started) };
  } finally {
    await reader.close();
  }
}

/**
 * The full set, with the load stopped: the cheap set, every viewer's hash chain, and what the API
 * of the restarted server answers: each viewer's balance equals their settled ledger rows' sum, and
 * each contest's vote counts equal its vote rows (counts are counted from rows, decision 063).
 */
export async function fullCheck(where: Where, plan: ChaosPlan, acks: Acks, baseUrl: string): Promise<CheckResult> {
  const started = performance.now();
  const result = await quickCheck(where, plan, acks);
  const reader = await openReader(where);
  try {
    const rows = await reader.rows<ChainedRow & { hash: string }>(
      `select user_id, seq, points, reason, source_id, state, note, created_at, expires_at, prev_hash, hash
       from reward_ledger order by user_id, seq`,
    );
    const byUser = new Map<number, typeof rows>();
    for (const row of rows) {
      const userId = Number(row.user_id);
      const list = byUser.get(userId) ?? [];
      list.push({ ...row, user_id: userId, seq: Number(row.seq), points: Number(row.points) });
      byUser.set(userId, list);
    }
    let broken = 0;
    for (const list of byUser.values()) if (!(await verifyLedger(list)).ok) broken += 1;
    if (broken) result.violations.push(`${broken} viewers' ledger hash chains do not verify`);

    // The server credits entry points beside the requests (every 30 s, and at start to catch up on a
    // crash's gap), so a balance that differs is read again with a fresh sum before it counts.
    let wrongBalances = 0;
    for (let n = 0; n < plan.viewerIds.length; n += 1) {
      const userId = plan.viewerIds[n] ?? 0;
      let settled = settledSum(byUser.get(userId) ?? []);
      for (let attempt = 0; ; attempt += 1) {
        const res = await fetch(`${baseUrl}/api/rewarddetails`, { headers: { token: bulkToken(plan.tag, n) } });
        const balance: unknown = (await res.json()).data?.[0]?.balance;
        if (balance === settled) break;
        if (attempt === 4) {
          wrongBalances += 1;
          break;
        }
        await sleep(1_000);
        settled = await freshSettledSum(where, userId);
      }
    }
    if (wrongBalances)
      result.violations.push(`${wrongBalances} viewers' balance (rewarddetails) is not their ledger's sum`);

    let wrongCounts = 0;
    for (const round of plan.rounds) {
      const stored = new Map(
        (
          await reader.rows<{ submission_id: number; n: number | string }>(
            `select submission_id, count(*) as n from contest_votes where contest_id = ? and voided_at is null group by submission_id`,
            [round.contest],
          )
        ).map((row) => [Number(row.submission_id), Number(row.n)]),
      );
      const res = await fetch(`${baseUrl}/api/contestcounts_v1?contestid=${round.contest}`, {
        headers: { token: plan.staffToken },
      });
      const entries: unknown = (await res.json()).data?.[0]?.entries;
      for (const entry of Array.isArray(entries) ? entries : [])
        if (entry.votes !== (stored.get(entry.id) ?? 0)) wrongCounts += 1;
    }
    if (wrongCounts)
      result.violations.push(
        `${wrongCounts} contest entries' vote counts (contestcounts_v1) differ from their vote rows`,
      );
  } finally {
    await reader.close();
  }
  return { ...result, ms: Math.round(performance.now() - started) };
}
