// The guessing game's rules (decision 058): staff open a question with a committed answer in a live
// show, viewers guess once each (grouped commits), and the reveal fixes the winners and credits them.
import type { Selectable } from 'kysely';
import type {
  GuessQuestion,
  GuessState,
  MyGuess,
  OpenQuestionRequest,
  StaffGuessQuestion,
} from '../../../shared/contract/guessing';
import { isLive } from '../../../shared/countdown';
import { answerText, guessCommitment, pickGuessWinners } from '../../../shared/guess-commitment';
import { GUESS_MESSAGES } from '../../../shared/guess-messages';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { createGroupedWriter, groupsInFlightFor } from '../../db/grouped-writer';
import type { GuessQuestionsTable, UserRow } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { createEventAccess, type AccessUser } from '../event-access/event-access.service';
import { eventsRepository } from '../events/events.repository';
import { publicName } from '../giveaways/giveaways.service';
import type { RewardsService } from '../rewards/rewards.service';
import { guessingRepository, type NewGuess } from './guessing.repository';

type QuestionRow = Selectable<GuessQuestionsTable>;
type OpenInput = z.output<typeof OpenQuestionRequest>;

/** A question may stay open at most this long. */
const LONGEST_OPEN_MS = 6 * 60 * 60_000;
/** How long a question read for a guess is reused (staff changes in this process forget it at once). */
const FRESH_MS = 1000;

export type RevealAnnouncement = { eventId: number; question: StaffGuessQuestion; text: string };

export function createGuessingService(
  ctx: AppContext,
  rewards: Pick<RewardsService, 'credit'>,
  announce: (announcement: RevealAnnouncement) => void = () => {},
) {
  const { db, clock, random } = ctx;
  const access = createEventAccess(ctx);
  const keyOf = (questionId: number, userId: number) => `${questionId}:${userId}`;
  const writer = createGroupedWriter({
    insertMany: (rows: NewGuess[]) => guessingRepository.insertGuesses(db, rows),
    insertOne: (row: NewGuess) => guessingRepository.insertGuess(db, row),
    keyOfRow: (row) => keyOf(row.question_id, row.user_id),
    keyOfStored: (row) => keyOf(row.question_id, row.user_id),
    written: (row) => ({ value: row.value, created_at: row.created_at }),
    groupsInFlight: groupsInFlightFor(ctx.dialect),
  });

  const cache = new Map<number, { at: number; row: QuestionRow | undefined; isPublic: boolean }>();
  async function questionForGuess(id: number) {
    const now = clock.now().getTime();
    const hit = cache.get(id);
    if (hit && now - hit.at < FRESH_MS) return hit;
    const row = await guessingRepository.questionById(db, id);
    const event = row && (await eventsRepository.byId(db, row.event_id));
    const fresh = { at: now, row, isPublic: event?.is_public !== 0 };
    if (cache.size > 1000) cache.clear();
    cache.set(id, fresh);
    return fresh;
  }

  function stateOf(row: QuestionRow, now: Date): GuessState {
    if (row.state === 'open' && now.toISOString() >= row.closes_at) return 'closed';
    return row.state;
  }

  async function publicView(row: QuestionRow, now: Date) {
    const isRevealed = row.state === 'revealed';
    const winners = isRevealed ? await guessingRepository.winnersOf(db, row.id) : [];
    return {
      view: {
        id: row.id,
        eventid: row.event_id,
        question: row.question,
        unit: row.unit,
        commitment: row.commitment,
        state: stateOf(row, now),
        closes_at: row.closes_at,
        points: row.points,
        winner_count: row.winner_count,
        answer: isRevealed ? Number(row.answer) : null,
        salt: isRevealed ? row.salt : null,
        revealed_at: row.revealed_at,
        winners: winners.map((w) => ({ place: w.place, name: publicName(w.first_name, w.last_name), guess: w.value })),
      },
      winnerIds: winners.map((w) => w.user_id),
    };
  }

  async function staffView(row: QuestionRow): Promise<StaffGuessQuestion> {
    const { view } = await publicView(row, clock.now());
    return {
      ...view,
      secret_answer: Number(row.answer),
      secret_salt: row.salt,
      guesses: await guessingRepository.countGuesses(db, row.id),
    };
  }

  async function existing(id: number): Promise<QuestionRow> {
    const row = await guessingRepository.questionById(db, id);
    if (!row) throw notFound(GUESS_MESSAGES.notFound);
    return row;
  }

  function announcementText(view: StaffGuessQuestion): string {
    const answer = `${answerText(view.secret_answer)}${view.unit ? ` ${view.unit}` : ''}`;
    if (!view.winners.length) return GUESS_MESSAGES.announceNoWinner.replace('{answer}', answer);
    return GUESS_MESSAGES.announceWinners
      .replace('{answer}', answer)
      .replace('{names}', view.winners.map((w) => w.name).join(', '));
  }

  return {
    /** guesscrtdata_v1: one guess, committed before the answer; null `created` when they had guessed. */
    async guess(user: UserRow, questionId: number, value: number): Promise<{ created: boolean; guess: MyGuess }> {
      const { row, isPublic } = await questionForGuess(questionId);
      if (!row) throw notFound(GUESS_MESSAGES.notFound);
      if (!isPublic) {
        const event = await eventsRepository.byId(db, row.event_id);
        if (!event || !(await access.seenBy(event, user))) throw notFound(GUESS_MESSAGES.notFound);
      }
      const now = clock.now();
      if (row.state !== 'open' || now.toISOString() >= row.closes_at) throw conflict(GUESS_MESSAGES.closed);
      const written = await writer.write({
        question_id: questionId,
        user_id: user.id,
        value,
        created_at: now.toISOString(),
      });
      if (written)
        return {
          created: true,
          guess: { questionid: questionId, guess: written.value, created_at: written.created_at },
        };
      const first = await guessingRepository.guessOf(db, questionId, user.id);
      if (!first) throw new Error('a guess conflicted with one that is not there');
      return { created: false, guess: { questionid: questionId, guess: first.value, created_at: first.created_at } };
    },

    /** guessdata_v1: the show's newest question, the caller's guess, and after the reveal the answer and winners. */
    async current(eventId: number, user: AccessUser | null): Promise<GuessQuestion | null> {
      const event = await eventsRepository.byId(db, eventId);
      if (!event || !(await access.seenBy(event, user))) return null;
      const row = await guessingRepository.currentOf(db, eventId);
      if (!row) return null;
      const { view, winnerIds } = await publicView(row, clock.now());
      const mine = user ? await guessingRepository.guessOf(db, row.id, user.id) : undefined;
      return {
        ...view,
        mine: mine ? { questionid: row.id, guess: mine.value, created_at: mine.created_at } : null,
        won: user !== null && winnerIds.includes(user.id),
      };
    },

    async list(eventId: number): Promise<StaffGuessQuestion[]> {
      const rows = await guessingRepository.questionsOf(db, eventId);
      return Promise.all(rows.map(staffView));
    },

    /** Opens a question in a live show; the commitment is stored (and so published) with it. */
    async open(staffId: number, input: OpenInput): Promise<StaffGuessQuestion> {
      const now = clock.now();
      const event = await eventsRepository.byId(db, input.eventid);
      if (!event) throw notFound(GUESS_MESSAGES.notLiveShow);
      if (event.type !== 'show' || !isLive(new Date(event.cust_start), new Date(event.cust_end), now))
        throw new AppError(422, GUESS_MESSAGES.notLiveShow);
      const closesAt = new Date(input.closes_at);
      if (closesAt.getTime() <= now.getTime() || closesAt.getTime() - now.getTime() > LONGEST_OPEN_MS)
        throw badRequest(GUESS_MESSAGES.closesInPast, [{ field: 'closes_at', message: GUESS_MESSAGES.closesInPast }]);
      const open = await guessingRepository.openOf(db, input.eventid);
      if (open.some((q) => q.closes_at > now.toISOString())) throw conflict(GUESS_MESSAGES.stillOpen);
      const salt = random.bytes(32).toString('hex');
      const answer = answerText(input.answer);
      const row = await guessingRepository.insertQuestion(db, {
        event_id: input.eventid,
        question: input.question,
        unit: input.unit,
        answer,
        salt,
        commitment: await guessCommitment(Number(answer), salt),
        points: input.points,
        winner_count: input.winners,
        state: 'open',
        closes_at: closesAt.toISOString(),
        revealed_at: null,
        created_by: staffId,
        created_at: now.toISOString(),
      });
      return staffView(row);
    },

    /** Stops taking guesses now. */
    async close(id: number): Promise<StaffGuessQuestion> {
      await existing(id);
      const row = await guessingRepository.closeNow(db, id, clock.now().toISOString());
      cache.delete(id);
      if (!row) throw conflict(GUESS_MESSAGES.alreadyClosed);
      return staffView(row);
    },

    /**
     * After the close: marks the question revealed, fixes the winners and credits each in the same
     * transaction. A second call finds it revealed and changes nothing; the rewards' idempotency key
     * (guess:<id>) is a second floor. The chat hears of it once, from the call that revealed.
     */
    async reveal(id: number): Promise<StaffGuessQuestion> {
      const before = await existing(id);
      const now = clock.now();
      if (before.state !== 'revealed' && before.closes_at > now.toISOString())
        throw conflict(GUESS_MESSAGES.stillGuessing);
      const revealed = await db.transaction().execute(async (trx) => {
        const row = await guessingRepository.markRevealed(trx, id, now.toISOString());
        if (!row) return null;
        const guesses = await guessingRepository.guessesBefore(trx, id, row.closes_at);
        const winners = pickGuessWinners(guesses, Number(row.answer), row.winner_count);
        await guessingRepository.insertWinners(
          trx,
          winners.map((w, i) => ({ question_id: id, place: i + 1, user_id: w.user_id, value: w.value })),
        );
        for (const w of winners) await rewards.credit(w.user_id, row.points, 'guess', `guess:${id}`, { trx });
        return row;
      });
      cache.delete(id);
      const view = await staffView(revealed ?? (await existing(id)));
      if (revealed) announce({ eventId: revealed.event_id, question: view, text: announcementText(view) });
      return view;
    },
  };
}
export type GuessingService = ReturnType<typeof createGuessingService>;
