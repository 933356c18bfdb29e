// RSVP data hooks: key factory, the viewer's RSVP state, a special event's questions, the RSVP, quiz
// and resend mutations. Answers are checked field by field, keeping zod out of the home page's bundle.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '../../../shared/contract/envelope';
import type { EventRecord } from '../../../shared/contract/events';
import type { Question, QuizRequest } from '../../../shared/contract/quiz';
import { ApiError, anyEnvelope, apiCall, recordOf, type AnswerParser } from '../../api/client';
import { fieldsOf } from '../../shell/site-config';

/** Whether the viewer is on the event's list, and for a special event whether they answered its questions. */
export type RsvpState = { isIn: boolean; hasAnswered: boolean };

function listOf<T>(isItem: (value: unknown) => value is T): AnswerParser<Envelope<T>> {
  return {
    safeParse: (body) => {
      const parsed = anyEnvelope.safeParse(body);
      if (!parsed.success) return parsed;
      const { data, ...envelope } = parsed.data;
      return data.every(isItem) ? { success: true, data: { ...envelope, data } } : { success: false };
    },
  };
}

const isExists = (value: unknown): value is { exists: boolean } => typeof fieldsOf(value)?.get('exists') === 'boolean';

export function isQuestion(value: unknown): value is Question {
  const fields = fieldsOf(value);
  const choices = fields?.get('choices');
  return (
    fields !== null &&
    Number.isInteger(fields.get('id')) &&
    typeof fields.get('prompt') === 'string' &&
    Array.isArray(choices) &&
    choices.every((choice) => typeof choice === 'string')
  );
}

const existsAnswer = listOf(isExists);
const questionsAnswer = listOf(isQuestion);

export const rsvpKeys = {
  all: ['rsvp'] as const,
  state: (userId: number, eventId: number) => [...rsvpKeys.all, 'state', userId, eventId] as const,
  questions: (eventId: number) => [...rsvpKeys.all, 'questions', eventId] as const,
};

type RsvpEvent = Pick<EventRecord, 'id' | 'type'>;

async function exists(path: string, query: Record<string, string>, signal: AbortSignal): Promise<boolean> {
  return recordOf(await apiCall(path, { query, schema: existsAnswer, signal })).exists;
}

/** The logged-in viewer's RSVP state for an event, as the server has it. */
export function rsvpStateQuery(userId: number, event: RsvpEvent) {
  return queryOptions({
    queryKey: rsvpKeys.state(userId, event.id),
    queryFn: async ({ signal }): Promise<RsvpState> => {
      const eventid = String(event.id);
      const [isIn, hasAnswered] = await Promise.all([
        exists('/api/checkifrsvpenroll_v1', { eventid, type: event.type }, signal),
        event.type === 'specialshow' ? exists('/api/checkifspecialeventsubmitted', { eventid }, signal) : false,
      ]);
      // The answers and the RSVP are stored together, so answering means being in.
      return { isIn: isIn || hasAnswered, hasAnswered };
    },
  });
}

/** A special event's questions, in the order staff set them (none: a plain RSVP). */
export function questionsQuery(eventId: number) {
  return queryOptions({
    queryKey: rsvpKeys.questions(eventId),
    queryFn: async ({ signal }) => (await apiCall('/api/eventquestions', { query: { eventid: String(eventId) }, schema: questionsAnswer, signal })).data,
    staleTime: 5 * 60_000,
  });
}

/** Puts the new state in the cache, so every button for the event shows it at once. */
function useSetRsvpState(userId: number, eventId: number) {
  const queryClient = useQueryClient();
  return (state: RsvpState) => queryClient.setQueryData(rsvpKeys.state(userId, eventId), state);
}

/** A 409 answer: the server already has this viewer's RSVP (or answers), made elsewhere. */
export const isAlreadyIn = (error: unknown) => error instanceof ApiError && error.httpStatus === 409;

/** rsvpdata_v1: the RSVP to a show (or a special event without questions). */
export function useRsvpMutation(userId: number, eventId: number) {
  const queryClient = useQueryClient();
  const setState = useSetRsvpState(userId, eventId);
  return useMutation({
    mutationFn: async () => (await apiCall('/api/rsvpdata_v1', { method: 'POST', body: { eventid: eventId }, schema: anyEnvelope })).message,
    onSuccess: () => setState({ isIn: true, hasAnswered: false }),
    onError: (error) => {
      if (isAlreadyIn(error)) setState({ isIn: true, hasAnswered: false });
      // Staff may have added questions since they were read: the next try asks them.
      else void queryClient.invalidateQueries({ queryKey: rsvpKeys.questions(eventId) });
    },
  });
}

/** rsvpquiz_v1: a special event's answers and the RSVP, in one step. */
export function useQuizMutation(userId: number, eventId: number) {
  const setState = useSetRsvpState(userId, eventId);
  return useMutation({
    mutationFn: async (request: QuizRequest) => (await apiCall('/api/rsvpquiz_v1', { method: 'POST', body: request, schema: anyEnvelope })).message,
    onSuccess: () => setState({ isIn: true, hasAnswered: true }),
    onError: (error) => {
      if (isAlreadyIn(error)) setState({ isIn: true, hasAnswered: true });
    },
  });
}

/** specialeventemail: the special event's confirmation, with its calendar file, sent again. */
export function useResendEmailMutation(eventId: number) {
  return useMutation({
    mutationFn: async () => (await apiCall('/api/specialeventemail', { method: 'POST', body: { eventid: eventId }, schema: anyEnvelope })).message,
  });
}
