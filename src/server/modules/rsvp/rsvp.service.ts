// RSVP rules: logged-in viewers RSVP to shows and special events that have not ended; one per
// viewer per event, decided by the database; the type is always 'new' (spec §7). A private show is
// as missing to a viewer who may not see it (decision 051).
import type { Rsvp } from '../../../shared/contract/rsvp';
import { MESSAGES } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { AppError, conflict, notFound } from '../../http/errors';
import { createEventAccess } from '../event-access/event-access.service';
import { createEarningService } from '../rewards/earning.service';
import { eventsRepository } from '../events/events.repository';
import { rsvpConfirmationMail } from './rsvp.mail';
import { rsvpRepository } from './rsvp.repository';

/**
 * Whether a special event asks its questions before the RSVP. The quiz module answers it; that
 * module builds on this one (it stores an RSVP with the answers), so this one names no quiz code.
 */
export type QuestionsCheck = { hasQuestions(eventId: number): Promise<boolean> };

export function createRsvpService(ctx: AppContext, quiz: QuestionsCheck) {
  const { db, clock } = ctx;
  const access = createEventAccess(ctx);
  const earning = createEarningService(ctx);
  return {
    async rsvp(user: UserRow, eventId: number): Promise<Rsvp> {
      const event = await eventsRepository.byId(db, eventId);
      if (!event || !(await access.seenBy(event, user))) throw notFound(MESSAGES.eventNotFound);
      if (event.type === 'giveaway') throw new AppError(422, MESSAGES.rsvpNotShow);
      const now = clock.now().toISOString();
      if (event.cust_end <= now) throw new AppError(422, MESSAGES.rsvpClosed);
      if (event.type === 'specialshow' && (await quiz.hasQuestions(event.id)))
        throw new AppError(422, MESSAGES.quizFirst);
      try {
        // The RSVP and its points commit together (decision 056).
        const row = await db.transaction().execute(async (trx) => {
          const inserted = await rsvpRepository.insert(trx, user.id, eventId, now);
          await earning.rsvp(trx, user.id, eventId);
          return inserted;
        });
        ctx.sendMail(
          rsvpConfirmationMail(
            user.email,
            user.first_name,
            event,
            ctx.config.site.brand,
            ctx.config.publicUrl,
            clock.now(),
          ),
        );
        return { exists: true, eventid: row.event_id, rsvp_type: row.rsvp_type, created_at: row.created_at };
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.rsvpAlready);
        throw error;
      }
    },
    /** Asked by every viewer at show start: on PostgreSQL, the asks of one turn share a query. */
    hasRsvped: (userId: number, eventId: number): Promise<boolean> => rsvpRepository.exists(db, userId, eventId),
  };
}
export type RsvpService = ReturnType<typeof createRsvpService>;
