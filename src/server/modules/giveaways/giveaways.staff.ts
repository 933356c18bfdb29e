// Staff side of giveaways: create and edit (terms sanitised on save), entries and their CSV, and
// the live draw: draw weighted by entries with the verifiable algorithm, respin a repeat winner
// of the same show, confirm a claim within 5 minutes or forfeit and redraw, announce winners.
// Every draw, reveal, respin, claim, forfeit and announcement is written to the audit log.
import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { AuditLine, CreateGiveawayRequest, StaffEntry, StaffGiveaway, StaffGiveawayDetail, StaffPick, UpdateGiveawayRequest } from '../../../shared/contract/giveaways';
import { AUDIT_ACTIONS, ENTRY_CSV_COLUMNS, SOCIAL_CLICK_TYPES } from '../../../shared/contract/giveaways';
import { GIVEAWAY_MESSAGES } from '../../../shared/giveaway-messages';
import { pickWinner } from '../../../shared/verifiable-draw';
import type { AppContext } from '../../context';
import { isUniqueViolation, type Db } from '../../db/database';
import type { EventsTable, GiveawayPicksTable, GiveawaysTable, UserRow } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { eventsRepository } from '../events/events.repository';
import type { LiveLookup } from '../events/live-lookup';
import { giveawaysRepository } from './giveaways.repository';
import { newSeed, publicName, type GiveawayService } from './giveaways.service';
import { sanitizeTerms } from './terms-sanitizer';

/** Spec §5 and §9: a winner must message in within 5 minutes of the announcement. */
export const CLAIM_WINDOW_MS = 5 * 60_000;

type PickRow = Selectable<GiveawayPicksTable>;
type Outcome = { detail: StaffGiveawayDetail; message: string };

const utc = (instant: string) => new Date(instant).toISOString();
const storedImage = (image: string) => (image.startsWith('/media/') ? image.slice('/media/'.length) : image) || null;
const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();
const isAuditAction = (action: string): action is AuditLine['action'] => (AUDIT_ACTIONS as readonly string[]).includes(action);
const isClickType = (value: string): value is StaffEntry['social'][number] => (SOCIAL_CLICK_TYPES as readonly string[]).includes(value);

/** A CSV cell: quoted, and a leading =, +, -, @ or control character defused so spreadsheets never run it as a formula. */
function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/**
 * Once a pick exists the published entry list must not change, so a giveaway's window stays where
 * it is and the giveaway stays a giveaway (decision 025). Both the giveaway call and the generic
 * staff events call apply this before they write; the answer is 409 and nothing is changed.
 */
export async function keepDrawnGiveawayFixed(db: Db, current: Pick<Selectable<EventsTable>, 'id' | 'type' | 'cust_start' | 'cust_end'>, next: Pick<Selectable<EventsTable>, 'type' | 'cust_start' | 'cust_end'>): Promise<void> {
  if (current.type !== 'giveaway') return;
  const movesWindow = next.cust_start !== current.cust_start || next.cust_end !== current.cust_end;
  const changesType = next.type !== 'giveaway';
  if (!movesWindow && !changesType) return;
  if ((await giveawaysRepository.picks(db, current.id)).length === 0) return;
  throw conflict(changesType ? GIVEAWAY_MESSAGES.typeLocked : GIVEAWAY_MESSAGES.windowLocked);
}

export function createStaffGiveawayService(ctx: AppContext, giveaways: GiveawayService, liveLookup: Pick<LiveLookup, 'invalidate'>) {
  const { db, clock } = ctx;

  async function summary(eventId: number): Promise<StaffGiveaway> {
    const [info, details, counts] = await Promise.all([giveaways.info(eventId), giveawaysRepository.details(db, eventId), giveawaysRepository.counts(db, eventId)]);
    if (!details) throw notFound(GIVEAWAY_MESSAGES.notFound);
    return {
      ...info,
      access_code: details.access_code ?? '',
      tnc_html: details.tnc,
      tnc_prices_raw: details.tnc_prices,
      tickets: counts.entrants + counts.bonuses,
      banner_clicks: counts.bannerClicks,
      announced: details.announced_at !== null,
    };
  }

  async function detail(eventId: number): Promise<StaffGiveawayDetail> {
    const base = await summary(eventId);
    const [picks, log, entries] = await Promise.all([giveawaysRepository.picks(db, eventId), giveawaysRepository.auditLog(db, eventId), giveawaysRepository.entriesWithWeights(db, eventId)]);
    const staffIds = [...new Set(picks.flatMap((p) => [p.drawn_by, p.resolved_by]).filter((v): v is number => v !== null))];
    const staff = new Map((await giveawaysRepository.usersByIds(db, staffIds)).map((u) => [u.id, fullName(u)]));
    const byEntry = new Map(entries.map((e) => [e.entry_id, e]));
    const pickRecords: StaffPick[] = picks.map((p) => {
      const entry = byEntry.get(p.entry_id);
      return {
        id: p.id,
        sequence: p.sequence,
        entry_id: p.entry_id,
        user_id: p.user_id,
        name: entry ? fullName(entry) : '',
        email: entry?.email ?? '',
        phone: entry?.phone ?? '',
        whatnot_username: entry?.whatnot_username ?? null,
        status: p.status,
        ticket: p.ticket,
        total_weight: p.total_weight,
        weight: p.weight,
        drawn_at: p.drawn_at,
        drawn_by: (p.drawn_by !== null && staff.get(p.drawn_by)) || '',
        claim_by: p.claim_by,
        resolved_at: p.resolved_at,
        resolved_by: p.resolved_by !== null ? (staff.get(p.resolved_by) ?? '') : null,
        repeat_of: p.repeat_of,
      };
    });
    const lines: AuditLine[] = log.flatMap((l) => (isAuditAction(l.action) ? [{ id: l.id, action: l.action, pick_id: l.pick_id, actor: l.actor_name, detail: l.detail, created_at: l.created_at }] : []));
    return { ...base, picks: pickRecords, log: lines };
  }

  async function checkShow(showId: number | null | undefined) {
    if (showId === null || showId === undefined) return;
    const show = await eventsRepository.byId(db, showId);
    if (!show || show.type === 'giveaway') throw badRequest(GIVEAWAY_MESSAGES.showNotFound, [{ field: 'show_id', message: GIVEAWAY_MESSAGES.showNotFound }]);
  }

  function audit(trx: Db, giveawayId: number, staff: UserRow | null, action: AuditLine['action'], detailText: string, pickId: number | null = null) {
    return giveawaysRepository.audit(trx, { giveaway_id: giveawayId, pick_id: pickId, action, actor_id: staff?.id ?? null, actor_name: staff ? fullName(staff) : 'system', detail: detailText, created_at: clock.now().toISOString() });
  }

  const termsDigest = (tnc: string) => createHash('sha256').update(tnc).digest('hex').slice(0, 16);

  /** Draws pick number picks.length + 1 inside `trx`; null when no eligible entry is left. */
  async function drawIn(trx: Db, staff: UserRow, event: Selectable<EventsTable>, details: Selectable<GiveawaysTable>, picks: PickRow[]): Promise<PickRow | null> {
    const now = clock.now();
    const entries = await giveawaysRepository.entriesWithWeights(trx, event.id);
    const list = entries.map((e) => ({ entry_id: e.entry_id, weight: 1 + Number(e.bonuses ?? 0) }));
    const drawn = await pickWinner({ seedHex: details.seed, giveawayId: event.id, entries: list, alreadyPicked: picks.map((p) => p.entry_id), sequence: picks.length + 1 });
    const entry = drawn && entries.find((e) => e.entry_id === drawn.entry_id);
    if (!drawn || !entry) return null;
    if (!details.seed_revealed_at) {
      await giveawaysRepository.updateDetails(trx, event.id, { seed_revealed_at: now.toISOString() });
      await audit(trx, event.id, staff, 'reveal', `Revealed the seed ${details.seed} (its SHA-256 is the published commitment ${details.seed_hash}).`);
    }
    const earlier = details.show_id !== null ? await giveawaysRepository.wonInShow(trx, details.show_id, entry.user_id, event.id) : undefined;
    const pick = await giveawaysRepository.insertPick(trx, {
      giveaway_id: event.id,
      sequence: drawn.sequence,
      entry_id: entry.entry_id,
      user_id: entry.user_id,
      ticket: drawn.ticket.toString(),
      total_weight: drawn.total_weight,
      weight: 1 + Number(entry.bonuses ?? 0),
      status: earlier ? 'repeat' : 'pending',
      repeat_of: earlier?.giveaway_id ?? null,
      drawn_by: staff.id,
      drawn_at: now.toISOString(),
      claim_by: earlier ? null : new Date(now.getTime() + CLAIM_WINDOW_MS).toISOString(),
      resolved_by: null,
      resolved_at: null,
    });
    const who = `entry ${entry.entry_id} (${publicName(entry.first_name, entry.last_name)})`;
    await audit(trx, event.id, staff, 'draw', `Pick ${drawn.sequence}: ticket ${drawn.ticket} of ${drawn.total_weight} chose ${who}${earlier ? `, who already won giveaway ${earlier.giveaway_id} of this show` : ''}.`, pick.id);
    return pick;
  }

  /** Runs a draw-changing step in one transaction; a clash on the pick number means another staff member got there first. */
  async function drawStep<T>(step: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(step);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(GIVEAWAY_MESSAGES.drawRace);
      throw error;
    }
  }

  async function current(trx: Db, eventId: number) {
    const [event, details, picks] = await Promise.all([eventsRepository.byId(trx, eventId), giveawaysRepository.details(trx, eventId), giveawaysRepository.picks(trx, eventId)]);
    if (!event || !details) throw notFound(GIVEAWAY_MESSAGES.notFound);
    return { event, details, picks };
  }

  function pickIn(picks: PickRow[], pickId: number): PickRow {
    const pick = picks.find((p) => p.id === pickId);
    if (!pick) throw notFound(GIVEAWAY_MESSAGES.pickNotFound);
    return pick;
  }

  async function messageFor(pick: PickRow | null): Promise<string> {
    if (!pick) return GIVEAWAY_MESSAGES.drawEmpty;
    const [user] = await giveawaysRepository.usersByIds(db, [pick.user_id]);
    const name = user ? publicName(user.first_name, user.last_name) : `entry ${pick.entry_id}`;
    return pick.status === 'repeat' ? GIVEAWAY_MESSAGES.repeatWinner(name) : GIVEAWAY_MESSAGES.drawn(name);
  }

  async function entries(id: number): Promise<StaffEntry[]> {
    await giveaways.load(id);
    const [rows, social] = await Promise.all([giveawaysRepository.entriesWithWeights(db, id), giveawaysRepository.socialByGiveaway(db, id)]);
    const byUser = new Map<number, StaffEntry['social']>();
    for (const s of social) if (isClickType(s.click_type)) byUser.set(s.user_id, [...(byUser.get(s.user_id) ?? []), s.click_type]);
    return rows.map((r) => ({
      entry_id: r.entry_id,
      user_id: r.user_id,
      name: fullName(r),
      email: r.email,
      phone: r.phone,
      entry_from: r.entry_from,
      whatnot_username: r.whatnot_username,
      social: byUser.get(r.user_id) ?? [],
      weight: 1 + Number(r.bonuses ?? 0),
      created_at: r.created_at,
    }));
  }

  const claimedCount = (picks: PickRow[]) => picks.filter((p) => p.status === 'claimed').length;

  function changed(eventId: number) {
    giveaways.forget(eventId);
    liveLookup.invalidate();
  }

  return {
    detail,

    async list(on: 'upcoming' | 'live' | 'past' | 'all'): Promise<StaffGiveaway[]> {
      const rows = await giveawaysRepository.staffList(db, on, clock.now().toISOString());
      return Promise.all(rows.map((row) => summary(row.id)));
    },

    async create(staff: UserRow, input: z.output<typeof CreateGiveawayRequest>): Promise<StaffGiveawayDetail> {
      await checkShow(input.show_id);
      if (input.IS_Public === 0 && !input.access_code) throw badRequest(GIVEAWAY_MESSAGES.codeForPrivate, [{ field: 'access_code', message: GIVEAWAY_MESSAGES.codeForPrivate }]);
      const now = clock.now().toISOString();
      const tnc = sanitizeTerms(input.tnc);
      const id = await db.transaction().execute(async (trx) => {
        const event = await eventsRepository.insert(trx, {
          type: 'giveaway',
          title: input.title,
          description: input.description,
          image: storedImage(input.image),
          cust_start: utc(input.cust_start),
          cust_end: utc(input.cust_end),
          is_public: input.IS_Public,
          platform: 'hls',
          stream_url: null,
          created_at: now,
        });
        const seed = newSeed(ctx);
        await giveawaysRepository.insertDetails(trx, {
          event_id: event.id,
          show_id: input.show_id,
          prize: input.prize,
          tnc,
          tnc_prices: input.tnc_prices,
          winner_count: input.winner_count,
          access_code: input.access_code || null,
          ...seed,
          created_at: now,
          updated_at: now,
        });
        await audit(trx, event.id, staff, 'commit', `Published the seed commitment ${seed.seed_hash}.`);
        if (tnc) await audit(trx, event.id, staff, 'terms', `Terms saved (sanitised; SHA-256 ${termsDigest(tnc)}…).`);
        return event.id;
      });
      changed(id);
      return detail(id);
    },

    async update(staff: UserRow, id: number, input: z.output<typeof UpdateGiveawayRequest>): Promise<StaffGiveawayDetail> {
      const { event, details } = await giveaways.load(id);
      const start = input.cust_start ? utc(input.cust_start) : event.cust_start;
      const end = input.cust_end ? utc(input.cust_end) : event.cust_end;
      if (end <= start) throw badRequest('The closing time must come after the opening time.', [{ field: 'cust_end', message: 'The closing time must come after the opening time.' }]);
      await keepDrawnGiveawayFixed(db, event, { type: 'giveaway', cust_start: start, cust_end: end });
      await checkShow(input.show_id);
      const isPublic = input.IS_Public ?? event.is_public;
      const accessCode = input.access_code !== undefined ? input.access_code || null : details.access_code;
      if (isPublic === 0 && !accessCode) throw badRequest(GIVEAWAY_MESSAGES.codeForPrivate, [{ field: 'access_code', message: GIVEAWAY_MESSAGES.codeForPrivate }]);
      const tnc = input.tnc !== undefined ? sanitizeTerms(input.tnc) : details.tnc;
      await db.transaction().execute(async (trx) => {
        await eventsRepository.update(trx, id, {
          cust_start: start,
          cust_end: end,
          is_public: isPublic,
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.image !== undefined ? { image: storedImage(input.image) } : {}),
        });
        await giveawaysRepository.updateDetails(trx, id, {
          access_code: accessCode,
          tnc,
          updated_at: clock.now().toISOString(),
          ...(input.show_id !== undefined ? { show_id: input.show_id } : {}),
          ...(input.prize !== undefined ? { prize: input.prize } : {}),
          ...(input.tnc_prices !== undefined ? { tnc_prices: input.tnc_prices } : {}),
          ...(input.winner_count !== undefined ? { winner_count: input.winner_count } : {}),
        });
        if (tnc !== details.tnc) await audit(trx, id, staff, 'terms', `Terms saved (sanitised; SHA-256 ${termsDigest(tnc)}…).`);
      });
      changed(id);
      return detail(id);
    },

    entries,

    async entriesCsv(id: number): Promise<string> {
      const rows = await entries(id);
      const lines = [ENTRY_CSV_COLUMNS.join(','), ...rows.map((r) => ENTRY_CSV_COLUMNS.map((column) => csvCell(column === 'social' ? r.social.join(' ') : r[column])).join(','))];
      return `${lines.join('\r\n')}\r\n`;
    },

    async draw(staff: UserRow, id: number): Promise<Outcome> {
      const { event } = await giveaways.load(id);
      if (clock.now().toISOString() < event.cust_end) throw new AppError(422, GIVEAWAY_MESSAGES.drawBeforeClose);
      const pick = await drawStep(async (trx) => {
        const state = await current(trx, id);
        if (state.picks.some((p) => p.status === 'pending' || p.status === 'repeat')) throw conflict(GIVEAWAY_MESSAGES.drawPending);
        if (claimedCount(state.picks) >= state.details.winner_count) throw new AppError(422, GIVEAWAY_MESSAGES.drawComplete);
        const drawn = await drawIn(trx, staff, state.event, state.details, state.picks);
        if (!drawn) throw new AppError(422, GIVEAWAY_MESSAGES.drawEmpty);
        return drawn;
      });
      return { detail: await detail(id), message: await messageFor(pick) };
    },

    async respin(staff: UserRow, id: number, pickId: number): Promise<Outcome> {
      await giveaways.load(id);
      const pick = await drawStep(async (trx) => {
        const state = await current(trx, id);
        const repeat = pickIn(state.picks, pickId);
        if (repeat.status !== 'repeat') throw new AppError(422, GIVEAWAY_MESSAGES.notRepeat);
        const resolved = await giveawaysRepository.resolvePick(trx, pickId, 'repeat', 'respun', staff.id, clock.now().toISOString());
        if (!resolved) throw conflict(GIVEAWAY_MESSAGES.drawRace);
        await audit(trx, id, staff, 'respin', `Pick ${repeat.sequence} (entry ${repeat.entry_id}) already won in this show: respun.`, pickId);
        return drawIn(trx, staff, state.event, state.details, state.picks);
      });
      return { detail: await detail(id), message: await messageFor(pick) };
    },

    async claim(staff: UserRow, id: number, pickId: number): Promise<Outcome> {
      await giveaways.load(id);
      const pick = await drawStep(async (trx) => {
        const state = await current(trx, id);
        const pending = pickIn(state.picks, pickId);
        const claimed = pending.status === 'pending' ? await giveawaysRepository.resolvePick(trx, pickId, 'pending', 'claimed', staff.id, clock.now().toISOString()) : undefined;
        if (!claimed) throw conflict(GIVEAWAY_MESSAGES.notPending);
        await audit(trx, id, staff, 'claim', `Pick ${claimed.sequence} (entry ${claimed.entry_id}) messaged in: claim confirmed.`, pickId);
        return claimed;
      });
      const [user] = await giveawaysRepository.usersByIds(db, [pick.user_id]);
      return { detail: await detail(id), message: GIVEAWAY_MESSAGES.claimed(user ? publicName(user.first_name, user.last_name) : `Entry ${pick.entry_id}`) };
    },

    /** Forfeits a pick whose 5 minutes have run out and, unless told not to, draws the next winner at once. */
    async forfeit(staff: UserRow, id: number, pickId: number, redraw: boolean): Promise<Outcome> {
      await giveaways.load(id);
      const next = await drawStep(async (trx) => {
        const state = await current(trx, id);
        const pending = pickIn(state.picks, pickId);
        if (pending.status !== 'pending') throw conflict(GIVEAWAY_MESSAGES.notPending);
        const leftMs = new Date(pending.claim_by ?? 0).getTime() - clock.now().getTime();
        if (leftMs > 0) throw new AppError(422, GIVEAWAY_MESSAGES.stillInWindow(Math.ceil(leftMs / 1000)));
        const forfeited = await giveawaysRepository.resolvePick(trx, pickId, 'pending', 'forfeited', staff.id, clock.now().toISOString());
        if (!forfeited) throw conflict(GIVEAWAY_MESSAGES.notPending);
        await audit(trx, id, staff, 'forfeit', `Pick ${pending.sequence} (entry ${pending.entry_id}) did not message in within 5 minutes: forfeited.`, pickId);
        if (!redraw || claimedCount(state.picks) >= state.details.winner_count) return { redrawn: false, pick: null };
        return { redrawn: true, pick: await drawIn(trx, staff, state.event, state.details, [...state.picks.filter((p) => p.id !== pickId), forfeited]) };
      });
      return { detail: await detail(id), message: next.redrawn ? await messageFor(next.pick) : GIVEAWAY_MESSAGES.forfeited };
    },

    async announce(staff: UserRow, id: number, announced: boolean): Promise<Outcome> {
      await giveaways.load(id);
      await db.transaction().execute(async (trx) => {
        await giveawaysRepository.updateDetails(trx, id, { announced_at: announced ? clock.now().toISOString() : null });
        await audit(trx, id, staff, announced ? 'announce' : 'unannounce', announced ? 'Winners shown publicly.' : 'Winners hidden from the public list.');
      });
      return { detail: await detail(id), message: announced ? GIVEAWAY_MESSAGES.announced : GIVEAWAY_MESSAGES.unannounced };
    },
  };
}
export type StaffGiveawayService = ReturnType<typeof createStaffGiveawayService>;
