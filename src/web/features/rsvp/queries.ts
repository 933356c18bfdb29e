// RSVP data hooks: key factory, the viewer's RSVP state, a special event's questions, the RSVP, quiz
// and resend mutations. Answers are checked field by field, keeping zod out of the home page's bundle.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EventRecord } from '../../../shared/contract/events';
import type { Question, QuizRequest, QuizResult, quizCalls } from '../../../shared/contract/quiz';
import { callRef } from '../../../shared/contract/call';
import type { Rsvp, rsvpCalls } from '../../../shared/contract/rsvp';
import { ApiError, apiCall, noRecords, recordOf, recordsOf } from '../../api/client';
import { fieldsOf } from '../../shell/site-config';

/** Whether the viewer is on the event's list, and for a special event whether they answered its questions. */
export type RsvpState = { isIn: boolean; hasAnswered: boolean };

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

const isRsvp = (value: unknown): value is Rsvp => {
  const fields = fieldsOf(value);
  return (
    fields !== null &&
    typeof fields.get('exists') === 'boolean' &&
    Number.isInteger(fields.get('eventid')) &&
    typeof fields.get('rsvp_type') === 'string' &&
    typeof fields.get('created_at') === 'string'
  );
};

const isQuizResult = (value: unknown): value is QuizResult =>
  isExists(value) && Number.isInteger(fieldsOf(value)?.get('eventid'));

const existsAnswer = recordsOf(isExists);

/** The RSVP and special-event calls, checked here field by field (the home page's bundle has no zod). */
const rsvpCall = callRef<typeof rsvpCalls.rsvp>({
  method: 'POST',
  path: '/api/rsvpdata_v1',
  response: recordsOf(isRsvp),
});
const rsvpCheckCall = callRef<typeof rsvpCalls.check>({
  method: 'GET',
  path: '/api/checkifrsvpenroll_v1',
  response: existsAnswer,
});
const answeredCheckCall = callRef<typeof quizCalls.submitted>({
  method: 'GET',
  path: '/api/checkifspecialeventsubmitted',
  response: existsAnswer,
});
const questionsCall = callRef<typeof quizCalls.questions>({
  method: 'GET',
  path: '/api/eventquestions',
  response: recordsOf(isQuestion),
});
const quizCall = callRef<typeof quizCalls.submit>({
  method: 'POST',
  path: '/api/rsvpquiz_v1',
  response: recordsOf(isQuizResult),
});
const resendEmailCall = callRef<typeof quizCalls.resendEmail>({
  method: 'POST',
  path: '/api/specialeventemail',
  response: noRecords,
});

export const rsvpKeys = {
  all: ['rsvp'] as const,
  state: (userId: number, eventId: number) => [...rsvpKeys.all, 'state', userId, eventId] as const,
  questions: (eventId: number) => [...rsvpKeys.all, 'questions', eventId] as const,
};

type RsvpEvent = Pick<EventRecord, 'id' | 'type'>;

/** The logged-in viewer's RSVP state for an event, as the server has it. */
export function rsvpStateQuery(userId: number, event: RsvpEvent) {
  return queryOptions({
    queryKey: rsvpKeys.state(userId, event.id),
    queryFn: async ({ signal }): Promise<RsvpState> => {
      const query = { eventid: event.id };
      const [isIn, hasAnswered] = await Promise.all([
        apiCall(rsvpCheckCall, { query: { ...query, type: event.type }, signal }).then(
          (answer) => recordOf(answer).exists,
        ),
        event.type === 'specialshow'
          ? apiCall(answeredCheckCall, { query, signal }).then((answer) => recordOf(answer).exists)
          : false,
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
    queryFn: async ({ signal }) => (await apiCall(questionsCall, { query: { eventid: eventId }, signal })).data,
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
    mutationFn: async () => (await apiCall(rsvpCall, { body: { eventid: eventId } })).message,
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
    mutationFn: async (request: QuizRequest) => (await apiCall(quizCall, { body: request })).message,
    onSuccess: () => setState({ isIn: true, hasAnswered: true }),
    onError: (error) => {
      if (isAlreadyIn(error)) setState({ isIn: true, hasAnswered: true });
    },
  });
}

/** specialeventemail: the special event's confirmation, with its calendar file, sent again. */
export function useResendEmailMutation(eventId: number) {
  return useMutation({
    mutationFn: async () => (await apiCall(resendEmailCall, { body: { eventid: eventId } })).message,
  });
}
