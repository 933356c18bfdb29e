// Data hooks of the staff show reports (/api/staff/reports/…): the show picker, a show's funnel,
// the viewers at a step, the funnel over LA days, viewers over time and traffic.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { staffReportCalls, type FunnelStepName } from '../../../../shared/contract/staff-reports';
import { apiCall, recordOf } from '../../../api/client';
import { staffKeys } from '../queries';

export const reportKeys = {
  all: [...staffKeys.all, 'reports'] as const,
  shows: () => [...reportKeys.all, 'shows'] as const,
  funnel: (eventid: number, minutes: number) => [...reportKeys.all, 'funnel', eventid, minutes] as const,
  viewers: (eventid: number, step: FunnelStepName, minutes: number, page: number) =>
    [...reportKeys.all, 'viewers', eventid, step, minutes, page] as const,
  range: (from: string, to: string, minutes: number) => [...reportKeys.all, 'range', from, to, minutes] as const,
  audience: (eventid: number) => [...reportKeys.all, 'audience', eventid] as const,
  traffic: (from: string, to: string) => [...reportKeys.all, 'traffic', from, to] as const,
};

export function useReportShows() {
  return useQuery({
    queryKey: reportKeys.shows(),
    queryFn: async ({ signal }) => (await apiCall(staffReportCalls.shows, { signal })).data,
  });
}

export function useShowFunnel(eventid: number, minutes: number) {
  return useQuery({
    queryKey: reportKeys.funnel(eventid, minutes),
    queryFn: async ({ signal }) =>
      recordOf(await apiCall(staffReportCalls.funnel, { params: { eventid }, query: { minutes }, signal })),
    enabled: eventid > 0,
    placeholderData: keepPreviousData,
  });
}

export function useFunnelViewers(eventid: number, step: FunnelStepName, minutes: number, page: number) {
  return useQuery({
    queryKey: reportKeys.viewers(eventid, step, minutes, page),
    queryFn: async ({ signal }) =>
      recordOf(
        await apiCall(staffReportCalls.viewers, { params: { eventid }, query: { step, minutes, page }, signal }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useRangeFunnel(from: string, to: string, minutes: number, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.range(from, to, minutes),
    queryFn: async ({ signal }) =>
      recordOf(await apiCall(staffReportCalls.range, { query: { from, to, minutes }, signal })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useAudience(eventid: number) {
  return useQuery({
    queryKey: reportKeys.audience(eventid),
    queryFn: async ({ signal }) => recordOf(await apiCall(staffReportCalls.audience, { params: { eventid }, signal })),
    enabled: eventid > 0,
  });
}

export function useTraffic(from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.traffic(from, to),
    queryFn: async ({ signal }) => recordOf(await apiCall(staffReportCalls.traffic, { query: { from, to }, signal })),
    enabled,
    placeholderData: keepPreviousData,
  });
}
