// The pieces sold on air (decision 081): the staff catalogue, the piece a show has on air now, "I want
// this" (once per viewer per piece, told to the show's open consoles), and a past show's pieces with
// their times in the replay. A rehearsal's copy of a show is seen by staff only.
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { ConsoleChange } from '../../../shared/contract/console';
import {
  PIECE_MESSAGES,
  type NowShowing,
  type Piece,
  type PieceInput,
  type ShownPiece,
  type StaffPiece,
  type WantRequest,
} from '../../../shared/contract/pieces';
import type { AppContext } from '../../context';
import type { PiecesTable, UserRow } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { PubSub } from '../../platform/pubsub';
import { createEventAccess } from '../event-access/event-access.service';
import { eventsRepository } from '../events/events.repository';
import { piecesRepository } from './pieces.repository';

type PieceRow = Selectable<PiecesTable>;
type Viewer = Pick<UserRow, 'id' | 'is_staff'>;

/** The pub/sub channel the show's open consoles follow (the console's `changed` events). */
export const consoleChannel = (eventId: number) => `console:${eventId}`;

function photosOf(stored: string): string[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

export function toPiece(row: PieceRow): Piece {
  return {
    id: row.id,
    name: row.name,
    gemstone: row.gemstone,
    carat: row.carat,
    metal: row.metal,
    size: row.size,
    price_cents: row.price_cents,
    stock: row.stock,
    photos: photosOf(row.photos),
  };
}

const toStaffPiece = (row: PieceRow, interested: number): StaffPiece => ({
  ...toPiece(row),
  active: row.active === 1,
  interested,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** Whole seconds from `start` to `at`, never negative. */
export function offsetSeconds(at: string, start: string): number {
  return Math.max(0, Math.floor((Date.parse(at) - Date.parse(start)) / 1000));
}

const fullName = (user: Pick<UserRow, 'first_name' | 'last_name'>) =>
  `${user.first_name} ${user.last_name}`.replace(/\s+/g, ' ').trim();

export function createPiecesService(ctx: AppContext, pubsub: Pick<PubSub, 'publish'>) {
  const { db, clock } = ctx;
  const access = createEventAccess(ctx);

  /**
   * The show, when the caller may see it: a rehearsal copy only by staff and that rehearsal's own
   * synthetic viewers, a private show as decision 051 says; to anyone else it does not exist.
   */
  async function showFor(eventId: number, viewer: Viewer | null) {
    const event = await eventsRepository.byId(db, eventId);
    if (!event) throw notFound(PIECE_MESSAGES.showNotFound);
    const maySee =
      event.rehearsal_of === null
        ? await access.seenBy(event, viewer)
        : Boolean(viewer?.is_staff) ||
          (viewer !== null && (await piecesRepository.isRehearsalAudience(db, event.id, viewer.id)));
    if (!maySee) throw notFound(PIECE_MESSAGES.showNotFound);
    return event;
  }

  function storedFields(input: z.output<typeof PieceInput>) {
    return {
      name: input.name,
      gemstone: input.gemstone,
      carat: input.carat,
      metal: input.metal,
      size: input.size,
      price_cents: input.price_cents,
      stock: input.stock,
      photos: JSON.stringify(input.photos),
      active: input.active ? 1 : 0,
    };
  }

  async function announce(eventId: number, change: ConsoleChange) {
    try {
      await pubsub.publish(consoleChannel(eventId), JSON.stringify(change));
    } catch (error) {
      // The request is stored; an open console still sees it on its next snapshot.
      ctx.log.warn({ err: error, eventId }, 'console change notice not published');
    }
  }

  return {
    async list(): Promise<StaffPiece[]> {
      const rows = await piecesRepository.listWithInterest(db);
      return rows.map(({ interested, ...row }) => toStaffPiece(row, Number(interested ?? 0)));
    },

    async create(input: z.output<typeof PieceInput>): Promise<StaffPiece> {
      const now = clock.now().toISOString();
      const row = await piecesRepository.insert(db, { ...storedFields(input), created_at: now, updated_at: now });
      return toStaffPiece(row, 0);
    },

    async one(id: number): Promise<StaffPiece> {
      const row = await piecesRepository.byId(db, id);
      if (!row) throw notFound(PIECE_MESSAGES.notFound);
      return toStaffPiece(row, await piecesRepository.interestCount(db, id));
    },

    async update(id: number, input: z.output<typeof PieceInput>): Promise<StaffPiece> {
      const row = await piecesRepository.update(db, id, {
        ...storedFields(input),
        updated_at: clock.now().toISOString(),
      });
      if (!row) throw notFound(PIECE_MESSAGES.notFound);
      return toStaffPiece(row, await piecesRepository.interestCount(db, id));
    },

    /** The piece on air in the show now; null when nothing is (or the show has ended). */
    async nowShowing(eventId: number, viewer: Viewer | null): Promise<NowShowing | null> {
      const event = await showFor(eventId, viewer);
      const state = await piecesRepository.liveState(db, eventId);
      if (!state?.piece_id || clock.now().toISOString() >= event.cust_end) return null;
      const piece = await piecesRepository.byId(db, state.piece_id);
      if (!piece) return null;
      const [showing, wanted] = await Promise.all([
        piecesRepository.lastShowing(db, eventId, piece.id),
        viewer ? piecesRepository.hasInterest(db, piece.id, viewer.id) : false,
      ]);
      return { eventid: eventId, piece: toPiece(piece), since: showing?.shown_at ?? state.updated_at, wanted };
    },

    /** "I want this": the viewer joins the call-back list for a piece the show put on air, once. */
    async want(user: UserRow, request: WantRequest) {
      await showFor(request.eventid, user);
      const piece = await piecesRepository.byId(db, request.pieceid);
      if (!piece) throw notFound(PIECE_MESSAGES.notFound);
      if (!(await piecesRepository.lastShowing(db, request.eventid, piece.id)))
        throw conflict(PIECE_MESSAGES.notShowing);
      const now = clock.now().toISOString();
      const name = fullName(user);
      // The unique key (piece, viewer) decides "once", also for two requests at the same moment.
      const inserted = await piecesRepository.insertInterest(db, {
        piece_id: piece.id,
        user_id: user.id,
        event_id: request.eventid,
        name,
        email: user.email,
        phone: user.phone,
        created_at: now,
      });
      if (!inserted) throw conflict(PIECE_MESSAGES.alreadyWanted);
      await announce(request.eventid, { action: 'interest', by: name, at: now });
      return { pieceid: inserted.piece_id, created_at: inserted.created_at };
    },

    /** The pieces the show put on air, in order, with the second of the replay where each appeared. */
    async shown(eventId: number, viewer: Viewer | null): Promise<ShownPiece[]> {
      const event = await showFor(eventId, viewer);
      const [state, rows] = await Promise.all([
        piecesRepository.liveState(db, eventId),
        piecesRepository.showingsOf(db, eventId),
      ]);
      const start = state?.went_live_at ?? event.cust_start;
      return rows.map(({ shown_at, ...piece }) => ({
        piece: toPiece(piece),
        shown_at,
        offset_seconds: offsetSeconds(shown_at, start),
      }));
    },
  };
}
export type PiecesService = ReturnType<typeof createPiecesService>;
