// Giveaway rules for viewers: entry (account, window, private access code, one per giveaway),
// social bonuses, banner clicks, the ledger, and the public reads (giveaway, terms, winners, the
// draw proof). Entries are written in groups (entry-writer.ts) and answered only once committed.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { DrawProof, EnterGiveawayNewRequest, Enrollment, GiveawayInfo, GiveawayState, GiveawayTerms, LedgerLine, SocialClickType, SocialEntryResult, Winner } from '../../../shared/contract/giveaways';
import { DRAW_ALGORITHM, SOCIAL_CLICK_TYPES } from '../../../shared/contract/giveaways';
import { ENTRY_LEDGER_LABEL, GIVEAWAY_MESSAGES, socialLedgerLabel } from '../../../shared/giveaway-messages';
import { prizeValue } from '../../../shared/giveaway-terms';
import { laDay } from '../../../shared/time';
import { listDigest } from '../../../shared/verifiable-draw';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../http/errors';
import { toEventRecord } from '../events/events.routes';
import { eventsRepository } from '../events/events.repository';
import type { LiveLookup } from '../events/live-lookup';
import { createEntryWriter } from './entry-writer';
import { giveawaysRepository, type GiveawayRow } from './giveaways.repository';

const FRESH_MS = 1000;
const BANNER_CLICKS_PER_MINUTE = 30;
/** Entry groups committing at once on PostgreSQL (of the pool's ten connections); see entry-writer.ts. */
const GROUPS_IN_FLIGHT_ON_POSTGRES = 4;

/** 'Ruby A.': first name and last initial, all that is ever shown publicly of a winner. */
export function publicName(first: string, last: string): string {
  const initial = last.trim().charAt(0).toUpperCase();
  return initial ? `${first.trim()} ${initial}.` : first.trim();
}

export function stateOf(row: GiveawayRow, now: Date, hasPicks: boolean): GiveawayState {
  const iso = now.toISOString();
  if (iso < row.event.cust_start) return 'upcoming';
  if (iso < row.event.cust_end) return 'open';
  return hasPicks || row.details.seed_revealed_at ? 'drawn' : 'closed';
}

function sameCode(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given.toUpperCase()).digest();
  const b = createHash('sha256').update(expected.toUpperCase()).digest();
  return timingSafeEqual(a, b);
}

/** Creates the seed and its commitment. Used when a giveaway is created, or first touched if staff made it as a plain event. */
export function newSeed(ctx: Pick<AppContext, 'random'>): { seed: string; seed_hash: string } {
  const seed = ctx.random.bytes(32).toString('hex');
  return { seed, seed_hash: createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex') };
}

export function createGiveawayService(ctx: AppContext, liveLookup: Pick<LiveLookup, 'current'>) {
  const { db, clock } = ctx;
  const cache = new Map<number, { row: GiveawayRow; until: number }>();
  const entries = createEntryWriter(db, { groupsInFlight: ctx.dialect === 'postgres' ? GROUPS_IN_FLIGHT_ON_POSTGRES : 1 });

  /** The giveaway's event and details; the details (seed commitment) are created on first touch. */
  async function load(eventId: number): Promise<GiveawayRow> {
    const event = await eventsRepository.byId(db, eventId);
    if (!event || event.type !== 'giveaway') throw notFound(GIVEAWAY_MESSAGES.notFound);
    const details = (await giveawaysRepository.details(db, eventId)) ?? (await createDetails(eventId));
    return { event, details };
  }

  async function createDetails(eventId: number) {
    const now = clock.now().toISOString();
    return db.transaction().execute(async (trx) => {
      const inserted = await giveawaysRepository.insertDetails(trx, { event_id: eventId, show_id: null, prize: '', tnc: '', tnc_prices: '', winner_count: 1, access_code: null, ...newSeed(ctx), created_at: now, updated_at: now });
      if (inserted) await giveawaysRepository.audit(trx, { giveaway_id: eventId, pick_id: null, action: 'commit', actor_id: null, actor_name: 'system', detail: `Published the seed commitment ${inserted.seed_hash}.`, created_at: now });
      const details = inserted ?? (await giveawaysRepository.details(trx, eventId));
      if (!details) throw notFound(GIVEAWAY_MESSAGES.notFound);
      return details;
    });
  }

  /** The hot path's read: remembered for a second per giveaway (staff edits in this process forget it at once). */
  async function cached(eventId: number): Promise<GiveawayRow> {
    const now = clock.now().getTime();
    const hit = cache.get(eventId);
    if (hit && hit.until > now) return hit.row;
    const row = await load(eventId);
    cache.set(eventId, { row, until: now + FRESH_MS });
    return row;
  }

  function checkOpen(row: GiveawayRow, now: Date) {
    const iso = now.toISOString();
    if (iso < row.event.cust_start) throw new AppError(422, GIVEAWAY_MESSAGES.notOpenYet);
    if (iso >= row.event.cust_end) throw new AppError(422, GIVEAWAY_MESSAGES.closed);
  }

  async function enrollment(giveawayId: number, userId: number): Promise<Enrollment> {
    const entry = await giveawaysRepository.entryOf(db, giveawayId, userId);
    if (!entry) return { exists: false, eventid: giveawayId, entry_id: null, entered_at: null, entry_from: null, entries: 0, ledger: [], bonuses_left: [...SOCIAL_CLICK_TYPES] };
    const social = await giveawaysRepository.socialOf(db, giveawayId, userId);
    const credited = new Set(social.map((s) => s.click_type));
    const entryLine: LedgerLine = { kind: 'entry', click_type: null, label: ENTRY_LEDGER_LABEL, entries: 1, created_at: entry.created_at };
    const socialLines = SOCIAL_CLICK_TYPES.filter((type) => credited.has(type)).map(
      (type): LedgerLine => ({ kind: 'social', click_type: type, label: socialLedgerLabel(type), entries: 1, created_at: social.find((s) => s.click_type === type)?.created_at ?? entry.created_at }),
    );
    const ledger = [entryLine, ...socialLines.sort((a, b) => a.created_at.localeCompare(b.created_at))];
    return {
      exists: true,
      eventid: giveawayId,
      entry_id: entry.id,
      entered_at: entry.created_at,
      entry_from: entry.entry_from,
      entries: ledger.length,
      ledger,
      bonuses_left: SOCIAL_CLICK_TYPES.filter((type) => !credited.has(type)),
    };
  }

  async function addSocial(user: UserRow, giveawayId: number, clickType: SocialClickType): Promise<{ result: SocialEntryResult; message: string }> {
    const row = await cached(giveawayId);
    const now = clock.now();
    if (!(await giveawaysRepository.entryOf(db, giveawayId, user.id))) throw new AppError(422, GIVEAWAY_MESSAGES.enterFirst);
    if (now.toISOString() < row.event.cust_start || now.toISOString() >= row.event.cust_end) throw new AppError(422, GIVEAWAY_MESSAGES.socialClosed);
    const added = await giveawaysRepository.insertSocial(db, { giveaway_id: giveawayId, user_id: user.id, click_type: clickType, created_at: now.toISOString() });
    return { result: { ...(await enrollment(giveawayId, user.id)), bonus_added: Boolean(added) }, message: added ? GIVEAWAY_MESSAGES.bonusAdded : GIVEAWAY_MESSAGES.bonusAlready };
  }

  async function info(eventId: number): Promise<GiveawayInfo> {
    const row = await load(eventId);
    const now = clock.now();
    const [counts, picks, show, winnerRows] = await Promise.all([
      giveawaysRepository.counts(db, eventId),
      giveawaysRepository.picks(db, eventId),
      row.details.show_id ? eventsRepository.byId(db, row.details.show_id) : Promise.resolve(undefined),
      giveawaysRepository.announcedWinners(db, { giveawayId: eventId }),
    ]);
    return {
      ...toEventRecord(row.event, now, ctx.config.mediaBaseUrl),
      show_id: row.details.show_id,
      show_title: show?.title ?? null,
      prize: row.details.prize,
      tnc_prices: prizeValue(row.details.tnc_prices),
      winner_count: row.details.winner_count,
      state: stateOf(row, now, picks.length > 0),
      entrants: counts.entrants,
      needs_code: row.event.is_public === 0,
      social_click_types: [...SOCIAL_CLICK_TYPES],
      commitment: row.details.seed_hash,
      seed: row.details.seed_revealed_at ? row.details.seed : null,
      winners: winnerRows.map(toWinner),
    };
  }

  function toWinner(r: { giveaway_id: number; title: string; first_name: string; last_name: string; entry_id: number; drawn_at: string }): Winner {
    return { eventid: r.giveaway_id, giveaway_title: r.title, name: publicName(r.first_name, r.last_name), entry_id: r.entry_id, drawn_at: r.drawn_at };
  }

  return {
    load,
    info,
    enrollment,
    /** Staff changes: forget the remembered giveaway so the next entry sees them. */
    forget(eventId: number) {
      cache.delete(eventId);
    },

    /** Enters a viewer. `created` is false when they were already in (the answer is then a 409). */
    async enter(user: UserRow, input: z.output<typeof EnterGiveawayNewRequest>): Promise<{ created: boolean; enrollment: Enrollment }> {
      const row = await cached(input.eventid);
      const now = clock.now();
      checkOpen(row, now);
      if (row.event.is_public === 0) {
        if (!input.code || !row.details.access_code) throw forbidden(GIVEAWAY_MESSAGES.privateGiveaway);
        if (!sameCode(input.code, row.details.access_code)) throw forbidden(GIVEAWAY_MESSAGES.wrongCode);
      }
      const createdAt = now.toISOString();
      const inserted = await entries.write({ giveaway_id: input.eventid, user_id: user.id, entry_from: input.entry_from, whatnot_username: input.entry_from === 'whatnot' ? (input.whatnot_username ?? null) : null, created_at: createdAt });
      if (!inserted) return { created: false, enrollment: await enrollment(input.eventid, user.id) };
      // A new entry has no bonuses yet (they need the entry first), so its ledger is known without a read.
      return {
        created: true,
        enrollment: {
          exists: true,
          eventid: input.eventid,
          entry_id: inserted.id,
          entered_at: inserted.created_at,
          entry_from: input.entry_from,
          entries: 1,
          ledger: [{ kind: 'entry', click_type: null, label: ENTRY_LEDGER_LABEL, entries: 1, created_at: inserted.created_at }],
          bonuses_left: [...SOCIAL_CLICK_TYPES],
        },
      };
    },

    async checkEnrollment(userId: number, eventId: number): Promise<Enrollment> {
      await cached(eventId);
      return enrollment(eventId, userId);
    },

    socialEntry: (user: UserRow, eventId: number, clickType: SocialClickType) => addSocial(user, eventId, clickType),

    /** The bonus link from an e-mail or post: only for the account it was sent to. */
    async doSocialEntry(user: UserRow, email: string, clickFrom: SocialClickType, eventId: number | undefined) {
      if (user.email.toLowerCase() !== email) throw forbidden(GIVEAWAY_MESSAGES.notYourLink);
      const giveawayId = eventId ?? (await liveLookup.current('giveaway'))?.id;
      if (!giveawayId) throw new AppError(422, GIVEAWAY_MESSAGES.noneOpen);
      return addSocial(user, giveawayId, clickFrom);
    },

    /** Counts a click on a giveaway's Facebook banner (at most 30 a minute per address count) and says where to go. */
    async bannerClick(eventId: number, ip: string) {
      await cached(eventId);
      const hit = await ctx.limiter.hit(`fbbanner:${ip}`, BANNER_CLICKS_PER_MINUTE, 60_000);
      if (hit.allowed) await giveawaysRepository.countBannerClick(db, eventId, laDay(clock.now()));
      return { eventid: eventId, path: `/giveaway/${eventId}` };
    },

    async terms(id: number): Promise<GiveawayTerms> {
      const event = await eventsRepository.byId(db, id);
      if (!event || event.type !== 'giveaway') throw notFound(GIVEAWAY_MESSAGES.termsNotFound);
      const { details } = await load(id);
      return {
        id,
        title: event.title,
        start_date: event.cust_start,
        end_date: event.cust_end,
        tnc: details.tnc,
        tnc_prices: prizeValue(details.tnc_prices),
        algorithm: DRAW_ALGORITHM,
        commitment: details.seed_hash,
        seed: details.seed_revealed_at ? details.seed : null,
      };
    },

    async winners(filter: { eventid?: number; showid?: number }): Promise<Winner[]> {
      if (filter.eventid !== undefined) {
        await load(filter.eventid);
        return (await giveawaysRepository.announcedWinners(db, { giveawayId: filter.eventid })).map(toWinner);
      }
      const show = await eventsRepository.byId(db, filter.showid ?? 0);
      if (!show) throw notFound(GIVEAWAY_MESSAGES.notFound);
      return (await giveawaysRepository.announcedWinners(db, { showId: show.id })).map(toWinner);
    },

    /** The anonymised entry list, the picks and (after the first draw) the seed. */
    async proof(eventId: number): Promise<DrawProof> {
      const row = await load(eventId);
      const [entries, picks] = await Promise.all([giveawaysRepository.entriesWithWeights(db, eventId), giveawaysRepository.picks(db, eventId)]);
      const list = entries.map((e) => ({ entry_id: e.entry_id, weight: 1 + Number(e.bonuses ?? 0) }));
      return {
        eventid: eventId,
        algorithm: DRAW_ALGORITHM,
        commitment: row.details.seed_hash,
        seed: row.details.seed_revealed_at ? row.details.seed : null,
        list_digest: await listDigest(list),
        entries: list,
        picks: picks.map((p) => ({ sequence: p.sequence, entry_id: p.entry_id, ticket: p.ticket, total_weight: p.total_weight, status: p.status })),
      };
    },
  };
}
export type GiveawayService = ReturnType<typeof createGiveawayService>;
