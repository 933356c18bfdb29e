// The demo's giveaways, made through the same services staff use: an open giveaway for the live
// demo show (terms, prize wheel), the upcoming giveaway linked to its show, and two giveaways of
// the past show whose entries were drawn, forfeited, respun and claimed on a clock set to that
// evening, so their audit logs, revealed seeds and public winners look like a real night.
import type { z } from 'zod';
import type { CreateGiveawayRequest, StaffGiveawayDetail } from '../../shared/contract/giveaways-staff';
import type { SetSpinPrizesRequest } from '../../shared/contract/spin';
import type { AppContext } from '../context';
import { createLiveLookup } from '../modules/events/live-lookup';
import { createGiveawayDrawService } from '../modules/giveaways/giveaway-draw.service';
import { createGiveawayService } from '../modules/giveaways/giveaways.service';
import { createStaffGiveawayService } from '../modules/giveaways/giveaways-staff.service';
import { createSpinService } from '../modules/giveaways/spin.service';
import { manualClock } from '../platform/clock';

export const DEMO_GIVEAWAY_TITLE = 'Live now: a London blue topaz ring';
const MINUTE = 60_000;

export const DEMO_TERMS = `<h2>Official rules</h2>
<p><strong>No purchase necessary.</strong> A purchase does not improve your chances. Open to registered viewers in the United States who are 18 or older.</p>
<h3>Prize</h3>
<p>One prize with a retail value of {{VALUE}}. The prize cannot be exchanged for cash and cannot be combined with coupons.</p>
<h3>Entry period</h3>
<p>Entries are accepted from {{START_DATE}} until {{END_DATE}} (Los Angeles time). One entry per viewer per giveaway; each social share adds one bonus entry, once per network.</p>
<h3>Winner</h3>
<ul>
<li>The winner is drawn at random, weighted by entries, and announced during the show.</li>
<li>The winner must message us within 5 minutes of the announcement. Messages in the show chat do not count.</li>
<li>If someone who already won in the same show is drawn again, we spin again for a new winner.</li>
</ul>
<h3>Check the draw yourself</h3>
<p>Before the first entry we publish the SHA-256 fingerprint of a secret random seed. With the draw we reveal the seed and the list of entries (numbers and weights only). Anyone can then confirm the fingerprint and recompute the winner with the published method (gemcast-draw-v1).</p>
<p>Questions? <a href="mailto:support@gemcast.example">Write to us</a>.</p>`;

const SHOW_WHEEL: z.output<typeof SetSpinPrizesRequest> = {
  prizes: [
    { label: '25 reward points', weight: 40, points: 25, image: '', stock: null },
    { label: '10% off tonight', weight: 30, points: 0, image: '', stock: null },
    { label: 'Free shipping', weight: 20, points: 0, image: '', stock: null },
    { label: '100 reward points', weight: 9, points: 100, image: '', stock: null },
    { label: 'Mystery gemstone', weight: 1, points: 0, image: '', stock: 3 },
  ],
};

const GIVEAWAY_WHEEL: z.output<typeof SetSpinPrizesRequest> = {
  prizes: [
    { label: '10 reward points', weight: 50, points: 10, image: '', stock: null },
    { label: '50 reward points', weight: 30, points: 50, image: '', stock: null },
    { label: 'Free ring sizing', weight: 15, points: 0, image: '', stock: null },
    { label: '250 reward points', weight: 5, points: 250, image: '', stock: null },
  ],
};

function giveawayInput(
  fields: Pick<
    z.output<typeof CreateGiveawayRequest>,
    'title' | 'description' | 'cust_start' | 'cust_end' | 'show_id' | 'prize' | 'tnc_prices'
  >,
): z.output<typeof CreateGiveawayRequest> {
  return {
    image: '',
    prize_image: '',
    IS_Public: 1,
    tnc: DEMO_TERMS,
    winner_count: 1,
    access_code: '',
    claim_mode: 'text',
    ...fields,
  };
}

export async function seedGiveaways(
  ctx: AppContext,
  demo: { staffEmail: string; liveShowTitle: string },
): Promise<void> {
  const { db } = ctx;
  const nowMs = ctx.clock.now().getTime();
  const staff = await db.selectFrom('users').selectAll().where('email', '=', demo.staffEmail).executeTakeFirstOrThrow();
  const viewers = await db.selectFrom('users').selectAll().where('is_staff', '=', 0).orderBy('id').execute();
  const events = await db.selectFrom('events').selectAll().orderBy('id').execute();
  const live = events.find((e) => e.title === demo.liveShowTitle);
  const past = events.find((e) => e.type === 'show' && new Date(e.cust_end).getTime() <= nowMs);
  const upcomingShow = events.find((e) => e.type === 'show' && new Date(e.cust_start).getTime() > nowMs);
  const upcomingGiveaway = events.find((e) => e.type === 'giveaway');
  if (!live || !past || !upcomingShow || !upcomingGiveaway) return;

  // The services run on a clock of their own, so the past giveaways happen on the past evening.
  const clock = manualClock(ctx.clock.now());
  const seedCtx: AppContext = { ...ctx, clock };
  const lookup = createLiveLookup(seedCtx);
  const giveaways = createGiveawayService(seedCtx, lookup);
  const staffGiveaways = createStaffGiveawayService(seedCtx, giveaways, lookup);
  const draws = createGiveawayDrawService(seedCtx, giveaways, staffGiveaways);
  const spins = createSpinService(seedCtx);

  const open = await staffGiveaways.create(
    staff,
    giveawayInput({
      title: DEMO_GIVEAWAY_TITLE,
      description:
        'Enter during the demo show for a London blue topaz ring in sterling silver. Share it for bonus entries.',
      cust_start: live.cust_start,
      cust_end: live.cust_end,
      show_id: live.id,
      prize: 'London blue topaz ring, 3 ct, sterling silver',
      tnc_prices: '$1,200',
    }),
  );
  await staffGiveaways.update(staff, upcomingGiveaway.id, {
    show_id: upcomingShow.id,
    prize: '1 ct Montana sapphire pendant',
    tnc: DEMO_TERMS,
    tnc_prices: '$850',
  });
  for (const eventId of [live.id, upcomingShow.id]) await spins.setTable(eventId, SHOW_WHEEL);
  for (const eventId of [open.id, upcomingGiveaway.id]) await spins.setTable(eventId, GIVEAWAY_WHEEL);

  const start = new Date(past.cust_start).getTime();
  const end = new Date(past.cust_end).getTime();
  const pastGiveaway = async (title: string, prize: string, value: string) => {
    clock.set(new Date(start - 30 * MINUTE));
    return staffGiveaways.create(
      staff,
      giveawayInput({
        title,
        description: `Entered during ${past.title}.`,
        cust_start: new Date(start).toISOString(),
        cust_end: new Date(end).toISOString(),
        show_id: past.id,
        prize,
        tnc_prices: value,
      }),
    );
  };
  const first = await pastGiveaway('Tanzanite studs giveaway', 'Tanzanite stud earrings, 1 ct total', '$640');
  const second = await pastGiveaway(
    'Half-hour mystery gem giveaway',
    'A loose mystery gemstone from the vault',
    '$300',
  );
  for (const [i, viewer] of viewers.entries()) {
    for (const giveaway of [first, second]) {
      clock.set(new Date(start + (5 + 7 * i) * MINUTE));
      await giveaways.enter(viewer, { eventid: giveaway.id, entry_from: 'web' }, '127.0.0.1');
    }
    if (i === 0) await giveaways.socialEntry(viewer, first.id, 'facebook');
  }

  const lastPick = (detail: StaffGiveawayDetail) => detail.picks[detail.picks.length - 1];
  /** Respins while the pick is a repeat winner of the show; returns the settled pick. */
  const settle = async (id: number, detail: StaffGiveawayDetail) => {
    let current = detail;
    for (let pick = lastPick(current); pick?.status === 'repeat'; pick = lastPick(current)) {
      clock.advance(MINUTE);
      current = (await draws.respin(staff, id, pick.id)).detail;
    }
    return lastPick(current);
  };

  // The first winner never messaged in: forfeited after 5 minutes and redrawn; the second claimed.
  clock.set(new Date(end + 2 * MINUTE));
  let pick = await settle(first.id, (await draws.draw(staff, first.id)).detail);
  if (pick?.status === 'pending') {
    clock.advance(6 * MINUTE);
    pick = await settle(first.id, (await draws.forfeit(staff, first.id, pick.id, true)).detail);
  }
  if (pick?.status === 'pending') {
    clock.advance(MINUTE);
    await draws.claim(staff, first.id, pick.id);
  }
  await draws.announce(staff, first.id, true);

  // The second draw respins anyone who already won the first, then the winner claims.
  clock.advance(5 * MINUTE);
  pick = await settle(second.id, (await draws.draw(staff, second.id)).detail);
  if (pick?.status === 'pending') {
    clock.advance(2 * MINUTE);
    await draws.claim(staff, second.id, pick.id);
  }
  await draws.announce(staff, second.id, true);
}

/** Every start: the live demo show's giveaway follows the show's new window, unless staff already drew it. */
export async function refreshDemoGiveaway(ctx: AppContext, liveShowTitle: string): Promise<void> {
  const show = await ctx.db
    .selectFrom('events')
    .select(['id', 'cust_start', 'cust_end'])
    .where('title', '=', liveShowTitle)
    .where('type', '=', 'show')
    .executeTakeFirst();
  if (!show) return;
  const giveaway = await ctx.db
    .selectFrom('events')
    .innerJoin('giveaways', 'giveaways.event_id', 'events.id')
    .select('events.id')
    .where('events.title', '=', DEMO_GIVEAWAY_TITLE)
    .where('giveaways.show_id', '=', show.id)
    .executeTakeFirst();
  if (!giveaway) return;
  const drawn = await ctx.db
    .selectFrom('giveaway_picks')
    .select('id')
    .where('giveaway_id', '=', giveaway.id)
    .limit(1)
    .executeTakeFirst();
  if (drawn) return;
  await ctx.db
    .updateTable('events')
    .set({ cust_start: show.cust_start, cust_end: show.cust_end })
    .where('id', '=', giveaway.id)
    .execute();
}
