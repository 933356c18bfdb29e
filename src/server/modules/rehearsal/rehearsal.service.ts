// Rehearsals (decision 084): staff start a private copy of a show with N synthetic viewers whose
// scripted audience runs in this process; ending it stops the audience and deletes every row it made.
import type { z } from 'zod';
import { CONSOLE_MESSAGES, type RehearsalStart } from '../../../shared/contract/console';
import type { AppContext } from '../../context';
import { retryOnDeadlock } from '../../db/database';
import type { NewUser, UserRow } from '../../db/schema';
import { AppError, conflict, notFound } from '../../http/errors';
import { createGiveawayDetails } from '../giveaways/giveaway-details';
import {
  REALISTIC_PACE,
  startAudience,
  type Audience,
  type AudiencePace,
  type AudienceServices,
} from './rehearsal-audience';
import { AUDIENCE_FIRST_NAMES } from './rehearsal-phrases';
import { rehearsalRepository as repo } from './rehearsal.repository';

export type RehearsalDeps = Omit<AudienceServices, 'db' | 'clock' | 'random' | 'onError'>;

/** The reserved domain (RFC 2606): no message to a synthetic viewer can ever be delivered. */
export const SYNTHETIC_DOMAIN = 'rehearsal.invalid';
/** How often the driving process stamps its rehearsals, and after how long without a stamp one counts as orphaned. */
export const DRIVER_BEAT_MS = 10_000;
export const DRIVER_STALE_MS = 45_000;
export const syntheticEmail = (rehearsalId: number, n: number) => `viewer-${n}.r${rehearsalId}@${SYNTHETIC_DOMAIN}`;

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function createRehearsalService(
  ctx: AppContext,
  deps: RehearsalDeps,
  defaultPace: AudiencePace = REALISTIC_PACE,
) {
  const { db, clock, random } = ctx;
  /** The audiences this process drives, by rehearsal id. */
  const audiences = new Map<number, Audience>();
  const services: AudienceServices = {
    ...deps,
    db,
    clock,
    random,
    onError: (error) => ctx.log.warn({ err: error }, 'rehearsal audience'),
  };

  const code = (length: number) => Array.from({ length }, () => ALPHABET[random.int(ALPHABET.length)]).join('');

  function syntheticViewer(rehearsalId: number, n: number, nowIso: string): NewUser {
    const first = AUDIENCE_FIRST_NAMES[random.int(AUDIENCE_FIRST_NAMES.length)] ?? 'Viewer';
    return {
      email: syntheticEmail(rehearsalId, n),
      // Unique like every phone, and no number a text could be sent to.
      phone: `rehearsal-${rehearsalId}-${n}`,
      password_hash: null,
      first_name: first,
      middle_name: '',
      last_name: code(1),
      nickname: '',
      address: '',
      city: '',
      state: '',
      country: '',
      zip: '',
      recipient_name: '',
      profile_picture: null,
      birthday: null,
      anniversary: null,
      isactive: 1,
      is_staff: 0,
      // Lower case: real invite codes are upper case, so these never collide.
      my_invite_code: `rehearsal-${rehearsalId}-${n}`,
      invited_code: null,
      invited_by: null,
      ref_id: null,
      created_at: nowIso,
      updated_at: nowIso,
      rehearsal_id: rehearsalId,
    };
  }

  async function stopAudience(rehearsalId: number) {
    const audience = audiences.get(rehearsalId);
    audiences.delete(rehearsalId);
    await audience?.stop();
  }

  async function purge(rehearsalId: number, copyId: number) {
    await stopAudience(rehearsalId);
    await db.transaction().execute((trx) => repo.purge(trx, rehearsalId, copyId));
  }

  return {
    /** Copies the show privately, makes the synthetic viewers and starts their scripted audience. */
    async start(
      staff: UserRow,
      showId: number,
      input: z.output<typeof RehearsalStart>,
      pace: AudiencePace = defaultPace,
    ): Promise<{ rehearsal_id: number; eventid: number }> {
      const now = clock.now();
      const nowIso = now.toISOString();
      // A show is live strictly after its start (isLive), so the copy starts a second ago: on air at once.
      const startMs = now.getTime() - 1_000;
      const made = await db.transaction().execute(async (trx) => {
        // On PostgreSQL the show's row is locked so two starts at once make one rehearsal.
        const show = await trx
          .selectFrom('events')
          .selectAll()
          .where('id', '=', showId)
          .$if(ctx.dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        if (!show) throw notFound(CONSOLE_MESSAGES.notFound);
        if (show.type === 'giveaway' || show.rehearsal_of !== null) throw notFound(CONSOLE_MESSAGES.notAShow);
        if (await repo.bySource(trx, showId)) throw conflict(CONSOLE_MESSAGES.rehearsalRunning);

        const lengthMs = new Date(show.cust_end).getTime() - new Date(show.cust_start).getTime();
        const shiftMs = startMs - new Date(show.cust_start).getTime();
        const shifted = (iso: string) => new Date(new Date(iso).getTime() + shiftMs).toISOString();
        const copy = await trx
          .insertInto('events')
          .values({
            type: show.type,
            title: `Rehearsal: ${show.title}`,
            description: show.description,
            image: show.image,
            cust_start: new Date(startMs).toISOString(),
            cust_end: new Date(startMs + lengthMs).toISOString(),
            is_public: 0,
            platform: show.platform,
            stream_url: show.stream_url,
            created_at: nowIso,
            rehearsal_of: show.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();

        // The show's giveaways, their windows moved with the show; each gets its own seed and commitment.
        const giveawayOf = new Map<number, number>();
        for (const giveaway of await repo.giveawaysOf(trx, showId)) {
          const event = await trx
            .insertInto('events')
            .values({
              type: 'giveaway',
              title: `Rehearsal: ${giveaway.title}`,
              description: giveaway.description,
              image: giveaway.image,
              cust_start: shifted(giveaway.cust_start),
              cust_end: shifted(giveaway.cust_end),
              is_public: 0,
              platform: 'hls',
              stream_url: null,
              created_at: nowIso,
              rehearsal_of: giveaway.id,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await createGiveawayDetails(trx, ctx, event.id, staff, {
            show_id: copy.id,
            prize: giveaway.prize,
            prize_image: giveaway.prize_image,
            tnc: giveaway.tnc,
            tnc_prices: giveaway.tnc_prices,
            winner_count: giveaway.winner_count,
            // The copy is private: its audience enters with this code, as invited viewers would.
            access_code: code(8),
            claim_mode: giveaway.claim_mode,
          });
          giveawayOf.set(giveaway.id, event.id);
        }

        for (const [from, to] of [[showId, copy.id], ...giveawayOf] as const)
          await repo.insertSpinPrizes(
            trx,
            (await repo.spinPrizesOf(trx, from)).map(({ id: _id, ...prize }) => ({ ...prize, event_id: to })),
          );
        await repo.insertSegments(
          trx,
          (await repo.segmentsOf(trx, showId)).map((s) => ({
            event_id: copy.id,
            position: s.position,
            title: s.title,
            planned_minutes: s.planned_minutes,
            notes: s.notes,
            piece_id: s.piece_id,
            giveaway_id: s.giveaway_id === null ? null : (giveawayOf.get(s.giveaway_id) ?? null),
            started_at: null,
            ended_at: null,
            created_at: nowIso,
          })),
        );

        const rehearsal = await repo.insertRehearsal(trx, {
          event_id: copy.id,
          source_event_id: showId,
          viewers: input.viewers,
          started_by: staff.id,
          created_at: nowIso,
          driver_seen_at: nowIso,
        });
        await repo.insertUsers(
          trx,
          Array.from({ length: input.viewers }, (_, i) => syntheticViewer(rehearsal.id, i + 1, nowIso)),
        );
        // The audience RSVPed, as a show's viewers do: that lets them see the private copy and spin its wheel.
        const viewers = await repo.viewersOf(trx, rehearsal.id);
        await repo.insertRsvps(
          trx,
          copy.id,
          viewers.map((v) => v.id),
          nowIso,
        );
        return { rehearsalId: rehearsal.id, copyId: copy.id, viewers };
      });
      audiences.set(made.rehearsalId, startAudience(services, made.copyId, made.viewers, pace));
      return { rehearsal_id: made.rehearsalId, eventid: made.copyId };
    },

    /** Ends the rehearsal whose private copy is `eventId`: its audience stops and every row it made goes. */
    async end(eventId: number): Promise<{ rehearsal_id: number; source_event_id: number }> {
      const rehearsal = await repo.byCopy(db, eventId);
      if (!rehearsal) {
        if (!(await repo.event(db, eventId))) throw notFound(CONSOLE_MESSAGES.notFound);
        throw new AppError(400, CONSOLE_MESSAGES.notRehearsal);
      }
      await purge(rehearsal.id, rehearsal.event_id);
      return { rehearsal_id: rehearsal.id, source_event_id: rehearsal.source_event_id };
    },

    /**
     * At start-up and at every beat after: a rehearsal no process drives has lost its audience (a
     * restart, a deploy, a crash); it is ended, so no synthetic rows outlive the process that made
     * them. Answers how many this process ended.
     */
    async endLeftOver(): Promise<number> {
      // Another process's rehearsal is left alone while that process says it drives it (decision 093).
      const now = clock.now();
      const staleBefore = new Date(now.getTime() - DRIVER_STALE_MS).toISOString();
      const left = (await repo.all(db)).filter(
        (r) => !audiences.has(r.id) && (r.driver_seen_at === null || r.driver_seen_at < staleBefore),
      );
      let ended = 0;
      for (const rehearsal of left) {
        // A driver that was only slow may still be writing for its audience while the rows go. Those
        // writes lock the rows they point at in no set order, so PostgreSQL may end the purge to break
        // a deadlock with one of them: it is run again.
        const isEnded = await retryOnDeadlock(() =>
          db.transaction().execute(async (trx) => {
            // Checked again under the row's lock: its driver may have stamped it, or another process ended it.
            if (!(await repo.claimLeftOver(trx, rehearsal.id, staleBefore, now.toISOString()))) return false;
            await repo.purge(trx, rehearsal.id, rehearsal.event_id);
            return true;
          }),
        );
        if (isEnded) ended += 1;
      }
      return ended;
    },

    /**
     * Every DRIVER_BEAT_MS: says this process still drives its rehearsals, and stops the audience of
     * one another process ended (its row is gone).
     */
    async beat() {
      const driving = [...audiences.keys()];
      const still = new Set(await repo.markDriven(db, driving, clock.now().toISOString()));
      await Promise.all(driving.filter((id) => !still.has(id)).map(stopAudience));
    },

    /** On close: the timers stop and the rows are let go; the next start-up, here or elsewhere, ends them. */
    async stopAll() {
      const driving = [...audiences.keys()];
      await Promise.all(driving.map(stopAudience));
      await repo.markDriven(db, driving, null);
    },

    /** Rehearsals whose audience runs in this process. */
    driving: () => [...audiences.keys()],
  };
}

export type RehearsalService = ReturnType<typeof createRehearsalService>;
