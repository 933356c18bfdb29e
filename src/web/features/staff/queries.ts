// Staff data hooks: the key factory and the analytics report query (GET /api/staff/analytics).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AnalyticsReportResponse } from '../../../shared/contract/analytics';
import { apiCall, recordOf } from '../../api/client';

/** The periods the report can cover, in days (the contract's ReportQuery). */
export const REPORT_PERIODS = [1, 7, 30, 90] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export const staffKeys = {
  all: ['staff'] as const,
  analytics: (days: ReportPeriod) => [...staffKeys.all, 'analytics', days] as const,
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
