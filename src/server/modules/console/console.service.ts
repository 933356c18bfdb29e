// The producer console's rules (decision 080): the snapshot of a show, the counters and alerts of a
// tick, every on-air action dispatched to the service that owns it (giveaway draw, guessing, chat,
// staff events) and logged with who took it, and the rundown as data. Each change is announced on
// the console channel through `changed`, so every open console, on any process, reads it again.
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { roomKey } from '../chat/chat.service';
import {
  CONSOLE_LIMITS,
  CONSOLE_MESSAGES,
  MARKED_ACTIONS,
  type ConsoleAction,
  type ConsoleAlert,
  type ConsoleChange,
  type ConsoleCounters,
  type ConsoleGiveaway,
  type ConsoleSnapshot,
  type ConsoleTick,
  type OnAirState,
  type Rundown,
  type RundownOrder,
  type Segment,
  type SegmentInput,
} from '../../../shared/contract/console';
import type { Piece } from '../../../shared/contract/pieces';
import { isLive } from '../../../shared/countdown';
import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { EventsTable, UserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { ChatHub } from '../chat/chat.hub';
import { pushDraw, tellShowWinners } from '../chat/chat.routes';
import { displayName, type ChatService } from '../chat/chat.service';
import { eventsRepository } from '../events/events.repository';
import type { LiveLookup } from '../events/live-lookup';
import { fullName } from '../giveaways/giveaway-audit';
import type { GiveawayDrawService } from '../giveaways/giveaway-draw.service';
import type { StaffGiveawayService } from '../giveaways/giveaways-staff.service';
import { spinRepository } from '../giveaways/spin.repository';
import { guessingRepository } from '../guessing/guessing.repository';
import type { GuessingService } from '../guessing/guessing.service';
import { PRESENCE_WINDOW_MS } from '../live/live.service';
import { toPiece } from '../pieces/pieces.service';
import type { createStaffEventsService } from '../staff-events/staff-events.service';
import { consoleRepository as repo, type SegmentRow } from './console.repository';

type Action = z.output<typeof ConsoleAction>;
type SegmentFields = z.output<typeof SegmentInput>;
type EventRow = Selectable<EventsTable>;

const SHOW_TYPES: readonly EventRow['type'][] = ['show', 'specialshow'];
/** A pending winner this close to the end of their claim time raises the unclaimed-winner alert. */
const CLAIM_WARNING_MS = 60_000;

export type ConsoleDeps = {
  liveLookup: Pick<LiveLookup, 'invalidate'>;
  staffEvents: Pick<ReturnType<typeof createStaffEventsService>, 'end'>;
  staffGiveaways: Pick<StaffGiveawayService, 'detail' | 'update'>;
  draws: Pick<GiveawayDrawService, 'draw' | 'respin' | 'claim' | 'forfeit'>;
  guessing: Pick<GuessingService, 'list' | 'open' | 'close' | 'reveal'>;
  chat: ChatService;
  hub: ChatHub;
  /** Tells every open console of the show, on every process, that something changed. */
  changed: (eventId: number, change: ConsoleChange) => void;
};

function stateOf(event: Pick<EventRow, 'cust_start' | 'cust_end'>, now: Date): OnAirState {
  if (now.toISOString() >= event.cust_end) return 'ended';
  return isLive(new Date(event.cust_start), new Date(event.cust_end), now) ? 'live' : 'upcoming';
}

const staffName = (staff: UserRow) => fullName(staff) || staff.email;

/** The sample a tick at `now` belongs to: the 15-second step it falls in. */
export function sampleSlot(now: Date): string {
  const step = CONSOLE_LIMITS.sampleEveryMs;
  return new Date(Math.floor(now.getTime() / step) * step).toISOString();
}

/** A pure reading of the alerts from one tick's facts. */
export function alertsOf(facts: {
  now: Date;
  event: Pick<EventRow, 'cust_start' | 'cust_end'>;
  counters: ConsoleCounters;
  watchers: number;
  lastSeen: string | null;
  current: SegmentRow | null;
  pending: { first_name: string; last_name: string; prize: string; claim_by: string | null; drawn_at: string }[];
}): ConsoleAlert[] {
  const { now, event, counters } = facts;
  const at = now.getTime();
  const live = stateOf(event, now) === 'live';
  const alerts: ConsoleAlert[] = [];
  for (const pick of facts.pending) {
    if (!pick.claim_by) continue;
    const left = new Date(pick.claim_by).getTime() - at;
    if (left > CLAIM_WARNING_MS) continue;
    const who = fullName(pick);
    alerts.push({
      kind: 'unclaimed_winner',
      message:
        left <= 0
          ? `${who} has not claimed ${pick.prize}; the claim time ran out.`
          : `${who} has under a minute left to claim ${pick.prize}.`,
      since: pick.drawn_at,
    });
  }
  if (counters.messages_per_minute > CONSOLE_LIMITS.floodPerMinute)
    alerts.push({
      kind: 'chat_flood',
      message: `Chat is flooding: ${counters.messages_per_minute} messages in the last minute.`,
      since: new Date(at - 60_000).toISOString(),
    });
  const stalledBefore = new Date(at - CONSOLE_LIMITS.stalledSeconds * 1000).toISOString();
  if (live && facts.watchers > 0 && facts.lastSeen !== null && facts.lastSeen < stalledBefore)
    alerts.push({
      kind: 'stream_stalled',
      message: `No viewer has made progress for over ${CONSOLE_LIMITS.stalledSeconds} seconds: check the stream.`,
      since: facts.lastSeen,
    });
  const endingFrom = new Date(event.cust_end).getTime() - CONSOLE_LIMITS.endingSoonMinutes * 60_000;
  if (live && at >= endingFrom)
    alerts.push({
      kind: 'ending_soon',
      message: `The show is scheduled to end in under ${CONSOLE_LIMITS.endingSoonMinutes} minutes.`,
      since: new Date(endingFrom).toISOString(),
    });
  const current = facts.current;
  if (current?.started_at && !current.ended_at) {
    const due = new Date(current.started_at).getTime() + current.planned_minutes * 60_000;
    if (at > due)
      alerts.push({
        kind: 'over_time',
        message: `"${current.title}" is over its ${current.planned_minutes} planned minutes.`,
        since: new Date(due).toISOString(),
      });
  }
  return alerts;
}

export function createConsoleService(ctx: AppContext, deps: ConsoleDeps) {
  const { db, clock } = ctx;
  const nowIso = () => clock.now().toISOString();

  /** The show behind a console: 404 for a missing event and for anything that is not a show. */
  async function showOf(eventId: number, trx: Db = db): Promise<EventRow> {
    const event = await eventsRepository.byId(trx, eventId);
    if (!event || !SHOW_TYPES.includes(event.type)) throw notFound(CONSOLE_MESSAGES.notFound);
    return event;
  }

  async function rundownOf(eventId: number, trx: Db = db): Promise<Rundown> {
    const [rows, state] = await Promise.all([repo.segments(trx, eventId), repo.liveState(trx, eventId)]);
    const pieceIds = [...new Set(rows.flatMap((r) => (r.piece_id === null ? [] : [r.piece_id])))];
    const pieces = new Map((await repo.pieces(trx, pieceIds)).map((p) => [p.id, toPiece(p)]));
    const segments: Segment[] = rows.map((r) => ({
      id: r.id,
      position: r.position,
      title: r.title,
      planned_minutes: r.planned_minutes,
      notes: r.notes,
      piece: r.piece_id === null ? null : (pieces.get(r.piece_id) ?? null),
      giveaway_id: r.giveaway_id,
      started_at: r.started_at,
      ended_at: r.ended_at,
    }));
    return { segments, current_segment_id: state?.current_segment_id ?? null };
  }

  /** Counters and alerts now, with whether the show is on air (the sampler stores viewers only then). */
  async function pulse(eventId: number): Promise<{ tick: ConsoleTick; isLive: boolean }> {
    const now = clock.now();
    const event = await showOf(eventId);
    const [raw, state, pending] = await Promise.all([
      repo.counters(
        db,
        eventId,
        roomKey(eventId),
        new Date(now.getTime() - PRESENCE_WINDOW_MS).toISOString(),
        new Date(now.getTime() - 60_000).toISOString(),
      ),
      repo.liveState(db, eventId),
      repo.pendingPicks(db, eventId),
    ]);
    const current = state?.current_segment_id ? await repo.segment(db, eventId, state.current_segment_id) : undefined;
    const counters: ConsoleCounters = {
      at: now.toISOString(),
      viewers_now: raw.viewersNow,
      viewers_peak: Math.max(raw.viewersPeak, raw.viewersNow),
      checkins: raw.checkins,
      rsvps: raw.rsvps,
      entries: raw.entries,
      spins: raw.spins,
      messages_per_minute: raw.messages,
    };
    const alerts = alertsOf({
      now,
      event,
      counters,
      watchers: raw.watchers,
      lastSeen: raw.lastSeen,
      current: current ?? null,
      pending,
    });
    return { tick: { counters, alerts }, isLive: stateOf(event, now) === 'live' };
  }

  async function giveawaysOf(eventId: number, now: Date): Promise<ConsoleGiveaway[]> {
    const ids = await repo.giveawayIds(db, eventId);
    const [details, events] = await Promise.all([
      Promise.all(ids.map((id) => deps.staffGiveaways.detail(id))),
      Promise.all(ids.map((id) => eventsRepository.byId(db, id))),
    ]);
    return details.map((d, i) => {
      const event = events[i];
      const start = event?.cust_start ?? d.cust_start;
      const end = event?.cust_end ?? d.cust_end;
      return {
        id: d.id,
        title: d.title,
        prize: d.prize,
        cust_start: start,
        cust_end: end,
        entries_open: isLive(new Date(start), new Date(end), now),
        entrants: d.entrants,
        tickets: d.tickets,
        winner_count: d.winner_count,
        commitment: d.commitment,
        seed: d.seed,
        picks: d.picks,
      };
    });
  }

  async function snapshot(eventId: number): Promise<ConsoleSnapshot> {
    const event = await showOf(eventId);
    const now = clock.now();
    const room = roomKey(eventId);
    const [
      rehearsal,
      state,
      rundown,
      giveaways,
      prizes,
      won,
      guessing,
      settings,
      log,
      marks,
      samples,
      interest,
      pulsed,
    ] = await Promise.all([
      repo.rehearsalOf(db, eventId),
      repo.liveState(db, eventId),
      rundownOf(eventId),
      giveawaysOf(eventId, now),
      spinRepository.prizes(db, eventId),
      spinRepository.wonCounts(db, eventId),
      deps.guessing.list(eventId),
      repo.room(db, room),
      repo.log(db, eventId, CONSOLE_LIMITS.logLines),
      repo.marks(db, eventId, MARKED_ACTIONS),
      repo.samples(db, eventId),
      repo.interest(db, eventId),
      pulse(eventId),
    ]);
    const showing = state?.piece_id ? await repo.piece(db, state.piece_id) : undefined;
    const wonBy = new Map(won.map((w) => [w.prize_id, Number(w.n)]));
    const state_ = stateOf(event, now);
    return {
      show: {
        id: event.id,
        title: event.title,
        cust_start: event.cust_start,
        cust_end: event.cust_end,
        platform: event.platform,
        stream_url: event.stream_url,
        state: state_,
        went_live_at: state?.went_live_at ?? (state_ === 'upcoming' ? null : event.cust_start),
        rehearsal: rehearsal ?? null,
      },
      rundown,
      now_showing: showing ? toPiece(showing) : null,
      giveaways,
      spin: {
        prizes: prizes.map((p) => ({
          id: p.id,
          label: p.label,
          weight: p.weight,
          points: p.points,
          stock: p.stock,
          won: wonBy.get(p.id) ?? 0,
        })),
        spins: won.reduce((sum, w) => sum + Number(w.n), 0),
      },
      guessing,
      chat: { room: eventId, paused: settings?.paused === 1, slow_mode_seconds: settings?.slow_mode_seconds ?? 0 },
      counters: pulsed.tick.counters,
      alerts: pulsed.tick.alerts,
      timeline: {
        samples: samples.map((s) => ({ at: s.at, viewers: s.viewers })),
        marks: marks.map((m) => ({ at: m.created_at, action: m.action, label: m.detail })),
      },
      interest: interest.map((r) => ({
        id: r.id,
        piece_id: r.piece_id,
        piece_name: r.piece_name,
        name: r.name,
        email: r.email,
        phone: r.phone,
        created_at: r.created_at,
        called_back_at: r.called_back_at,
        called_back_by:
          r.staff_first_name === null
            ? null
            : fullName({ first_name: r.staff_first_name, last_name: r.staff_last_name ?? '' }),
      })),
      log: log.map((l) => ({
        id: l.id,
        action: l.action,
        detail: l.detail,
        by: l.first_name === null ? 'system' : fullName({ first_name: l.first_name, last_name: l.last_name ?? '' }),
        created_at: l.created_at,
      })),
    };
  }

  /** After the change committed: every console hears of it. */
  function announce(staff: UserRow, eventId: number, action: string) {
    deps.changed(eventId, { action, by: staffName(staff), at: nowIso() });
  }

  const logAction = (trx: Db, staff: UserRow, eventId: number, action: string, detail: string) =>
    repo.insertAction(trx, { event_id: eventId, staff_id: staff.id, action, detail, created_at: nowIso() });

  /** Tells every viewer of the show what is on air now (the card, or null to take it down). */
  function putOnAir(eventId: number, piece: Piece | null) {
    deps.hub.toRoom(roomKey(eventId), { type: 'now_showing', eventid: eventId, piece });
  }

  async function giveawayOfShow(eventId: number, giveawayId: number) {
    const ids = await repo.giveawayIds(db, eventId);
    if (!ids.includes(giveawayId)) throw notFound(CONSOLE_MESSAGES.giveawayNotFound);
  }

  async function questionOfShow(eventId: number, questionId: number) {
    const row = await guessingRepository.questionById(db, questionId);
    if (!row || row.event_id !== eventId) throw notFound(CONSOLE_MESSAGES.questionNotFound);
    return row;
  }

  /**
   * Moves the rundown to `target` (the next one after `from`, or a chosen one) in one transaction:
   * the old segment ends, the new one starts, its piece goes on air. Answers the piece to announce.
   */
  async function advance(
    staff: UserRow,
    eventId: number,
    action: 'next_segment' | 'set_segment',
    pick: (segments: SegmentRow[], current: number | null) => SegmentRow,
    expected?: number | null,
  ): Promise<Piece | null> {
    const at = nowIso();
    return db.transaction().execute(async (trx) => {
      // Made inside the transaction, so a refused press leaves nothing behind.
      await repo.ensureLiveState(trx, eventId, at);
      const state = await repo.liveState(trx, eventId);
      const current = state?.current_segment_id ?? null;
      if (expected !== undefined && expected !== current) throw conflict(CONSOLE_MESSAGES.staleSegment);
      const segments = await repo.segments(trx, eventId);
      const target = pick(segments, current);
      if (!(await repo.moveCurrent(trx, eventId, current, target.id, at)))
        throw conflict(CONSOLE_MESSAGES.staleSegment);
      await repo.endRunning(trx, eventId, at);
      await repo.updateSegment(trx, target.id, { started_at: at, ended_at: null });
      const piece = target.piece_id === null ? undefined : await repo.piece(trx, target.piece_id);
      await repo.setLiveState(trx, eventId, { piece_id: piece?.id ?? null }, at);
      if (piece) await repo.insertShowing(trx, eventId, piece.id, at);
      const shown = piece ? `; now showing ${piece.name}` : '';
      await logAction(trx, staff, eventId, action, `Segment ${target.position}: ${target.title}${shown}`);
      return piece ? toPiece(piece) : null;
    });
  }

  async function goLive(staff: UserRow, event: EventRow) {
    const now = clock.now();
    const state = stateOf(event, now);
    if (state === 'live') throw conflict(CONSOLE_MESSAGES.alreadyLive);
    if (state === 'ended') throw conflict(CONSOLE_MESSAGES.ended);
    const at = now.toISOString();
    // Every reader takes the start instant itself as not yet live: the millisecond before is live now.
    const start = new Date(now.getTime() - 1).toISOString();
    await repo.ensureLiveState(db, event.id, at);
    await db.transaction().execute(async (trx) => {
      await eventsRepository.update(trx, event.id, { cust_start: start });
      await repo.setLiveState(trx, event.id, { went_live_at: at }, at);
      await logAction(trx, staff, event.id, 'go_live', `Went live (scheduled for ${event.cust_start})`);
    });
    // The "live now" job (decision 069) finds the show by its start, now past: it announces it once.
    deps.liveLookup.invalidate();
  }

  async function endShow(staff: UserRow, event: EventRow) {
    const state = stateOf(event, clock.now());
    if (state === 'upcoming') throw conflict(CONSOLE_MESSAGES.notLive);
    if (state === 'ended') throw conflict(CONSOLE_MESSAGES.ended);
    await deps.staffEvents.end(event.id);
    const at = nowIso();
    await db.transaction().execute(async (trx) => {
      await repo.endRunning(trx, event.id, at);
      await logAction(trx, staff, event.id, 'end', 'Ended the show');
    });
  }

  /** A giveaway step through the draw service, then the chat and the draw's followers hear of it. */
  async function giveawayStep(staff: UserRow, eventId: number, action: Action): Promise<string> {
    if (!('giveawayId' in action)) return '';
    const id = action.giveawayId;
    await giveawayOfShow(eventId, id);
    let detail: string;
    switch (action.action) {
      case 'open_entries':
      case 'close_entries': {
        const isOpening = action.action === 'open_entries';
        const saved = await deps.staffGiveaways.update(
          staff,
          id,
          isOpening ? { cust_start: nowIso() } : { cust_end: nowIso() },
        );
        detail = `${action.action === 'open_entries' ? 'Opened' : 'Closed'} entries for ${saved.prize}`;
        break;
      }
      case 'draw': {
        const { detail: g } = await deps.draws.draw(staff, id);
        const pick = g.picks.at(-1);
        detail = pick
          ? `Drew entry ${pick.entry_number} of ${g.entrants} for ${g.prize}: ${pick.name}`
          : `Drew for ${g.prize}`;
        break;
      }
      case 'respin': {
        const { detail: g } = await deps.draws.respin(staff, id, action.pickId);
        detail = `Respun pick ${action.pickId} of ${g.prize}`;
        break;
      }
      case 'claim': {
        const { detail: g } = await deps.draws.claim(staff, id, action.pickId);
        const pick = g.picks.find((p) => p.id === action.pickId);
        detail = `Confirmed ${pick?.name ?? `pick ${action.pickId}`} claimed ${g.prize}`;
        break;
      }
      case 'forfeit': {
        const { detail: g } = await deps.draws.forfeit(staff, id, action.pickId, action.redraw);
        detail = `Forfeited pick ${action.pickId} of ${g.prize}${action.redraw ? ' and drew again' : ''}`;
        break;
      }
      default:
        return '';
    }
    await Promise.all([tellShowWinners(deps.chat, deps.hub, id), pushDraw(ctx, deps.hub, id)]).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'pushing the giveaway draw failed'),
    );
    return detail;
  }

  async function chatRoomOf(eventId: number) {
    const room = await deps.chat.resolveRoom(eventId);
    if (!room) throw notFound(CONSOLE_MESSAGES.notFound);
    return room;
  }

  const chatUserOf = (staff: UserRow) => ({ id: staff.id, name: displayName(staff), isStaff: true });

  /** Runs one action; answers the log line's detail when it was not logged in the action's own transaction. */
  async function perform(staff: UserRow, event: EventRow, action: Action): Promise<string | null> {
    const eventId = event.id;
    switch (action.action) {
      case 'go_live':
        await goLive(staff, event);
        return null;
      case 'end':
        await endShow(staff, event);
        return null;
      case 'next_segment': {
        const piece = await advance(
          staff,
          eventId,
          'next_segment',
          (segments, current) => {
            const at = current === null ? -1 : segments.findIndex((s) => s.id === current);
            const next = segments[at + 1];
            if (!next) throw conflict(CONSOLE_MESSAGES.lastSegment);
            return next;
          },
          action.from,
        );
        putOnAir(eventId, piece);
        return null;
      }
      case 'set_segment': {
        const piece = await advance(staff, eventId, 'set_segment', (segments) => {
          const target = segments.find((s) => s.id === action.segmentId);
          if (!target) throw notFound(CONSOLE_MESSAGES.segmentNotFound);
          return target;
        });
        putOnAir(eventId, piece);
        return null;
      }
      case 'show_piece': {
        const row = action.pieceId === null ? null : await repo.piece(db, action.pieceId);
        if (action.pieceId !== null && !row) throw notFound(CONSOLE_MESSAGES.pieceNotFound);
        const at = nowIso();
        await repo.ensureLiveState(db, eventId, at);
        await db.transaction().execute(async (trx) => {
          await repo.setLiveState(trx, eventId, { piece_id: row?.id ?? null }, at);
          if (row) await repo.insertShowing(trx, eventId, row.id, at);
          await logAction(trx, staff, eventId, 'show_piece', row ? `Now showing ${row.name}` : 'Took the piece down');
        });
        putOnAir(eventId, row ? toPiece(row) : null);
        return null;
      }
      case 'open_entries':
      case 'close_entries':
      case 'draw':
      case 'respin':
      case 'claim':
      case 'forfeit':
        return giveawayStep(staff, eventId, action);
      case 'guess_open': {
        const closesAt = new Date(clock.now().getTime() + action.minutes * 60_000).toISOString();
        const q = await deps.guessing.open(staff.id, {
          eventid: eventId,
          question: action.question,
          unit: action.unit,
          answer: action.answer,
          closes_at: closesAt,
          points: action.points,
          winners: action.winners,
        });
        return `Opened "${q.question}" for ${action.minutes} minutes (commitment ${q.commitment.slice(0, 12)}…)`;
      }
      case 'guess_close': {
        const q = await questionOfShow(eventId, action.questionId);
        await deps.guessing.close(q.id);
        return `Closed "${q.question}"`;
      }
      case 'guess_reveal': {
        const q = await questionOfShow(eventId, action.questionId);
        await deps.guessing.reveal(q.id);
        return `Revealed "${q.question}": ${q.answer}${q.unit ? ` ${q.unit}` : ''}`;
      }
      case 'chat_clear': {
        const room = await chatRoomOf(eventId);
        const removed = await deps.chat.clear(chatUserOf(staff), room);
        deps.hub.toRoom(room.key, { type: 'cleared' });
        return `Cleared the chat (${removed} messages)`;
      }
      case 'chat_announce': {
        const room = await chatRoomOf(eventId);
        const message = await deps.chat.announce(chatUserOf(staff), room, action.text);
        deps.hub.toRoom(room.key, { type: 'message', message });
        return `Announced: ${action.text}`;
      }
      case 'chat_pause': {
        const room = await chatRoomOf(eventId);
        deps.hub.toRoom(room.key, await deps.chat.pause(chatUserOf(staff), room, action.paused));
        return action.paused ? 'Paused the chat' : 'Let viewers chat again';
      }
      case 'called_back': {
        const row = await repo.interestOne(db, eventId, action.interestId);
        if (!row) throw notFound(CONSOLE_MESSAGES.interestNotFound);
        await db.transaction().execute(async (trx) => {
          await repo.markCalledBack(trx, row.id, staff.id, nowIso());
          await logAction(trx, staff, eventId, 'called_back', `Called back ${row.name}`);
        });
        return null;
      }
    }
  }

  /** Checks a segment's piece and giveaway: each must exist, the giveaway in this show (400 on the field). */
  async function checkSegment(eventId: number, input: SegmentFields) {
    if (input.piece_id !== null && !(await repo.piece(db, input.piece_id)))
      throw badRequest(CONSOLE_MESSAGES.pieceNotFound, [
        { field: 'piece_id', message: CONSOLE_MESSAGES.pieceNotFound },
      ]);
    if (input.giveaway_id !== null && (await repo.showOfGiveaway(db, input.giveaway_id)) !== eventId)
      throw badRequest(CONSOLE_MESSAGES.giveawayNotFound, [
        { field: 'giveaway_id', message: CONSOLE_MESSAGES.giveawayNotFound },
      ]);
  }

  async function segmentOf(eventId: number, id: number, trx: Db = db) {
    const row = await repo.segment(trx, eventId, id);
    if (!row) throw notFound(CONSOLE_MESSAGES.segmentNotFound);
    return row;
  }

  /** A rundown edit: the show checked, the change and its log line in one transaction, then the news. */
  async function editRundown(
    staff: UserRow,
    eventId: number,
    action: string,
    change: (trx: Db) => Promise<string>,
  ): Promise<Rundown> {
    await showOf(eventId);
    await db.transaction().execute(async (trx) => {
      const detail = await change(trx);
      await logAction(trx, staff, eventId, action, detail);
    });
    announce(staff, eventId, action);
    return rundownOf(eventId);
  }

  return {
    showOf,
    snapshot,
    pulse,

    /** Stores the viewers of this 15-second step once, whichever process gets there first. */
    async sample(eventId: number, viewers: number): Promise<void> {
      await repo.insertSample(db, eventId, sampleSlot(clock.now()), viewers);
    },

    /** One on-air action: dispatched, logged with who took it, announced; answers the new snapshot. */
    async act(staff: UserRow, eventId: number, action: Action): Promise<ConsoleSnapshot> {
      const event = await showOf(eventId);
      const detail = await perform(staff, event, action);
      if (detail !== null) await logAction(db, staff, eventId, action.action, detail);
      announce(staff, eventId, action.action);
      return snapshot(eventId);
    },

    async addSegment(staff: UserRow, eventId: number, input: SegmentFields): Promise<Rundown> {
      await showOf(eventId);
      await checkSegment(eventId, input);
      return editRundown(staff, eventId, 'segment_add', async (trx) => {
        const rows = await repo.segments(trx, eventId);
        if (rows.length >= CONSOLE_LIMITS.segments) throw conflict(CONSOLE_MESSAGES.rundownFull);
        const position = Math.max(0, ...rows.map((r) => r.position)) + 1;
        await repo.insertSegment(trx, {
          event_id: eventId,
          position,
          title: input.title,
          planned_minutes: input.planned_minutes,
          notes: input.notes,
          piece_id: input.piece_id,
          giveaway_id: input.giveaway_id,
          started_at: null,
          ended_at: null,
          created_at: nowIso(),
        });
        return `Added segment ${position}: ${input.title} (${input.planned_minutes} min)`;
      });
    },

    async updateSegment(staff: UserRow, eventId: number, id: number, input: SegmentFields): Promise<Rundown> {
      await showOf(eventId);
      await segmentOf(eventId, id);
      await checkSegment(eventId, input);
      return editRundown(staff, eventId, 'segment_edit', async (trx) => {
        await repo.updateSegment(trx, id, {
          title: input.title,
          planned_minutes: input.planned_minutes,
          notes: input.notes,
          piece_id: input.piece_id,
          giveaway_id: input.giveaway_id,
        });
        return `Edited segment: ${input.title} (${input.planned_minutes} min)`;
      });
    },

    async deleteSegment(staff: UserRow, eventId: number, id: number): Promise<Rundown> {
      await showOf(eventId);
      const row = await segmentOf(eventId, id);
      return editRundown(staff, eventId, 'segment_delete', async (trx) => {
        // A deleted current segment leaves the rundown with none running.
        await repo.clearCurrent(trx, eventId, id, nowIso());
        await repo.deleteSegment(trx, id);
        return `Deleted segment: ${row.title}`;
      });
    },

    async reorder(staff: UserRow, eventId: number, order: z.output<typeof RundownOrder>): Promise<Rundown> {
      await showOf(eventId);
      return editRundown(staff, eventId, 'segment_order', async (trx) => {
        const rows = await repo.segments(trx, eventId);
        const ids = new Set(order.ids);
        const exact = ids.size === order.ids.length && rows.length === ids.size && rows.every((r) => ids.has(r.id));
        if (!exact)
          throw badRequest(CONSOLE_MESSAGES.orderMismatch, [{ field: 'ids', message: CONSOLE_MESSAGES.orderMismatch }]);
        for (const [index, id] of order.ids.entries()) await repo.updateSegment(trx, id, { position: index + 1 });
        return `Reordered the rundown (${order.ids.length} segments)`;
      });
    },
  };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;
