// Staff audit log calls (/api/staff/audit): a page of the log for the filters.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditCalls as calls, type AuditFilter } from '../../../../shared/contract/audit';
import { apiCall, recordOf } from '../../../api/client';

export const auditKeys = {
  all: ['staff', 'audit'] as const,
  page: (filter: AuditFilter) => [...auditKeys.all, 'page', filter] as const,
};

export function auditPageQuery(filter: AuditFilter) {
  return queryOptions({
    queryKey: auditKeys.page(filter),
    queryFn: async ({ signal }) => recordOf(await apiCall(calls.list, { query: filter, signal })),
    placeholderData: keepPreviousData,
  });
}
