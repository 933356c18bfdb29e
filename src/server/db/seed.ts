// The demo on an empty database: a staff account (its random password printed once), a few
// viewers who log in by e-mail code, a show that is live whenever the demo starts (a short local
// HLS clip) with an open giveaway and spin-to-win wheels, upcoming shows and an upcoming
// giveaway, a special event with a quiz, a past show whose giveaways were drawn (seeds revealed),
// a photo contest in voting, an exhibition taking product registrations, and pieces with a rundown
// for the live show's producer console.
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { BLANK_PROFILE } from '../modules/auth/auth.repository';
import { newEventRow } from '../modules/events/event-row';
import { createGiveawayDetails } from '../modules/giveaways/giveaway-details';
import { mediaRoot } from '../platform/media';
import { isoNow } from '../platform/clock';
import { laDay, laOffset } from '../../shared/time';
import { hashPassword } from '../platform/passwords';
import { seedDemoConsole } from './seed-console';
import { seedDemoContest } from './seed-contests';
import { seedDemoExhibition } from './seed-exhibitions';
import { seedDemoReports } from './seed-reports';
import { refreshDemoGiveaway, seedGiveaways } from './seed-giveaways';

export const DEMO_STREAM = '/media/demo/live.m3u8';
const DEMO_LIVE_TITLE = 'Gemcast Live: the demo studio';
export const DEMO_PAST_TITLE = 'Tanzanite Tuesday: the violet hour';
const DEMO_ASSETS = path.resolve('assets/demo-hls');

const VIEWERS = [
  {
    first_name: 'Ruby',
    last_name: 'Alvarez',
    email: 'ruby@gemcast.test',
    phone: '+15550100001',
    my_invite_code: 'RUBYDEMO',
  },
  {
    first_name: 'Jasper',
    last_name: 'Okafor',
    email: 'jasper@gemcast.test',
    phone: '+15550100002',
    my_invite_code: 'JASPERDM',
  },
  {
    first_name: 'Opal',
    last_name: 'Lindqvist',
    email: 'opal@gemcast.test',
    phone: '+15550100003',
    my_invite_code: 'OPALDEMO',
  },
];

const SUNDAY = 0;
const TUESDAY = 2;

/**
 * 7 pm in Los Angeles on the first `weekday` (0 Sunday … 6 Saturday) at least `days` LA calendar
 * days from today's date there: forward for days > 0, backward for days < 0.
 */
export function laEvening(now: Date, weekday: number, days: number): Date {
  const [year, month, day] = laDay(now).split('-').map(Number);
  const step = days < 0 ? -1 : 1;
  for (let k = days; ; k += step) {
    const date = new Date(Date.UTC(year!, month! - 1, day! + k));
    if (date.getUTCDay() !== weekday) continue;
    // The offset at noon that day is the one at 7 pm: the clocks change at 2 am.
    const offset = laOffset(new Date(date.getTime() + 12 * 3_600_000));
    const [, sign, hours, minutes] = /^([+-])(\d{2}):(\d{2})$/.exec(offset) ?? ['', '-', '07', '00'];
    const offsetMs = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
    return new Date(date.getTime() + 19 * 3_600_000 - offsetMs);
  }
}

export async function seedDemo(ctx: AppContext): Promise<{ staffEmail: string; staffPassword: string } | null> {
  const { db, clock, random } = ctx;
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const now = isoNow(clock);
  const staffEmail = 'staff@gemcast.test';
  const staffPassword = `gem-${random.bytes(9).toString('base64url')}`;
  const blank = { ...BLANK_PROFILE, country: 'United States', created_at: now, updated_at: now };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        ...blank,
        first_name: 'Gemcast',
        last_name: 'Host',
        email: staffEmail,
        phone: '+15550100000',
        password_hash: await hashPassword(staffPassword),
        isactive: 1,
        is_staff: 1,
        my_invite_code: 'GEMHOST1',
      })
      .execute();
    for (const viewer of VIEWERS) {
      await trx
        .insertInto('users')
        .values({ ...blank, ...viewer, password_hash: null, isactive: 1, is_staff: 0 })
        .execute();
    }
    // Shows named for a weekday air on that day, at 7 pm in Los Angeles: Sapphire Sunday on the
    // next Sunday at least two days ahead, Tanzanite Tuesday on the last Tuesday before today.
    const start = laEvening(clock.now(), SUNDAY, 2);
    const lastTuesday = laEvening(clock.now(), TUESDAY, -1);
    const dayMs = 24 * 60 * 60_000;
    const show = (
      title: string,
      description: string,
      startsAt: Date,
      type: 'show' | 'giveaway' | 'specialshow' = 'show',
      hours = 1,
    ) =>
      newEventRow({
        type,
        title,
        description,
        cust_start: startsAt.toISOString(),
        cust_end: new Date(startsAt.getTime() + hours * 60 * 60_000).toISOString(),
        created_at: now,
      });
    const firstEvents = await trx
      .insertInto('events')
      .values([
        show(
          DEMO_PAST_TITLE,
          'Tanzanite rings and pendants from the vault, with a viewer giveaway at the half hour.',
          lastTuesday,
        ),
        // "During Sapphire Sunday": it opens and closes with the show.
        show(
          'Sapphire Sunday giveaway',
          'Enter during Sapphire Sunday for a chance at a 1 ct Montana sapphire pendant.',
          start,
          'giveaway',
          1,
        ),
        {
          ...show(
            DEMO_LIVE_TITLE,
            'A test pattern stands in for the studio camera: this is the demo stream that ships with Gemcast.',
            new Date(clock.now().getTime() - 10 * 60_000),
            'show',
            2,
          ),
          stream_url: DEMO_STREAM,
        },
      ])
      .returning(['id', 'type'])
      .execute();
    for (const event of firstEvents)
      if (event.type === 'giveaway') await createGiveawayDetails(trx, ctx, event.id, null);
    await trx.updateTable('events').set({ replay_url: DEMO_STREAM }).where('title', '=', DEMO_PAST_TITLE).execute();
    const special = await trx
      .insertInto('events')
      .values(
        show(
          'Birthstone Ball: a members-only evening',
          'An evening of birthstones with our gemologists. Answer three quick questions to reserve your seat.',
          new Date(start.getTime() + 3 * dayMs),
          'specialshow',
          2,
        ),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('event_questions')
      .values([
        {
          event_id: special.id,
          position: 0,
          prompt: 'Which birthstone is yours?',
          choices: JSON.stringify([
            'Garnet',
            'Amethyst',
            'Aquamarine',
            'Diamond',
            'Emerald',
            'Pearl',
            'Ruby',
            'Peridot',
            'Sapphire',
            'Opal',
            'Topaz',
            'Turquoise',
          ]),
        },
        {
          event_id: special.id,
          position: 1,
          prompt: 'Rings, pendants or earrings?',
          choices: JSON.stringify(['Rings', 'Pendants', 'Earrings']),
        },
        {
          event_id: special.id,
          position: 2,
          prompt: 'What would you like our gemologists to talk about?',
          choices: '[]',
        },
      ])
      .execute();
    await trx
      .insertInto('events')
      .values(
        show(
          'Sapphire Sunday: blues from Montana to Sri Lanka',
          'An hour of sapphires live from the studio, with a giveaway and a spin to win for everyone who RSVPs.',
          start,
        ),
      )
      .execute();
  });
  await seedGiveaways(ctx, { staffEmail, liveShowTitle: DEMO_LIVE_TITLE });
  return { staffEmail, staffPassword };
}

/**
 * What a start with SEED_DEMO does: the demo seeded if the database is empty (the staff login,
 * made now, is returned), then refreshed. Processes starting at once take turns (decision 093):
 * the second finds the demo made and only refreshes it, so there is one copy.
 */
export async function seedAndRefreshDemo(
  ctx: AppContext,
): Promise<{ staffEmail: string; staffPassword: string } | null> {
  return inDemoTurn(ctx, async (own) => {
    const seeded = await seedDemo(own);
    await refreshDemo(own);
    return seeded;
  });
}

/** The SQLite turn: one process holds an SQLite file (decision 093), so an in-process queue suffices. */
let sqliteTurn: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` alone among the processes seeding this database. PostgreSQL: a session advisory
 * lock, keyed by the schema, held on one connection that `work` uses for everything (a statement
 * on another connection would not see the lock's turn as its own).
 */
async function inDemoTurn<T>(ctx: AppContext, work: (own: AppContext) => Promise<T>): Promise<T> {
  if (ctx.dialect === 'postgres')
    return ctx.db.connection().execute(async (connection) => {
      const key = sql`hashtext(current_schema()), hashtext('gemcast demo seed')`;
      await sql`select pg_advisory_lock(${key})`.execute(connection);
      try {
        return await work({ ...ctx, db: connection });
      } finally {
        await sql`select pg_advisory_unlock(${key})`.execute(connection);
      }
    });
  const turn = sqliteTurn.then(() => work(ctx));
  sqliteTurn = turn.catch(() => undefined);
  return turn;
}

/**
 * Every start of the demo: copy the demo clip into the media folder if it is missing and put the
 * demo show on air again (live from ten minutes ago for two hours). Touches only that show.
 */
export async function refreshDemo(ctx: AppContext): Promise<void> {
  const target = path.join(mediaRoot(ctx.config.dataDir), 'demo');
  await mkdir(target, { recursive: true });
  const present = new Set(await readdir(target));
  for (const file of await readdir(DEMO_ASSETS))
    if (!present.has(file)) await copyFile(path.join(DEMO_ASSETS, file), path.join(target, file));
  const now = ctx.clock.now().getTime();
  await ctx.db
    .updateTable('events')
    .set({
      cust_start: new Date(now - 10 * 60_000).toISOString(),
      cust_end: new Date(now + 2 * 60 * 60_000).toISOString(),
    })
    .where('title', '=', DEMO_LIVE_TITLE)
    .where('stream_url', '=', DEMO_STREAM)
    .execute();
  await refreshDemoGiveaway(ctx, DEMO_LIVE_TITLE);
  // The demo contest is made once and kept in voting (decision 062).
  await seedDemoContest(ctx);
  // The demo exhibition is made once and kept running around today (decision 074).
  await seedDemoExhibition(ctx);
  // The demo pieces and the live show's rundown for the producer console (decision 081).
  await seedDemoConsole(ctx, DEMO_LIVE_TITLE);
  // The past show's audience, funnel rows, viewer samples and on-air log for staff reports (decision 090).
  await seedDemoReports(ctx, DEMO_PAST_TITLE);
}
