// Staff data hooks: the key factory, the analytics report query (GET /api/staff/analytics) and the
// show scheduling calls (/api/staff/events…: shows, RSVPs, quiz questions and answers, statistics).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { AnalyticsReportResponse } from '../../../shared/contract/analytics';
import type { EventType } from '../../../shared/contract/events';
import { WatchStatsResponse } from '../../../shared/contract/live';
import { QuestionsResponse, QuizSubmissionsResponse, type SetQuestionsRequest } from '../../../shared/contract/quiz';
import { type CreateEventRequest, RsvpListResponse, StaffEventResponse, type StaffEventRecord } from '../../../shared/contract/staff-events';
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
    queryFn: async ({ signal }) => recordOf(await apiCall('/api/staff/analytics', { schema: AnalyticsReportResponse, query: { days: String(days) }, signal })),
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
      inListOrder(on, (await apiCall('/api/staff/events', { schema: StaffEventResponse, query: { on, type: type === 'all' ? undefined : type }, signal })).data),
    placeholderData: keepPreviousData,
    refetchInterval: SHOW_REFRESH_MS,
  });
}

/** One event; nothing is asked for an id that is not one (0). */
export function useStaffShow(id: number) {
  return useQuery({
    queryKey: staffKeys.show(id),
    queryFn: async ({ signal }) => recordOf(await apiCall(`/api/staff/events/${id}`, { schema: StaffEventResponse, signal })),
    enabled: id > 0,
    refetchInterval: SHOW_REFRESH_MS,
  });
}

export function useShowRsvps(id: number) {
  return useQuery({
    queryKey: staffKeys.rsvps(id),
    queryFn: async ({ signal }) => (await apiCall(`/api/staff/events/${id}/rsvps`, { schema: RsvpListResponse, signal })).data,
  });
}

export function useShowStats(id: number) {
  return useQuery({
    queryKey: staffKeys.stats(id),
    queryFn: async ({ signal }) => recordOf(await apiCall(`/api/staff/events/${id}/stats`, { schema: WatchStatsResponse, signal })),
    refetchInterval: SHOW_REFRESH_MS,
  });
}

export function useShowQuestions(id: number, isEnabled: boolean) {
  return useQuery({
    queryKey: staffKeys.questions(id),
    queryFn: async ({ signal }) => (await apiCall('/api/eventquestions', { schema: QuestionsResponse, query: { eventid: String(id) }, signal })).data,
    enabled: isEnabled,
  });
}

export function useShowAnswers(id: number, isEnabled: boolean) {
  return useQuery({
    queryKey: staffKeys.answers(id),
    queryFn: async ({ signal }) => (await apiCall(`/api/staff/events/${id}/answers`, { schema: QuizSubmissionsResponse, signal })).data,
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

async function savedShow(path: string, body: unknown) {
  const answer = await apiCall(path, { method: 'POST', body, schema: StaffEventResponse });
  return { show: recordOf(answer), message: answer.message };
}

export function useCreateShowMutation() {
  const onSaved = useShowSaved();
  return useMutation({
    mutationFn: (input: ShowInput) => savedShow('/api/staff/events', input),
    onSuccess: ({ show }) => onSaved(show),
  });
}

/** Saves the form: every field as the staff member sees it (the schedule only when they changed it). */
export function useUpdateShowMutation(id: number) {
  const onSaved = useShowSaved();
  return useMutation({
    mutationFn: (input: ShowInput | Omit<ShowInput, 'cust_start' | 'cust_end'>) => savedShow(`/api/staff/events/${id}`, input),
    onSuccess: ({ show }) => onSaved(show),
  });
}

export function useEndShowMutation(id: number) {
  const onSaved = useShowSaved();
  return useMutation({
    mutationFn: () => savedShow(`/api/staff/events/${id}/end`, {}),
    onSuccess: ({ show }) => onSaved(show),
  });
}

export function useSetQuestionsMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: z.output<typeof SetQuestionsRequest>) => {
      const answer = await apiCall(`/api/staff/events/${id}/questions`, { method: 'POST', body: input, schema: QuestionsResponse });
      return { questions: answer.data, message: answer.message };
    },
    onSuccess: ({ questions }) => queryClient.setQueryData(staffKeys.questions(id), questions),
  });
}
