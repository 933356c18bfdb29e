// Staff data hooks: the key factory, the analytics report query (GET /api/staff/analytics) and the
// show scheduling calls (/api/staff/events…: shows, RSVPs, quiz questions and answers, statistics).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { analyticsCalls } from '../../../shared/contract/analytics';
import type { Envelope } from '../../../shared/contract/envelope';
import type { EventType } from '../../../shared/contract/events';
import { liveCalls } from '../../../shared/contract/live';
import { quizCalls, type SetQuestionsRequest } from '../../../shared/contract/quiz';
import {
  type CreateEventRequest,
  staffEventsCalls,
  type StaffEventRecord,
} from '../../../shared/contract/staff-events';
import { apiCall, recordOf } from '../../api/client';
import { eventKeys } from '../events/queries';

/** The periods the report can cover, in days (the contract's ReportQuery). */
export const REPORT_PERIODS = [1, 7, 30, 90] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The time buckets of the staff show list (the contract's StaffEventQuery `on`). */
export const SHOW_BUCKETS = ['upcoming', 'live', 'past'] as const;
export type ShowBucket = (typeof SHOW_BUCKETS)[number];

export const staffKeys = {
  all: ['staff'] as const,
  analytics: (days: ReportPeriod) => [...staffKeys.all, 'analytics', days] as const,
  shows: () => [...staffKeys.all, 'shows'] as const,
  showList: (on: ShowBucket, type: EventType | 'all') => [...staffKeys.shows(), 'list', on, type] as const,
  show: (id: number) => [...staffKeys.shows(), 'one', id] as const,
  rsvps: (id: number) => [...staffKeys.show(id), 'rsvps'] as const,
  questions: (id: number) => [...staffKeys.show(id), 'questions'] as const,
  answers: (id: number) => [...staffKeys.show(id), 'answers'] as const,
  stats: (id: number) => [...staffKeys.show(id), 'stats'] as const,
};

export function analyticsQuery(days: ReportPeriod) {
  return queryOptions({
    queryKey: staffKeys.analytics(days),
    queryFn: async ({ signal }) => recordOf(await apiCall(analyticsCalls.report, { query: { days }, signal })),
  });
}

/** The report for a period; the previous period's report stays on screen while the next loads. */
export function useAnalyticsReport(days: ReportPeriod) {
  return useQuery({ ...analyticsQuery(days), placeholderData: keepPreviousData });
}

/** How often the show screens look again: a show's status changes with the clock. */
const SHOW_REFRESH_MS = 30_000;

/** Soonest first for what is still to come or on air, newest first for what is over. */
function inListOrder(on: ShowBucket, events: StaffEventRecord[]): StaffEventRecord[] {
  return on === 'past' ? events : [...events].sort((a, b) => a.cust_start.localeCompare(b.cust_start) || a.id - b.id);
}

export function useStaffShows(on: ShowBucket, type: EventType | 'all') {
  return useQuery({
    queryKey: staffKeys.showList(on, type),
    queryFn: async ({ signal }) =>
      inListOrder(
        on,
        (
          await apiCall(staffEventsCalls.list, {
            query: { on, type: type === 'all' ? undefined : type },
            signal,
          })
        ).data,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: SHOW_REFRESH_MS,
  });
}

/** One event; nothing is asked for an id that is not one (0). */
export function useStaffShow(id: number) {
  return useQuery({
    queryKey: staffKeys.show(id),
    queryFn: async ({ signal }) => recordOf(await apiCall(staffEventsCalls.one, { params: { id }, signal })),
    enabled: id > 0,
    refetchInterval: SHOW_REFRESH_MS,
  });
}

export function useShowRsvps(id: number) {
  return useQuery({
    queryKey: staffKeys.rsvps(id),
    queryFn: async ({ signal }) => (await apiCall(staffEventsCalls.rsvps, { params: { id }, signal })).data,
  });
}

export function useShowStats(id: number) {
  return useQuery({
    queryKey: staffKeys.stats(id),
    queryFn: async ({ signal }) => recordOf(await apiCall(liveCalls.stats, { params: { id }, signal })),
    refetchInterval: SHOW_REFRESH_MS,
  });
}

export function useShowQuestions(id: number, isEnabled: boolean) {
  return useQuery({
    queryKey: staffKeys.questions(id),
    queryFn: async ({ signal }) => (await apiCall(quizCalls.staffQuestions, { params: { id }, signal })).data,
    enabled: isEnabled,
  });
}

export function useShowAnswers(id: number, isEnabled: boolean) {
  return useQuery({
    queryKey: staffKeys.answers(id),
    queryFn: async ({ signal }) => (await apiCall(quizCalls.submissions, { params: { id }, signal })).data,
    enabled: isEnabled,
  });
}

export type ShowInput = z.output<typeof CreateEventRequest>;

/** After a show changes: the staff lists and this show, and the public lists viewers read. */
function useShowSaved() {
  const queryClient = useQueryClient();
  return (saved: StaffEventRecord) => {
    queryClient.setQueryData(staffKeys.show(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: staffKeys.shows() });
    void queryClient.invalidateQueries({ queryKey: eventKeys.all });
  };
}

/** The saved show and the server's message, from a create, edit or end. */
function savedShow(answer: Envelope<StaffEventRecord>) {
  return { show: recordOf(answer), message: answer.message };
}

export function useCreateShowMutation() {
  const onSaved = useShowSaved();
  return useMutation({
    mutationFn: async (input: ShowInput) => savedShow(await apiCall(staffEventsCalls.create, { body: input })),
    onSuccess: ({ show }) => onSaved(show),
  });
}

/** Saves the form: every field as the staff member sees it (the schedule only when they changed it). */
export function useUpdateShowMutation(id: number) {
  const onSaved = useShowSaved();
  return useMutation({
    mutationFn: async (input: ShowInput | Omit<ShowInput, 'cust_start' | 'cust_end'>) =>
      savedShow(await apiCall(staffEventsCalls.update, { params: { id }, body: input })),
    onSuccess: ({ show }) => onSaved(show),
  });
}

export function useEndShowMutation(id: number) {
  const onSaved = useShowSaved();
  return useMutation({
    mutationFn: async () => savedShow(await apiCall(staffEventsCalls.end, { params: { id } })),
    onSuccess: ({ show }) => onSaved(show),
  });
}

export function useSetQuestionsMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: z.output<typeof SetQuestionsRequest>) => {
      const answer = await apiCall(quizCalls.setQuestions, { params: { id }, body: input });
      return { questions: answer.data, message: answer.message };
    },
    onSuccess: ({ questions }) => queryClient.setQueryData(staffKeys.questions(id), questions),
  });
}
