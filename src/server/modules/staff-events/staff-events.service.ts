// Staff scheduling: create, edit and end events, set their stream, list them with RSVP counts
// and see who RSVPed. Instants arrive with an offset and are stored in UTC. A giveaway keeps its
// window and type once winners are drawn, as through the giveaway calls, and an event that becomes
// a giveaway gets its details (the seed commitment) in the same transaction.
import type { z } from 'zod';
import type {
  CreateEventRequest,
  RsvpEntry,
  StaffEventRecord,
  UpdateEventRequest,
} from '../../../shared/contract/staff-events';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import type { EventsTable } from '../../db/schema';
import type { Selectable, Updateable } from 'kysely';
import { AppError, badRequest, notFound } from '../../http/errors';
import { eventRowOf, storedImage, utc } from '../events/event-row';
import { eventsRepository } from '../events/events.repository';
import { toEventRecord } from '../events/event-record';
import type { LiveLookup } from '../events/live-lookup';
import { createGiveawayDetails } from '../giveaways/giveaway-details';
import type { GiveawayService } from '../giveaways/giveaways.service';
import { keepDrawnGiveawayFixed } from '../giveaways/giveaways-staff.service';
import { createEarningService } from '../rewards/earning.service';

export function createStaffEventsService(
  ctx: AppContext,
  liveLookup: Pick<LiveLookup, 'invalidate'>,
  giveaways: Pick<GiveawayService, 'forget'>,
) {
  const { db, clock, config } = ctx;
  const earning = createEarningService(ctx);

  /** The live answers and the giveaway entry check remember events for a moment: an edit applies at once. */
  function changed(id: number) {
    liveLookup.invalidate();
    giveaways.forget(id);
  }

  function record(row: Selectable<EventsTable>, rsvpCount: number): StaffEventRecord {
    return {
      ...toEventRecord(row, clock.now(), config.mediaBaseUrl),
      stream_url: row.stream_url ?? '',
      replay_url: row.replay_url ?? '',
      rsvp_count: rsvpCount,
    };
  }

  async function existing(id: number) {
    const row = await eventsRepository.byId(db, id);
    if (!row) throw notFound(MESSAGES.eventNotFound);
    return row;
  }

  return {
    async create(input: z.output<typeof CreateEventRequest>): Promise<StaffEventRecord> {
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await eventsRepository.insert(trx, eventRowOf(input, clock.now().toISOString()));
        if (inserted.type === 'giveaway') await createGiveawayDetails(trx, ctx, inserted.id, null);
        return inserted;
      });
      liveLookup.invalidate();
      return record(row, 0);
    },

    async update(id: number, input: z.output<typeof UpdateEventRequest>): Promise<StaffEventRecord> {
      const current = await existing(id);
      const start = input.cust_start ? utc(input.cust_start) : current.cust_start;
      const end = input.cust_end ? utc(input.cust_end) : current.cust_end;
      if (end <= start)
        throw badRequest('The end must come after the start.', [
          { field: 'cust_end', message: 'The end must come after the start.' },
        ]);
      await keepDrawnGiveawayFixed(db, current, { type: input.type ?? current.type, cust_start: start, cust_end: end });
      const patch: Updateable<EventsTable> = { cust_start: start, cust_end: end };
      if (input.type !== undefined) patch.type = input.type;
      if (input.title !== undefined) patch.title = input.title;
      if (input.description !== undefined) patch.description = input.description;
      if (input.image !== undefined) patch.image = storedImage(input.image);
      if (input.IS_Public !== undefined) patch.is_public = input.IS_Public;
      if (input.platform !== undefined) patch.platform = input.platform;
      if (input.stream_url !== undefined) patch.stream_url = input.stream_url || null;
      if (input.replay_url !== undefined) patch.replay_url = input.replay_url || null;
      const row = await db.transaction().execute(async (trx) => {
        const updated = await eventsRepository.update(trx, id, patch);
        // An event turned into a giveaway commits to its seed now (one that was a giveaway before keeps its own).
        if (updated?.type === 'giveaway' && current.type !== 'giveaway')
          await createGiveawayDetails(trx, ctx, id, null);
        return updated;
      });
      changed(id);
      if (!row) throw notFound(MESSAGES.eventNotFound);
      return record(row, (await eventsRepository.rsvpList(db, id)).length);
    },

    /** Ends a live event now; an event that has not started or has ended cannot be ended. */
    async end(id: number): Promise<StaffEventRecord> {
      const current = await existing(id);
      const now = clock.now().toISOString();
      if (current.cust_start > now) throw new AppError(422, MESSAGES.eventNotStarted);
      if (current.cust_end <= now) throw new AppError(422, MESSAGES.eventAlreadyEnded);
      const row = await eventsRepository.update(db, id, { cust_end: now });
      changed(id);
      if (!row) throw notFound(MESSAGES.eventNotFound);
      // Watch points from the server's watch log; if this fails, the housekeeping pass credits them.
      await earning
        .creditWatch(id)
        .catch((error: unknown) => ctx.log.error({ err: error, eventId: id }, 'crediting watch points failed'));
      return record(row, (await eventsRepository.rsvpList(db, id)).length);
    },

    async one(id: number): Promise<StaffEventRecord> {
      return record(await existing(id), (await eventsRepository.rsvpList(db, id)).length);
    },

    async list(
      type: EventsTable['type'] | undefined,
      when: 'upcoming' | 'live' | 'past' | 'all',
    ): Promise<StaffEventRecord[]> {
      const rows = await eventsRepository.staffList(db, type, when, clock.now().toISOString());
      return rows.map(({ rsvp_count, ...row }) => record(row, Number(rsvp_count ?? 0)));
    },

    async rsvps(id: number): Promise<RsvpEntry[]> {
      await existing(id);
      const rows = await eventsRepository.rsvpList(db, id);
      return rows.map((r) => ({
        user_id: r.user_id,
        name: `${r.first_name} ${r.last_name}`,
        email: r.email,
        created_at: r.created_at,
      }));
    },
  };
}
