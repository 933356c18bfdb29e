// The demo's staff reports (decision 090): the past show gets an audience and an evening of rows —
// RSVPs, check-ins, watch logs, spins of its wheel, viewer samples every 15 s and its on-air log —
// so its funnel and viewers-over-time chart show real rows at every step. The giveaway entries are
// the three demo viewers' own (seed-giveaways): its draws were made and proved on those entries.
// Idempotent: made once, when the past show has no viewer samples yet.
import type { AppContext } from '../context';
import { BLANK_PROFILE } from '../modules/auth/auth.repository';

const MINUTE = 60_000;
const SAMPLE_MS = 15_000;

/** One viewer's evening: minutes after the start they began watching, and for how long (minutes). */
type Evening = { rsvp: boolean; checkin: boolean; watch?: [from: number, minutes: number]; spun: boolean };

/** By e-mail. Ruby, Jasper and Opal entered the show's giveaways in seed-giveaways. */
export const DEMO_EVENINGS: Readonly<Record<string, Evening>> = {
  'ruby@gemcast.test': { rsvp: true, checkin: true, watch: [2, 48], spun: true },
  'jasper@gemcast.test': { rsvp: true, checkin: true, watch: [6, 31], spun: true },
  'opal@gemcast.test': { rsvp: true, checkin: true, watch: [20, 7], spun: false },
  'amethyst@gemcast.test': { rsvp: true, checkin: true, watch: [1, 55], spun: true },
  'beryl@gemcast.test': { rsvp: true, checkin: true, watch: [10, 22], spun: false },
  'citrine@gemcast.test': { rsvp: true, checkin: true, watch: [30, 12], spun: false },
  'diamond@gemcast.test': { rsvp: true, checkin: true, watch: [3, 4], spun: false },
  'emerald@gemcast.test': { rsvp: true, checkin: false, spun: false },
  'fluorite@gemcast.test': { rsvp: true, checkin: false, spun: false },
  'garnet@gemcast.test': { rsvp: true, checkin: false, spun: false },
  'hematite@gemcast.test': { rsvp: false, checkin: true, watch: [15, 18], spun: false },
  'iolite@gemcast.test': { rsvp: true, checkin: true, watch: [4, 40], spun: false },
};

/** The audience the demo adds beside its three viewers: made-up names, no password (e-mail code log-in). */
const AUDIENCE = [
  ['Amethyst', 'Moreau'],
  ['Beryl', 'Nakamura'],
  ['Citrine', 'Osei'],
  ['Diamond', 'Petrov'],
  ['Emerald', 'Quinn'],
  ['Fluorite', 'Rossi'],
  ['Garnet', 'Sato'],
  ['Hematite', 'Tran'],
  ['Iolite', 'Usman'],
] as const;

/** The show's on-air log: minutes after the start, the action and its line. */
const ON_AIR: readonly [number, string, string][] = [
  [0, 'go_live', 'Went live'],
  [0, 'set_segment', 'Segment 0: Welcome and tonight’s lineup'],
  [6, 'next_segment', 'Segment 1: Tanzanite solitaire ring'],
  [18, 'next_segment', 'Segment 2: Giveaway: tanzanite studs'],
  [24, 'draw', 'Drew the Tanzanite studs giveaway'],
  [30, 'next_segment', 'Segment 3: Half-hour mystery gem'],
  [36, 'draw', 'Drew the Half-hour mystery gem giveaway'],
  [42, 'next_segment', 'Segment 4: Pendants, and goodnight'],
  [60, 'end', 'Ended the show'],
];

export async function seedDemoReports(ctx: AppContext, pastShowTitle: string): Promise<void> {
  const { db } = ctx;
  const show = await db
    .selectFrom('events')
    .select(['id', 'cust_start', 'cust_end'])
    .where('title', '=', pastShowTitle)
    .where('type', '=', 'show')
    .where('rehearsal_of', 'is', null)
    .executeTakeFirst();
  if (!show) return;
  const sampled = await db
    .selectFrom('viewer_samples')
    .select('at')
    .where('event_id', '=', show.id)
    .limit(1)
    .executeTakeFirst();
  if (sampled) return;

  const start = Date.parse(show.cust_start);
  const minutesIn = (minutes: number) => new Date(start + minutes * MINUTE).toISOString();
  const now = ctx.clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    const emails = Object.keys(DEMO_EVENINGS);
    const present = new Set(
      (await trx.selectFrom('users').select('email').where('email', 'in', emails).execute()).map((u) => u.email),
    );
    const missing = AUDIENCE.filter(([first]) => !present.has(`${first.toLowerCase()}@gemcast.test`));
    if (missing.length)
      await trx
        .insertInto('users')
        .values(
          missing.map(([first, last], i) => ({
            ...BLANK_PROFILE,
            country: 'United States',
            first_name: first,
            last_name: last,
            email: `${first.toLowerCase()}@gemcast.test`,
            phone: `+1555020${String(1000 + i).slice(-4)}`,
            password_hash: null,
            isactive: 1,
            is_staff: 0,
            my_invite_code: `${first.toUpperCase().slice(0, 6)}AU`,
            created_at: minutesIn(-7 * 24 * 60),
            updated_at: now,
          })),
        )
        .execute();
    const users = await trx.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).execute();
    const staff = await trx.selectFrom('users').select('id').where('is_staff', '=', 1).orderBy('id').executeTakeFirst();

    for (const [index, user] of users.entries()) {
      const evening = DEMO_EVENINGS[user.email];
      if (!evening) continue;
      if (evening.rsvp)
        await trx
          .insertInto('rsvps')
          .values({
            user_id: user.id,
            event_id: show.id,
            rsvp_type: 'new',
            created_at: minutesIn(-26 * 60 + index * 37),
          })
          .onConflict((oc) => oc.columns(['user_id', 'event_id']).doNothing())
          .execute();
      if (evening.checkin)
        await trx
          .insertInto('live_checkins')
          .values({
            user_id: user.id,
            event_id: show.id,
            reachby: 'web',
            created_at: minutesIn(evening.watch?.[0] ?? 1),
          })
          .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
          .execute();
      if (evening.watch) {
        const [from, minutes] = evening.watch;
        await trx
          .insertInto('watch_logs')
          .values({
            user_id: user.id,
            event_id: show.id,
            reachby: 'web',
            seconds: minutes * 60,
            watching: 0,
            started_at: minutesIn(from),
            last_seen_at: minutesIn(from + minutes),
          })
          .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
          .execute();
      }
      if (evening.spun)
        await trx
          .insertInto('spins')
          .values({
            event_id: show.id,
            user_id: user.id,
            kind: 'rsvp',
            prize_id: null,
            label: 'Free shipping',
            points: 0,
            created_at: minutesIn(45 + index),
          })
          .onConflict((oc) => oc.columns(['event_id', 'user_id', 'kind']).doNothing())
          .execute();
    }

    // Sampled as the console does: every 15 s on air, the viewers whose watch covers that moment.
    const watches = Object.values(DEMO_EVENINGS).flatMap((e) => (e.watch ? [e.watch] : []));
    const end = Date.parse(show.cust_end);
    const samples = [];
    for (let ms = start; ms <= end; ms += SAMPLE_MS) {
      const minute = (ms - start) / MINUTE;
      const viewers = watches.filter(([from, minutes]) => minute >= from && minute < from + minutes).length;
      samples.push({ event_id: show.id, at: new Date(ms).toISOString(), viewers });
    }
    await trx.insertInto('viewer_samples').values(samples).execute();
    await trx
      .insertInto('console_actions')
      .values(
        ON_AIR.map(([minutes, action, detail]) => ({
          event_id: show.id,
          staff_id: staff?.id ?? null,
          action,
          detail,
          created_at: minutesIn(minutes),
        })),
      )
      .execute();
  });
}
