// Giveaway rules for viewers: entry (account, window, private access code, one per giveaway),
// social bonuses, banner clicks, the ledger, and the public reads (giveaway, terms, winners, the
// draw proof). Entries are written in groups (entry-writer.ts) and answered only once committed.
// Reads write nothing: every giveaway has its details from the start (giveaway-details.ts). Who may
// see a private giveaway, and its code's limits, are event-access's (decision 051).
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type {
  DrawProof,
  EnterGiveawayNewRequest,
  Enrollment,
  GiveawayInfo,
  GiveawayState,
  GiveawayTerms,
  LedgerLine,
  SocialClickType,
  SocialEntryResult,
  Winner,
} from '../../../shared/contract/giveaways';
import { SOCIAL_CLICK_TYPES } from '../../../shared/contract/giveaways';
import { ENTRY_LEDGER_LABEL, GIVEAWAY_MESSAGES, socialLedgerLabel } from '../../../shared/giveaway-messages';
import { fillTerms, prizeValue } from '../../../shared/giveaway-terms';
import { laDay } from '../../../shared/time';
import { DRAW_ALGORITHM, listDigest } from '../../../shared/verifiable-draw';
import type { AppContext } from '../../context';
import type { EventsTable, GiveawaysTable, UserRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../http/errors';
import { createEventAccess, isPrivate, type Caller } from '../event-access/event-access.service';
import { publicImage, toEventRecord } from '../events/event-record';
import { eventsRepository } from '../events/events.repository';
import type { LiveLookup } from '../events/live-lookup';
import { groupsInFlightFor } from '../../db/grouped-writer';
import { createEntryWriter } from './entry-writer';
import { giveawayDrawRepository } from './giveaway-draw.repository';
import { giveawaysRepository, type GiveawayOverview, type GiveawayRow } from './giveaways.repository';
import { sanitizeTerms } from './terms-sanitizer';

const FRESH_MS = 1000;

/** 'Ruby A.': first name and last initial, all that is ever shown publicly of a winner. */
export function publicName(first: string, last: string): string {
  const initial = last.trim().charAt(0).toUpperCase();
  return initial ? `${first.trim()} ${initial}.` : first.trim();
}

export function stateOf(
  event: Pick<Selectable<EventsTable>, 'cust_start' | 'cust_end'>,
  details: Pick<Selectable<GiveawaysTable>, 'seed_revealed_at'>,
  now: Date,
  hasPicks: boolean,
): GiveawayState {
  const iso = now.toISOString();
  if (iso < event.cust_start) return 'upcoming';
  if (iso < event.cust_end) return 'open';
  return hasPicks || details.seed_revealed_at ? 'drawn' : 'closed';
}

/** A giveaway as everyone may see it, with the details and counts it was made from. */
export type DescribedGiveaway = { info: GiveawayInfo; overview: GiveawayOverview };

function toWinner(r: {
  giveaway_id: number;
  title: string;
  first_name: string;
  last_name: string;
  entry_id: number;
  drawn_at: string;
}): Winner {
  return {
    eventid: r.giveaway_id,
    giveaway_title: r.title,
    name: publicName(r.first_name, r.last_name),
    entry_id: r.entry_id,
    drawn_at: r.drawn_at,
  };
}

export function createGiveawayService(ctx: AppContext, liveLookup: Pick<LiveLookup, 'current'>) {
  const { db, clock } = ctx;
  const access = createEventAccess(ctx);
  const cache = new Map<number, { row: GiveawayRow; until: number }>();
  const entries = createEntryWriter(db, { groupsInFlight: groupsInFlightFor(ctx.dialect) });

  /** The giveaway's event and details; undefined for an event that is no giveaway. */
  async function find(eventId: number): Promise<GiveawayRow | undefined> {
    const [event, details] = await Promise.all([
      eventsRepository.byId(db, eventId),
      giveawaysRepository.details(db, eventId),
    ]);
    if (!event || event.type !== 'giveaway' || !details) return undefined;
    return { event, details };
  }

  /** The giveaway's event and details; not found for an event that is no giveaway. */
  async function load(eventId: number, missing: string = GIVEAWAY_MESSAGES.notFound): Promise<GiveawayRow> {
    const row = await find(eventId);
    if (!row) throw notFound(missing);
    return row;
  }

  /** The hot path's read: remembered for a second per giveaway (staff edits in this process forget it at once). */
  async function findCached(eventId: number): Promise<GiveawayRow | undefined> {
    const now = clock.now().getTime();
    const hit = cache.get(eventId);
    if (hit && hit.until > now) return hit.row;
    const row = await find(eventId);
    if (row) cache.set(eventId, { row, until: now + FRESH_MS });
    return row;
  }

  async function cached(eventId: number): Promise<GiveawayRow> {
    const row = await findCached(eventId);
    if (!row) throw notFound(GIVEAWAY_MESSAGES.notFound);
    return row;
  }

  /** The giveaway when the caller may see it; a private one they may not see is as missing as an unknown id. */
  async function shown(
    eventId: number,
    row: GiveawayRow | undefined,
    caller: Caller,
    missing: string = GIVEAWAY_MESSAGES.notFound,
  ): Promise<GiveawayRow> {
    await access.visible(eventId, row?.event, caller, missing);
    if (!row) throw notFound(missing);
    return row;
  }

  /**
   * The giveaway a viewer may try to enter. A private one needs its code; one they already entered
   * goes on to answer with their standing (409). A code for an unknown id counts as a wrong one, as
   * it does for a private giveaway, so the two answer alike.
   */
  async function enterable(eventId: number, user: UserRow, code: string | undefined, ip: string): Promise<GiveawayRow> {
    const row = await findCached(eventId);
    if (row && !isPrivate(row.event)) return row;
    const stored = row?.details.access_code ?? null;
    if (code !== undefined && (await access.checkCode(eventId, row?.event, stored, code, user, ip)) && row) return row;
    if (!row) throw notFound(GIVEAWAY_MESSAGES.notFound);
    if (await giveawaysRepository.entryOf(db, eventId, user.id)) return row;
    // Staff may see the giveaway anyway, so they may hear why; anyone else hears what a missing id says.
    if (user.is_staff === 1)
      throw forbidden(code === undefined ? GIVEAWAY_MESSAGES.privateGiveaway : GIVEAWAY_MESSAGES.wrongCode);
    throw notFound(GIVEAWAY_MESSAGES.notFound);
  }

  function checkOpen(row: GiveawayRow, now: Date) {
    const iso = now.toISOString();
    if (iso < row.event.cust_start) throw new AppError(422, GIVEAWAY_MESSAGES.notOpenYet);
    if (iso >= row.event.cust_end) throw new AppError(422, GIVEAWAY_MESSAGES.closed);
  }

  async function enrollment(giveawayId: number, userId: number): Promise<Enrollment> {
    const entry = await giveawaysRepository.entryOf(db, giveawayId, userId);
    if (!entry)
      return {
        exists: false,
        eventid: giveawayId,
        entry_id: null,
        entry_number: null,
        entrants: null,
        entered_at: null,
        entry_from: null,
        entries: 0,
        ledger: [],
        bonuses_left: [...SOCIAL_CLICK_TYPES],
      };
    const [social, standing] = await Promise.all([
      giveawaysRepository.socialOf(db, giveawayId, userId),
      giveawayDrawRepository.entryStanding(db, giveawayId, entry.id),
    ]);
    const credited = new Set(social.map((s) => s.click_type));
    const entryLine: LedgerLine = {
      kind: 'entry',
      click_type: null,
      label: ENTRY_LEDGER_LABEL,
      entries: 1,
      created_at: entry.created_at,
    };
    const socialLines = SOCIAL_CLICK_TYPES.filter((type) => credited.has(type)).map((type): LedgerLine => ({
      kind: 'social',
      click_type: type,
      label: socialLedgerLabel(type),
      entries: 1,
      created_at: social.find((s) => s.click_type === type)?.created_at ?? entry.created_at,
    }));
    const ledger = [entryLine, ...socialLines.sort((a, b) => a.created_at.localeCompare(b.created_at))];
    return {
      exists: true,
      eventid: giveawayId,
      entry_id: entry.id,
      entry_number: Number(standing.entry_number ?? 0),
      entrants: Number(standing.entrants),
      entered_at: entry.created_at,
      entry_from: entry.entry_from,
      entries: ledger.length,
      ledger,
      bonuses_left: SOCIAL_CLICK_TYPES.filter((type) => !credited.has(type)),
    };
  }

  async function addSocial(
    user: UserRow,
    giveawayId: number,
    clickType: SocialClickType,
  ): Promise<{ result: SocialEntryResult; message: string }> {
    const row = await cached(giveawayId);
    if (!(await access.seenBy(row.event, user))) throw notFound(GIVEAWAY_MESSAGES.notFound);
    const now = clock.now();
    if (!(await giveawaysRepository.entryOf(db, giveawayId, user.id)))
      throw new AppError(422, GIVEAWAY_MESSAGES.enterFirst);
    if (now.toISOString() < row.event.cust_start || now.toISOString() >= row.event.cust_end)
      throw new AppError(422, GIVEAWAY_MESSAGES.socialClosed);
    const added = await giveawaysRepository.insertSocial(db, {
      giveaway_id: giveawayId,
      user_id: user.id,
      click_type: clickType,
      created_at: now.toISOString(),
    });
    return {
      result: { ...(await enrollment(giveawayId, user.id)), bonus_added: Boolean(added) },
      message: added ? GIVEAWAY_MESSAGES.bonusAdded : GIVEAWAY_MESSAGES.bonusAlready,
    };
  }

  /**
   * Giveaways as everyone may see them: their details, counts, show titles and announced winners
   * in two reads however many giveaways there are (the staff list shows up to 200).
   */
  async function describe(events: Selectable<EventsTable>[]): Promise<DescribedGiveaway[]> {
    if (events.length === 0) return [];
    const ids = events.map((event) => event.id);
    const [overviews, winnerRows] = await Promise.all([
      giveawaysRepository.overviews(db, ids),
      giveawaysRepository.announcedWinners(db, { giveawayIds: ids }),
    ]);
    const now = clock.now();
    const byId = new Map(overviews.map((overview) => [overview.event_id, overview]));
    const winnersOf = new Map<number, Winner[]>();
    for (const row of winnerRows)
      winnersOf.set(row.giveaway_id, [...(winnersOf.get(row.giveaway_id) ?? []), toWinner(row)]);
    return events.flatMap((event) => {
      const overview = byId.get(event.id);
      if (!overview) return [];
      const info: GiveawayInfo = {
        ...toEventRecord(event, now, ctx.config.mediaBaseUrl),
        show_id: overview.show_id,
        show_title: overview.show_title,
        prize: overview.prize,
        prize_image: publicImage(overview.prize_image, ctx.config.mediaBaseUrl),
        tnc_prices: prizeValue(overview.tnc_prices),
        winner_count: overview.winner_count,
        state: stateOf(event, overview, now, overview.picks > 0),
        entrants: overview.entrants,
        needs_code: event.is_public === 0,
        claim_mode: overview.claim_mode,
        social_click_types: [...SOCIAL_CLICK_TYPES],
        commitment: overview.seed_hash,
        seed: overview.seed_revealed_at ? overview.seed : null,
        winners: winnersOf.get(event.id) ?? [],
      };
      return [{ info, overview }];
    });
  }

  /** One giveaway as everyone may see it (staff screens; viewers' reads go through `info`); not found for an event that is no giveaway. */
  async function describeOne(eventId: number): Promise<DescribedGiveaway> {
    const event = await eventsRepository.byId(db, eventId);
    const [described] = event?.type === 'giveaway' ? await describe([event]) : [];
    if (!described) throw notFound(GIVEAWAY_MESSAGES.notFound);
    return described;
  }

  return {
    load,
    /** The giveaway for a signed-in viewer's own call (the draw, the claim): a private one for staff and entrants only. */
    async loadFor(user: UserRow, eventId: number): Promise<GiveawayRow> {
      const row = await find(eventId);
      if (!row || !(await access.seenBy(row.event, user))) throw notFound(GIVEAWAY_MESSAGES.notFound);
      return row;
    },
    seenBy: access.seenBy,
    describe,
    describeOne,
    /** The giveaway page's read, for a caller who may see the giveaway. */
    async info(eventId: number, caller: Caller): Promise<GiveawayInfo> {
      const { event } = await shown(eventId, await find(eventId), caller);
      const [described] = await describe([event]);
      if (!described) throw notFound(GIVEAWAY_MESSAGES.notFound);
      return described.info;
    },
    /** Staff changes: forget the remembered giveaway so the next entry sees them. */
    forget(eventId: number) {
      cache.delete(eventId);
    },

    /** Enters a viewer. `created` is false when they were already in (the answer is then a 409). */
    async enter(
      user: UserRow,
      input: z.output<typeof EnterGiveawayNewRequest>,
      ip: string,
    ): Promise<{ created: boolean; enrollment: Enrollment }> {
      // Before the window, so a closed private giveaway says no more than a missing one.
      const row = await enterable(input.eventid, user, input.code, ip);
      const now = clock.now();
      checkOpen(row, now);
      const createdAt = now.toISOString();
      const inserted = await entries.write({
        giveaway_id: input.eventid,
        user_id: user.id,
        entry_from: input.entry_from,
        whatnot_username: input.entry_from === 'whatnot' ? (input.whatnot_username ?? null) : null,
        created_at: createdAt,
      });
      if (!inserted) return { created: false, enrollment: await enrollment(input.eventid, user.id) };
      // Its points come from startActivityCredits, off this path: a surge's answers wait only for the grouped commit.
      // A new entry has no bonuses yet (they need the entry first), so its ledger is known without a read.
      return {
        created: true,
        enrollment: {
          exists: true,
          eventid: input.eventid,
          entry_id: inserted.id,
          entry_number: null,
          entrants: null,
          entered_at: inserted.created_at,
          entry_from: input.entry_from,
          entries: 1,
          ledger: [
            { kind: 'entry', click_type: null, label: ENTRY_LEDGER_LABEL, entries: 1, created_at: inserted.created_at },
          ],
          bonuses_left: [...SOCIAL_CLICK_TYPES],
        },
      };
    },

    async checkEnrollment(user: UserRow, eventId: number, caller: Caller): Promise<Enrollment> {
      await shown(eventId, await findCached(eventId), caller);
      return enrollment(eventId, user.id);
    },

    socialEntry: (user: UserRow, eventId: number, clickType: SocialClickType) => addSocial(user, eventId, clickType),

    /** The bonus link from an e-mail or post: only for the account it was sent to. */
    async doSocialEntry(user: UserRow, email: string, clickFrom: SocialClickType, eventId: number | undefined) {
      if (user.email.toLowerCase() !== email) throw forbidden(GIVEAWAY_MESSAGES.notYourLink);
      const giveawayId = eventId ?? (await liveLookup.current('giveaway'))?.id;
      if (!giveawayId) throw new AppError(422, GIVEAWAY_MESSAGES.noneOpen);
      return addSocial(user, giveawayId, clickFrom);
    },

    /** Counts a click on a giveaway's Facebook banner and says where to go (the route limits clicks per address). */
    async bannerClick(eventId: number, caller: Caller) {
      await shown(eventId, await findCached(eventId), caller);
      await giveawaysRepository.countBannerClick(db, eventId, laDay(clock.now()));
      return { eventid: eventId, path: `/giveaway/${eventId}` };
    },

    async terms(id: number, caller: Caller): Promise<GiveawayTerms> {
      const { event, details } = await shown(id, await find(id), caller, GIVEAWAY_MESSAGES.termsNotFound);
      return {
        id,
        title: event.title,
        start_date: event.cust_start,
        end_date: event.cust_end,
        tnc: details.tnc,
        // Filled, then sanitised: a value in an attribute (href="{{VALUE}}") meets the scheme rule too.
        tnc_filled: sanitizeTerms(
          fillTerms(details.tnc, {
            tncPrices: details.tnc_prices,
            startDate: event.cust_start,
            endDate: event.cust_end,
          }),
        ),
        tnc_prices: prizeValue(details.tnc_prices),
        algorithm: DRAW_ALGORITHM,
        commitment: details.seed_hash,
        seed: details.seed_revealed_at ? details.seed : null,
      };
    },

    async winners(filter: { eventid?: number; showid?: number }, caller: Caller): Promise<Winner[]> {
      if (filter.eventid !== undefined) {
        await shown(filter.eventid, await find(filter.eventid), caller);
        return (await giveawaysRepository.announcedWinners(db, { giveawayIds: [filter.eventid] })).map(toWinner);
      }
      const showId = filter.showid ?? 0;
      // A show's list names only its public giveaways' winners (giveawaysRepository.announcedWinners).
      const show = await access.visible(
        showId,
        await eventsRepository.byId(db, showId),
        caller,
        GIVEAWAY_MESSAGES.notFound,
      );
      return (await giveawaysRepository.announcedWinners(db, { showId: show.id })).map(toWinner);
    },

    /** The anonymised entry list, the picks and (after the first draw) the seed. */
    async proof(eventId: number, caller: Caller): Promise<DrawProof> {
      const row = await shown(eventId, await find(eventId), caller);
      const [entries, picks] = await Promise.all([
        giveawaysRepository.entriesWithWeights(db, eventId),
        giveawayDrawRepository.picks(db, eventId),
      ]);
      const list = entries.map((e) => ({ entry_id: e.entry_id, weight: 1 + Number(e.bonuses ?? 0) }));
      return {
        eventid: eventId,
        algorithm: DRAW_ALGORITHM,
        commitment: row.details.seed_hash,
        seed: row.details.seed_revealed_at ? row.details.seed : null,
        list_digest: await listDigest(list),
        entries: list,
        picks: picks.map((p) => ({
          sequence: p.sequence,
          entry_id: p.entry_id,
          ticket: p.ticket,
          total_weight: p.total_weight,
          status: p.status,
        })),
      };
    },
  };
}
export type GiveawayService = ReturnType<typeof createGiveawayService>;
