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
  dialect: 'sqlite' | 'postgres';
  rows: <T extends Record<string, unknown>>(query: string, parameters?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
};

export type Where = { sqliteFile: string } | { pgUrl: string };

async function openReader(where: Where): Promise<Reader> {
  if ('sqliteFile' in where) {
    const db: SqliteConnection = openSqlite(where.sqliteFile);
    db.exec('pragma busy_timeout = 5000; begin');
    return {
      dialect: 'sqlite',
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
    dialect: 'postgres',
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
  /** Milliseconds per part of the check (opening, each query, integrity_check, the checkpoint). */
  parts: Record<string, number>;
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
    // Counted from the spins' side, each spin's credits found by the ledger's key: searched from
    // the ledger's side, each credit scanned all spins (no index leads with user_id), and the check
    // grew with the square of the spins. A credit matches at most one spin (the spins' key is in its
    // source). The count per spin is a correlated subquery so that no planner turns the join
    // around: as a join, SQLite built an index of the ledger for each check (620 ms against 65 ms
    // at 36,000 spins).
    query: `select (select count(*) from reward_ledger where reason = 'spin') - (select coalesce(sum((select count(*)
      from reward_ledger r where r.user_id = s.user_id and r.reason = 'spin'
      and r.source_id = 'spin:' || s.event_id || ':' || s.kind)), 0) from spins s) as n`,
  },
  {
    name: 'a coupon debit in the ledger with no coupon',
    // As for spin credits, from the coupons' side (a debit matches at most one coupon, whose id is
    // in its source): 46 ms against 365 ms as a join, at 25,000 coupons.
    query: `select (select count(*) from reward_ledger where reason = 'redeem') - (select coalesce(sum((select count(*)
      from reward_ledger r where r.user_id = c.user_id and r.reason = 'redeem'
      and r.source_id = 'coupon:' || c.id)), 0) from coupons c) as n`,
  },
  {
    name: 'a bought coupon without its ledger debit',
    query: `select count(*) as n from coupons c where c.origin = 'redeem' and not exists (select 1 from reward_ledger r
      where r.user_id = c.user_id and r.reason = 'redeem' and r.source_id = 'coupon:' || c.id
      and r.points = -c.points_cost)`,
  },
];

/** Everything acknowledged, by kind, as the runner has heard it. */
export type Acks = Record<AckKind, Ack[]>;

export function emptyAcks(): Acks {
  return { entry: [], spin: [], guess: [], vote: [], redeem: [], chat: [] };
}

/**
 * The acknowledged keys of one kind, as rows a query joins against the tables: one JSON array
 * parameter of arrays, read by `json_each` (SQLite) or `jsonb_array_elements` (PostgreSQL). Each
 * kind is one query whose cost is the acknowledgements' index look-ups, done by the database, not
 * a copy of the whole table into the checker. `a.value ->> n` is the n-th field of an
 * acknowledgement (text on PostgreSQL, hence the casts).
 */
function ackedRows(reader: Reader) {
  return reader.dialect === 'sqlite' ? 'json_each(?) a' : 'jsonb_array_elements(cast(? as jsonb)) a(value)';
}

/** `a` and `b` differ, nulls included. */
function differs(reader: Reader, a: string, b: string) {
  return reader.dialect === 'sqlite' ? `${a} is not ${b}` : `${a} is distinct from ${b}`;
}

const field = (n: number, type: 'bigint' | 'double precision' | 'text') =>
  type === 'text' ? `(a.value ->> ${n})` : `cast(a.value ->> ${n} as ${type})`;

/** How many of `keys` the query finds missing: `?` is the JSON array of them. */
async function countMissing(reader: Reader, keys: unknown[][], query: string) {
  return keys.length ? count(reader, query, [JSON.stringify(keys)]) : 0;
}

/**
 * One table the acknowledgements are looked for in, by a key that finds at most one row: `match`
 * joins the row `t` to the acknowledgement `a`, `fingerprint` sums the columns an acknowledgement
 * fixes (with `where`, the rows it may be among).
 */
type AckTable = { table: string; where: string; match: string; fingerprint: string };

/**
 * What the checks so far found, per table: the first `checked` keys were all there, in rows with
 * ids up to `upto`, and those rows then summed to `fingerprint`. See `lookUp`.
 */
export type AckProgress = Map<string, { checked: number; upto: number; fingerprint: string }>;

/**
 * How many of `keys` are missing from the table. Nothing is deleted or changed in the tables the
 * load writes, and ids only grow: when the rows up to the last check's highest found id still sum
 * as they did, every key found then is still there, and only the keys acknowledged since are
 * looked up one by one. When the sums differ (a row lost or changed, or on PostgreSQL an id handed
 * out before the last check whose row committed after it), every key is looked up again. The
 * earlier rows then cost one summing scan instead of a look-up each: still a pass over them, but a
 * far cheaper one (decision 095).
 */
async function lookUp(reader: Reader, name: string, spec: AckTable, keys: unknown[][], progress?: AckProgress) {
  const fingerprintUpTo = async (upto: number) =>
    JSON.stringify(
      (
        await reader.rows(`select ${spec.fingerprint} from ${spec.table} t where ${spec.where} and t.id <= ?`, [upto])
      )[0],
    );
  const before = progress?.get(name);
  const isIntact = before !== undefined && (await fingerprintUpTo(before.upto)) === before.fingerprint;
  const from = isIntact ? before.checked : 0;
  const [found] = await reader.rows<{ missing: number | string; upto: number | string | null }>(
    `select count(*) - count(t.id) as missing, max(t.id) as upto from ${ackedRows(reader)}
     left join ${spec.table} t on ${spec.where} and ${spec.match}`,
    [JSON.stringify(keys.slice(from))],
  );
  const missing = Number(found?.missing ?? 0);
  if (progress) {
    if (missing) progress.delete(name);
    else {
      const upto = Math.max(isIntact ? before.upto : 0, Number(found?.upto ?? 0));
      progress.set(name, { checked: keys.length, upto, fingerprint: await fingerprintUpTo(upto) });
    }
  }
  return missing;
}

async function missingAcks(reader: Reader, plan: ChaosPlan, acks: Acks, progress?: AckProgress) {
  // A round the plan does not know is looked for under id -1, so it counts as missing.
  const giveaway = (round: number) => plan.rounds[round]?.giveaway ?? -1;
  const id = (n: number) => field(n, 'bigint');
  const missing = Object.fromEntries(ACK_KINDS.map((kind) => [kind, 0])) as Record<AckKind, number>;

  missing.entry = await lookUp(
    reader,
    'entry',
    {
      table: 'giveaway_entries',
      where: 'true',
      match: `t.giveaway_id = ${id(0)} and t.user_id = ${id(1)}`,
      fingerprint: 'count(*) as n, sum(t.giveaway_id) as g, sum(t.user_id) as u',
    },
    acks.entry.flatMap((a) => (a.kind === 'entry' ? [[giveaway(a.round), a.user]] : [])),
    progress,
  );
  // The spins' key has no id to count up to: looked up in full every time.
  missing.spin = await countMissing(
    reader,
    acks.spin.flatMap((a) => (a.kind === 'spin' ? [[giveaway(a.round), a.user, a.prize, a.points]] : [])),
    `select count(*) as n from ${ackedRows(reader)} left join spins s
      on s.kind = 'giveaway' and s.event_id = ${id(0)} and s.user_id = ${id(1)}
      where s.user_id is null or ${differs(reader, 's.prize_id', id(2))} or s.points <> ${id(3)}`,
  );
  missing.guess = await lookUp(
    reader,
    'guess',
    {
      table: 'guesses',
      where: 'true',
      match: `t.question_id = ${id(0)} and t.user_id = ${id(1)} and t.value = ${field(2, 'double precision')}`,
      fingerprint:
        'count(*) as n, sum(t.question_id) as q, sum(t.user_id) as u, sum(cast(round(t.value * 1000) as bigint)) as v',
    },
    acks.guess.flatMap((a) => (a.kind === 'guess' ? [[plan.rounds[a.round]?.question ?? -1, a.user, a.value]] : [])),
    progress,
  );
  missing.vote = await lookUp(
    reader,
    'vote',
    {
      table: 'contest_votes',
      where: 't.voided_at is null',
      match: `t.contest_id = ${id(0)} and t.user_id = ${id(1)} and t.submission_id = ${id(2)}`,
      fingerprint: 'count(*) as n, sum(t.contest_id) as c, sum(t.user_id) as u, sum(t.submission_id) as s',
    },
    acks.vote.flatMap((a) => (a.kind === 'vote' ? [[plan.rounds[a.round]?.contest ?? -1, a.user, a.submission]] : [])),
    progress,
  );
  missing.redeem = await lookUp(
    reader,
    'redeem',
    {
      table: 'coupons',
      where: "t.origin = 'redeem'",
      match: `t.id = ${id(0)} and t.user_id = ${id(1)} and t.points_cost = ${id(2)}`,
      fingerprint: 'count(*) as n, sum(t.user_id) as u, sum(t.points_cost) as p',
    },
    acks.redeem.flatMap((a) => (a.kind === 'redeem' ? [[a.coupon, a.user, a.points]] : [])),
    progress,
  );
  missing.chat = await lookUp(
    reader,
    'chat',
    {
      table: 'chat_messages',
      where: 'true',
      match: `t.id = ${id(0)} and t.user_id = ${id(1)} and t.text = ${field(2, 'text')}`,
      fingerprint: 'count(*) as n, sum(t.user_id) as u, sum(length(t.text)) as l',
    },
    acks.chat.flatMap((a) => (a.kind === 'chat' ? [[a.id, a.user, a.text]] : [])),
    progress,
  );

  // The ledger rows the spin and coupon answers stood for: settled, one per key (reward_ledger_once).
  const ledger = (reason: string): AckTable => ({
    table: 'reward_ledger',
    where: `t.reason = '${reason}' and t.state = 'settled'`,
    match: `t.user_id = ${id(0)} and t.source_id = ${field(1, 'text')} and t.points = ${id(2)}`,
    fingerprint: 'count(*) as n, sum(t.user_id) as u, sum(t.points) as p',
  });
  const missingLedger =
    (await lookUp(
      reader,
      'ledger: spin',
      ledger('spin'),
      acks.spin.flatMap((a) =>
        a.kind === 'spin' && a.points > 0 ? [[a.user, `spin:${giveaway(a.round)}:giveaway`, a.points]] : [],
      ),
      progress,
    )) +
    (await lookUp(
      reader,
      'ledger: redeem',
      ledger('redeem'),
      acks.redeem.flatMap((a) => (a.kind === 'redeem' ? [[a.user, `coupon:${a.coupon}`, -a.points]] : [])),
      progress,
    ));
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

/** Each stocked prize's stock taken equals its spins: two reads, however many rounds. */
async function stockViolations(reader: Reader, plan: ChaosPlan): Promise<string[]> {
  const prizes = plan.rounds.map((round) => round.stockedPrize);
  const marks = prizes.map(() => '?').join(', ');
  const left = new Map(
    (
      await reader.rows<{ id: number; stock: number }>(
        `select id, stock from spin_prizes where id in (${marks})`,
        prizes,
      )
    ).map((row) => [Number(row.id), Number(row.stock)]),
  );
  const won = new Map(
    (
      await reader.rows<{ prize_id: number; n: number | string }>(
        `select prize_id, count(*) as n from spins where prize_id in (${marks}) group by prize_id`,
        prizes,
      )
    ).map((row) => [Number(row.prize_id), Number(row.n)]),
  );
  const out: string[] = [];
  for (const round of plan.rounds) {
    const stockLeft = left.get(round.stockedPrize) ?? 0;
    const spinsWon = won.get(round.stockedPrize) ?? 0;
    if (round.stock - stockLeft !== spinsWon)
      out.push(
        `prize ${round.stockedPrize}: stock ${round.stock} - ${stockLeft} left = ${round.stock - stockLeft}, but ${spinsWon} spins won it`,
      );
  }
  return out;
}

const settledSum = (rows: { state: string; points: number }[]) =>
  rows.filter((row) => row.state === 'settled').reduce((sum, row) => sum + row.points, 0);

/** The settled sums of these viewers now, from a fresh read. */
async function freshSettledSums(where: Where, userIds: number[]): Promise<Map<number, number>> {
  const reader = await openReader(where);
  try {
    const rows = await reader.rows<{ user_id: number; n: number | string }>(
      `select user_id, coalesce(sum(points), 0) as n from reward_ledger
       where user_id in (${userIds.map(() => '?').join(', ')}) and state = 'settled' group by user_id`,
      userIds,
    );
    return new Map(rows.map((row) => [Number(row.user_id), Number(row.n)]));
  } finally {
    await reader.close();
  }
}

/**
 * The cheap set, after each restart while the load goes on. With `progress`, kept from one check to
 * the next, the acknowledgements the earlier checks found are confirmed by their rows' sums (see
 * `lookUp`); without it, every one is looked up.
 */
export async function quickCheck(
  where: Where,
  plan: ChaosPlan,
  liveAcks: Acks,
  progress?: AckProgress,
): Promise<CheckResult> {
  const started = performance.now();
  // The acknowledgements as they stand now: every one was answered after its commit, so before any
  // read below. The live lists grow while the check reads; an acknowledgement that arrived after a
  // table was read (a PostgreSQL run once counted such a guess as missing) would be checked against
  // a read taken before its commit.
  const acks = Object.fromEntries(ACK_KINDS.map((kind) => [kind, liveAcks[kind].slice()])) as Acks;
  const parts: Record<string, number> = {};
  let lap = performance.now();
  const timed = async <T>(part: string, work: () => Promise<T>): Promise<T> => {
    const value = await work();
    const now = performance.now();
    parts[part] = (parts[part] ?? 0) + Math.round(now - lap);
    lap = now;
    return value;
  };
  const reader = await timed('open', () => openReader(where));
  let isClosed = false;
  try {
    const { missing, missingLedger } = await timed('acknowledged writes', () =>
      missingAcks(reader, plan, acks, progress),
    );
    const violations = [...ackViolations(acks), ...(await timed('stock', () => stockViolations(reader, plan)))];
    for (const invariant of INVARIANTS) {
      const n = await timed(`invariant: ${invariant.name}`, () => count(reader, invariant.query));
      if (n) violations.push(`${n} × ${invariant.name}`);
    }
    const integrity =
      'sqliteFile' in where
        ? await timed('integrity_check', async () =>
            (await reader.rows<{ integrity_check: string }>('pragma integrity_check'))
              .map((row) => row.integrity_check)
              .join('; '),
          )
        : null;
    isClosed = true;
    await timed('close (checkpoint)', () => reader.close());
    return { missing, missingLedger, violations, integrity, parts, ms: Math.round(performance.now() - started) };
  } finally {
    if (!isClosed) await reader.close();
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
    // crash's gap), so a balance that differs is read again with a fresh sum before it counts: up to
    // five times, a second apart, all the differing viewers together (one at a time, a restart's
    // catch-up made nearly every viewer wait its own seconds, and the check took six minutes).
    let differing = plan.viewerIds.map((userId, n) => ({ userId, n }));
    let sums = new Map([...byUser].map(([userId, list]) => [userId, settledSum(list)]));
    for (let attempt = 0; differing.length && attempt < 5; attempt += 1) {
      if (attempt > 0) {
        await sleep(1_000);
        sums = await freshSettledSums(
          where,
          differing.map((viewer) => viewer.userId),
        );
      }
      const still = [];
      for (const viewer of differing) {
        const res = await fetch(`${baseUrl}/api/rewarddetails`, { headers: { token: bulkToken(plan.tag, viewer.n) } });
        const balance: unknown = (await res.json()).data?.[0]?.balance;
        if (balance !== (sums.get(viewer.userId) ?? 0)) still.push(viewer);
      }
      differing = still;
    }
    if (differing.length)
      result.violations.push(`${differing.length} viewers' balance (rewarddetails) is not their ledger's sum`);

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
