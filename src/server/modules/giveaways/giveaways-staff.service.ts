// Staff side of giveaways outside the live draw: the list, one giveaway with its picks and audit
// log, create and edit (terms sanitised on save), and the entries with their CSV export.
import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { accessCodeProblem } from '../../../shared/access-code';
import { SOCIAL_CLICK_TYPES } from '../../../shared/contract/giveaways';
import {
  AUDIT_ACTIONS,
  ENTRY_CSV_COLUMNS,
  type AuditLine,
  type CreateGiveawayRequest,
  type StaffEntry,
  type StaffGiveaway,
  type StaffGiveawayDetail,
  type StaffPick,
  type UpdateGiveawayRequest,
} from '../../../shared/contract/giveaways-staff';
import { GIVEAWAY_MESSAGES } from '../../../shared/giveaway-messages';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { EventsTable, UserRow } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { eventRowOf, storedImage, utc } from '../events/event-row';
import { eventsRepository } from '../events/events.repository';
import type { LiveLookup } from '../events/live-lookup';
import { fullName, writeAudit } from './giveaway-audit';
import { createGiveawayDetails } from './giveaway-details';
import { giveawayDrawRepository } from './giveaway-draw.repository';
import { giveawaysRepository } from './giveaways.repository';
import type { DescribedGiveaway, GiveawayService } from './giveaways.service';
import { sanitizeTerms } from './terms-sanitizer';

const isAuditAction = (action: string): action is AuditLine['action'] =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);
const isClickType = (value: string): value is StaffEntry['social'][number] =>
  (SOCIAL_CLICK_TYPES as readonly string[]).includes(value);
/** A code staff set now must be hard to guess (decision 051); one saved earlier stays as it is. */
function checkNewCode(code: string, saved: string | null = null) {
  if (!code || code === saved) return;
  const problem = accessCodeProblem(code);
  if (problem) throw badRequest(problem, [{ field: 'access_code', message: problem }]);
}
const termsDigest = (tnc: string) => createHash('sha256').update(tnc).digest('hex').slice(0, 16);

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
export async function keepDrawnGiveawayFixed(
  db: Db,
  current: Pick<Selectable<EventsTable>, 'id' | 'type' | 'cust_start' | 'cust_end'>,
  next: Pick<Selectable<EventsTable>, 'type' | 'cust_start' | 'cust_end'>,
): Promise<void> {
  if (current.type !== 'giveaway') return;
  const movesWindow = next.cust_start !== current.cust_start || next.cust_end !== current.cust_end;
  const changesType = next.type !== 'giveaway';
  if (!movesWindow && !changesType) return;
  if (!(await giveawayDrawRepository.hasPicks(db, current.id))) return;
  throw conflict(changesType ? GIVEAWAY_MESSAGES.typeLocked : GIVEAWAY_MESSAGES.windowLocked);
}

/** The staff record of a giveaway: the public view plus what only staff see, from the same read. */
function summaryOf({ info, overview }: DescribedGiveaway): StaffGiveaway {
  return {
    ...info,
    access_code: overview.access_code ?? '',
    tnc_html: overview.tnc,
    tnc_prices_raw: overview.tnc_prices,
    tickets: overview.entrants + overview.bonuses,
    banner_clicks: overview.banner_clicks,
    announced: overview.announced_at !== null,
  };
}

export function createStaffGiveawayService(
  ctx: AppContext,
  giveaways: GiveawayService,
  liveLookup: Pick<LiveLookup, 'invalidate'>,
) {
  const { db, clock } = ctx;

  async function detail(eventId: number): Promise<StaffGiveawayDetail> {
    const [described, picks, log, entries] = await Promise.all([
      giveaways.describeOne(eventId),
      giveawayDrawRepository.picks(db, eventId),
      giveawayDrawRepository.auditLog(db, eventId),
      giveawaysRepository.entriesWithWeights(db, eventId),
    ]);
    const staffIds = [
      ...new Set(picks.flatMap((p) => [p.drawn_by, p.resolved_by]).filter((v): v is number => v !== null)),
    ];
    const staff = new Map((await giveawaysRepository.usersByIds(db, staffIds)).map((u) => [u.id, fullName(u)]));
    const byEntry = new Map(entries.map((e) => [e.entry_id, e]));
    // The entries come sorted by id, as the published list is: a place in it is the index plus one.
    const numberOf = new Map(entries.map((e, index) => [e.entry_id, index + 1]));
    const pickRecords: StaffPick[] = picks.map((p) => {
      const entry = byEntry.get(p.entry_id);
      return {
        id: p.id,
        sequence: p.sequence,
        entry_id: p.entry_id,
        entry_number: numberOf.get(p.entry_id) ?? 0,
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
        claimed_in_app: p.status === 'claimed' && p.resolved_by === p.user_id,
        repeat_of: p.repeat_of,
      };
    });
    const lines: AuditLine[] = log.flatMap((l) =>
      isAuditAction(l.action)
        ? [
            {
              id: l.id,
              action: l.action,
              pick_id: l.pick_id,
              actor: l.actor_name,
              detail: l.detail,
              created_at: l.created_at,
            },
          ]
        : [],
    );
    return { ...summaryOf(described), picks: pickRecords, log: lines };
  }

  async function checkShow(showId: number | null | undefined) {
    if (showId === null || showId === undefined) return;
    const show = await eventsRepository.byId(db, showId);
    if (!show || show.type === 'giveaway')
      throw badRequest(GIVEAWAY_MESSAGES.showNotFound, [{ field: 'show_id', message: GIVEAWAY_MESSAGES.showNotFound }]);
  }

  const auditTerms = (trx: Db, giveawayId: number, staff: UserRow, tnc: string) =>
    writeAudit(trx, clock, {
      giveawayId,
      staff,
      action: 'terms',
      detail: `Terms saved (sanitised; SHA-256 ${termsDigest(tnc)}…).`,
    });

  async function entries(id: number): Promise<StaffEntry[]> {
    await giveaways.load(id);
    const [rows, social] = await Promise.all([
      giveawaysRepository.entriesWithWeights(db, id),
      giveawaysRepository.socialByGiveaway(db, id),
    ]);
    const byUser = new Map<number, StaffEntry['social']>();
    for (const s of social)
      if (isClickType(s.click_type)) byUser.set(s.user_id, [...(byUser.get(s.user_id) ?? []), s.click_type]);
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

  function changed(eventId: number) {
    giveaways.forget(eventId);
    liveLookup.invalidate();
  }

  return {
    detail,

    /** Up to 200 giveaways in a fixed number of reads, whatever their number. */
    async list(on: 'upcoming' | 'live' | 'past' | 'all'): Promise<StaffGiveaway[]> {
      const events = await giveawaysRepository.staffList(db, on, clock.now().toISOString());
      return (await giveaways.describe(events)).map(summaryOf);
    },

    async create(staff: UserRow, input: z.output<typeof CreateGiveawayRequest>): Promise<StaffGiveawayDetail> {
      await checkShow(input.show_id);
      checkNewCode(input.access_code);
      if (input.IS_Public === 0 && !input.access_code)
        throw badRequest(GIVEAWAY_MESSAGES.codeForPrivate, [
          { field: 'access_code', message: GIVEAWAY_MESSAGES.codeForPrivate },
        ]);
      const tnc = sanitizeTerms(input.tnc);
      const id = await db.transaction().execute(async (trx) => {
        const event = await eventsRepository.insert(
          trx,
          eventRowOf({ ...input, type: 'giveaway' }, clock.now().toISOString()),
        );
        await createGiveawayDetails(trx, ctx, event.id, staff, {
          show_id: input.show_id,
          prize: input.prize,
          prize_image: storedImage(input.prize_image),
          tnc,
          tnc_prices: input.tnc_prices,
          winner_count: input.winner_count,
          access_code: input.access_code || null,
          claim_mode: input.claim_mode,
        });
        if (tnc) await auditTerms(trx, event.id, staff, tnc);
        return event.id;
      });
      changed(id);
      return detail(id);
    },

    async update(
      staff: UserRow,
      id: number,
      input: z.output<typeof UpdateGiveawayRequest>,
    ): Promise<StaffGiveawayDetail> {
      const { event, details } = await giveaways.load(id);
      const start = input.cust_start ? utc(input.cust_start) : event.cust_start;
      const end = input.cust_end ? utc(input.cust_end) : event.cust_end;
      if (end <= start)
        throw badRequest('The closing time must come after the opening time.', [
          { field: 'cust_end', message: 'The closing time must come after the opening time.' },
        ]);
      await keepDrawnGiveawayFixed(db, event, { type: 'giveaway', cust_start: start, cust_end: end });
      await checkShow(input.show_id);
      const isPublic = input.IS_Public ?? event.is_public;
      if (input.access_code !== undefined) checkNewCode(input.access_code, details.access_code);
      const accessCode = input.access_code !== undefined ? input.access_code || null : details.access_code;
      if (isPublic === 0 && !accessCode)
        throw badRequest(GIVEAWAY_MESSAGES.codeForPrivate, [
          { field: 'access_code', message: GIVEAWAY_MESSAGES.codeForPrivate },
        ]);
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
          ...(input.prize_image !== undefined ? { prize_image: storedImage(input.prize_image) } : {}),
          ...(input.tnc_prices !== undefined ? { tnc_prices: input.tnc_prices } : {}),
          ...(input.winner_count !== undefined ? { winner_count: input.winner_count } : {}),
          ...(input.claim_mode !== undefined ? { claim_mode: input.claim_mode } : {}),
        });
        if (tnc !== details.tnc) await auditTerms(trx, id, staff, tnc);
      });
      changed(id);
      return detail(id);
    },

    entries,

    async entriesCsv(id: number): Promise<string> {
      const rows = await entries(id);
      const lines = [
        ENTRY_CSV_COLUMNS.join(','),
        ...rows.map((r) =>
          ENTRY_CSV_COLUMNS.map((column) => csvCell(column === 'social' ? r.social.join(' ') : r[column])).join(','),
        ),
      ];
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}
export type StaffGiveawayService = ReturnType<typeof createStaffGiveawayService>;
