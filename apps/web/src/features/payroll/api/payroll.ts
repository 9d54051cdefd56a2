import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  payrollCsvName,
  type DateSpan,
  type PayrollPeriodDto,
  type PayrollSettingsBody,
  type PayrollSettingsDto,
} from '@kinetic/shared';
import { apiDownload, apiRequest } from '../../../api/client.ts';

export const payrollKey = (companyId: string) => [companyId, 'payroll'] as const;

const read = <T>(path: string) => apiRequest<T>(path, { silent: true, showLoader: false });

/** The period holding `date` (the company's today when null). */
export function usePayrollPeriod(companyId: string, date: string | null, enabled: boolean) {
  const path = `payroll/periods${date ? `?date=${encodeURIComponent(date)}` : ''}`;
  return useQuery({
    queryKey: [...payrollKey(companyId), 'period', date ?? 'today'],
    queryFn: () => read<PayrollPeriodDto>(path),
    enabled: Boolean(companyId) && enabled,
    placeholderData: keepPreviousData,
  });
}

export function usePayrollSettings(companyId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...payrollKey(companyId), 'settings'],
    queryFn: () => read<PayrollSettingsDto>('payroll/settings'),
    enabled: Boolean(companyId) && enabled,
  });
}

/** Every payroll answer depends on the others (a close or a new frequency moves periods): all refetch. */
export function useClosePeriod(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (startsOn: string) =>
      apiRequest<PayrollPeriodDto>('payroll/periods/close', {
        method: 'POST',
        body: { startsOn },
        inlineErrors: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payrollKey(companyId) }),
  });
}

export function useSavePayrollSettings(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayrollSettingsBody) =>
      apiRequest<PayrollSettingsDto>('payroll/settings', { method: 'PUT', body, inlineErrors: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payrollKey(companyId) }),
  });
}

/** The period's CSV through the API client (the session's token), saved as a file. */
export const downloadPayrollCsv = (period: DateSpan & { id: string | null }) =>
  apiDownload(`payroll/periods/${period.id ?? period.startsOn}/csv`, payrollCsvName(period));
