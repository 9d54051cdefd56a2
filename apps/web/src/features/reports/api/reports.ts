import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  reportFileName,
  type AttendanceGroup,
  type AttendanceReportDto,
  type RevenueGroup,
  type RevenueReportDto,
} from '@kinetic/shared';
import { apiDownload, apiRequest } from '../../../api/client.ts';

export const reportsQueryKey = (companyId: string) => [companyId, 'reports'] as const;

export interface AttendanceFilters {
  from: string;
  to: string;
  groupBy: AttendanceGroup;
  studioId: string | null;
  instructorId: string | null;
}

export interface RevenueFilters {
  from: string;
  to: string;
  groupBy: RevenueGroup;
  studioId: string | null;
}

/** `reports/attendance?from=…&to=…&groupBy=…` with the filters that are set. */
function reportPath(
  report: 'attendance' | 'revenue',
  filters: AttendanceFilters | RevenueFilters,
  csv = false,
) {
  const params = new URLSearchParams({ from: filters.from, to: filters.to, groupBy: filters.groupBy });
  if (filters.studioId) params.set('studioId', filters.studioId);
  if ('instructorId' in filters && filters.instructorId) params.set('instructorId', filters.instructorId);
  return `reports/${report}${csv ? '.csv' : ''}?${params.toString()}`;
}

const read = <T>(path: string) => apiRequest<T>(path, { silent: true, showLoader: false });

export function useAttendanceReport(companyId: string, filters: AttendanceFilters, enabled: boolean) {
  const path = reportPath('attendance', filters);
  return useQuery({
    queryKey: [...reportsQueryKey(companyId), path],
    queryFn: () => read<AttendanceReportDto>(path),
    enabled: Boolean(companyId) && enabled,
    placeholderData: keepPreviousData,
  });
}

export function useRevenueReport(companyId: string, filters: RevenueFilters, enabled: boolean) {
  const path = reportPath('revenue', filters);
  return useQuery({
    queryKey: [...reportsQueryKey(companyId), path],
    queryFn: () => read<RevenueReportDto>(path),
    enabled: Boolean(companyId) && enabled,
    placeholderData: keepPreviousData,
  });
}

/** The CSV through the API client (the session's token in the Authorization header), saved as a file. */
export function downloadReportCsv(
  report: 'attendance' | 'revenue',
  filters: AttendanceFilters | RevenueFilters,
) {
  return apiDownload(reportPath(report, filters, true), reportFileName(report, filters));
}
