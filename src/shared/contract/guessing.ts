// The on-air guessing game (decision 058): guesscrtdata_v1 (a viewer's one guess), guessdata_v1
// (a show's current question), and the staff calls to open, close and reveal a question.
import { z } from 'zod';
import { defineCall } from './call';
import { envelopeOf } from './envelope';
import { instant } from './event-fields';
import { bodyId, queryId } from './ids';
import { isGuessNumber } from '../guess-commitment';

export const GUESS_STATES = ['open', 'closed', 'revealed'] as const;
export type GuessState = (typeof GUESS_STATES)[number];

const numberError = 'Enter a number, with up to 4 decimal places.';
/** A guess or an answer: a JSON number within ±GUESS_LIMIT, at most four decimal places. */
const guessNumber = (name: string) => z.number({ error: `${name} is a number.` }).refine(isGuessNumber, numberError);

export const GuessRequest = z.object({ questionid: bodyId('questionid'), guess: guessNumber('guess') });
export type GuessRequest = z.infer<typeof GuessRequest>;

/** A viewer's own guess. */
export const MyGuess = z.object({ questionid: z.number().int(), guess: z.number(), created_at: z.string() });
export type MyGuess = z.infer<typeof MyGuess>;

export const GuessWinner = z.object({
  place: z.number().int(),
  /** 'Ruby A.': first name and last initial. */
  name: z.string(),
  guess: z.number(),
});
export type GuessWinner = z.infer<typeof GuessWinner>;

/** A question as everyone sees it: the answer and salt only once revealed. */
export const GuessQuestion = z.object({
  id: z.number().int(),
  eventid: z.number().int(),
  question: z.string(),
  unit: z.string(),
  /** SHA-256 of ["gemcast-guess-v1", answer, salt], published when the question opened. */
  commitment: z.string(),
  /** open (taking guesses), closed (waiting for the reveal) or revealed. */
  state: z.enum(GUESS_STATES),
  closes_at: z.string(),
  points: z.number().int(),
  winner_count: z.number().int(),
  answer: z.number().nullable(),
  salt: z.string().nullable(),
  revealed_at: z.string().nullable(),
  winners: z.array(GuessWinner),
  /** The caller's own guess, when signed in and they guessed. */
  mine: MyGuess.nullable(),
  /** True when the caller is among the winners. */
  won: z.boolean(),
});
export type GuessQuestion = z.infer<typeof GuessQuestion>;

export const GuessDataQuery = z.object({ eventid: queryId('eventid') });
export type GuessDataQuery = z.input<typeof GuessDataQuery>;

export const guessCalls = {
  /** guesscrtdata_v1 (token): one guess per viewer per question; 409 with the guess already made. */
  guess: defineCall({
    method: 'POST',
    path: '/api/guesscrtdata_v1',
    body: GuessRequest,
    response: envelopeOf(MyGuess),
  }),
  /** guessdata_v1 (token optional): the show's current question; empty data when there is none. */
  current: defineCall({
    method: 'GET',
    path: '/api/guessdata_v1',
    query: GuessDataQuery,
    response: envelopeOf(GuessQuestion),
  }),
};

// ---- Staff -----------------------------------------------------------------------------------

export const OpenQuestionRequest = z.object({
  eventid: bodyId('eventid'),
  question: z
    .string({ error: 'Write the question.' })
    .trim()
    .min(3, 'Write the question, 3 to 200 characters.')
    .max(200, 'Write the question, 3 to 200 characters.'),
  unit: z.string({ error: 'unit is text.' }).trim().max(20, 'The unit is up to 20 characters.').default(''),
  answer: guessNumber('answer'),
  closes_at: instant('The closing time'),
  points: z
    .number({ error: 'points is a number.' })
    .int('Points are a whole number from 1 to 10,000.')
    .min(1, 'Points are a whole number from 1 to 10,000.')
    .max(10_000, 'Points are a whole number from 1 to 10,000.')
    .default(100),
  winners: z
    .number({ error: 'winners is a number.' })
    .int('Winners are a whole number from 1 to 50.')
    .min(1, 'Winners are a whole number from 1 to 50.')
    .max(50, 'Winners are a whole number from 1 to 50.')
    .default(1),
});
export type OpenQuestionRequest = z.input<typeof OpenQuestionRequest>;

/** What staff see: the question as viewers do, plus the answer and salt from the start and the count. */
export const StaffGuessQuestion = GuessQuestion.omit({ mine: true, won: true }).extend({
  secret_answer: z.number(),
  secret_salt: z.string(),
  guesses: z.number().int(),
});
export type StaffGuessQuestion = z.infer<typeof StaffGuessQuestion>;

export const StaffQuestionParams = z.object({ id: queryId('id') });
export const StaffQuestionsQuery = z.object({ eventid: queryId('eventid') });

export const guessStaffCalls = {
  /** The show's questions, newest first, with their answers. */
  list: defineCall({
    method: 'GET',
    path: '/api/staff/guessing',
    query: StaffQuestionsQuery,
    response: envelopeOf(StaffGuessQuestion),
  }),
  /** Open a question in a live show: the answer's commitment is published at once. */
  open: defineCall({
    method: 'POST',
    path: '/api/staff/guessing',
    body: OpenQuestionRequest,
    response: envelopeOf(StaffGuessQuestion),
  }),
  /** Stop taking guesses now, before the closing time. */
  close: defineCall({
    method: 'POST',
    path: '/api/staff/guessing/:id/close',
    params: StaffQuestionParams,
    response: envelopeOf(StaffGuessQuestion),
  }),
  /** After the close: publish answer and salt, fix the winners, credit their points, tell the chat. Repeatable. */
  reveal: defineCall({
    method: 'POST',
    path: '/api/staff/guessing/:id/reveal',
    params: StaffQuestionParams,
    response: envelopeOf(StaffGuessQuestion),
  }),
};
