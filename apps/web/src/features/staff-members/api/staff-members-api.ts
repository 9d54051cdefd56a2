import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffMemberBody, StaffMemberDto, StaffMemberListDto, StaffOverviewDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** Every staff query starts here, so a change refreshes the list, the person and the Staff page together. */
export const staffQueryKey = (companyId: string) => [companyId, 'staff-members'] as const;

export type StaffStatusFilter = 'active' | 'inactive' | 'all';

// A team is a few dozen people at most: the server's largest page holds them all.
export const listStaffMembers = (status: StaffStatusFilter) =>
  apiRequest<StaffMemberListDto>(`staff-members?status=${status}&pageSize=100`, {
    silent: true,
    showLoader: false,
  });

export function useStaffMembers(companyId: string, status: StaffStatusFilter) {
  return useQuery({
    queryKey: [...staffQueryKey(companyId), 'list', status],
    queryFn: () => listStaffMembers(status),
    enabled: Boolean(companyId),
  });
}

export const getStaffMember = (staffId: string) =>
  apiRequest<StaffMemberDto>(`staff-members/${encodeURIComponent(staffId)}`, {
    silent: true,
    showLoader: false,
  });

export const staffMemberQueryOptions = (companyId: string, staffId: string) =>
  queryOptions({
    queryKey: [...staffQueryKey(companyId), 'one', staffId],
    queryFn: () => getStaffMember(staffId),
  });

export function useStaffMember(companyId: string, staffId: string) {
  return useQuery({ ...staffMemberQueryOptions(companyId, staffId), enabled: Boolean(companyId && staffId) });
}

export const getStaffOverview = (weekOf: string | null) =>
  apiRequest<StaffOverviewDto>(`staff-members/overview${weekOf ? `?weekOf=${weekOf}` : ''}`, {
    silent: true,
    showLoader: false,
  });

export function useStaffOverview(companyId: string, weekOf: string | null) {
  return useQuery({
    queryKey: [...staffQueryKey(companyId), 'overview', weekOf ?? 'this-week'],
    queryFn: () => getStaffOverview(weekOf),
    enabled: Boolean(companyId),
    placeholderData: (previous) => previous,
  });
}

function useStaffMutation<Input>(companyId: string, run: (input: Input) => Promise<StaffMemberDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (member) => {
      queryClient.setQueryData(staffMemberQueryOptions(companyId, member.id).queryKey, member);
      return queryClient.invalidateQueries({ queryKey: staffQueryKey(companyId) });
    },
  });
}

export const useCreateStaffMember = (companyId: string) =>
  useStaffMutation(companyId, (body: StaffMemberBody) =>
    apiRequest<StaffMemberDto>('staff-members', { method: 'POST', body, inlineErrors: true }),
  );

export const useUpdateStaffMember = (companyId: string) =>
  useStaffMutation(companyId, ({ staffId, body }: { staffId: string; body: StaffMemberBody }) =>
    apiRequest<StaffMemberDto>(`staff-members/${encodeURIComponent(staffId)}`, {
      method: 'PUT',
      body,
      inlineErrors: true,
    }),
  );

/** deactivate, reactivate or invitation (resend): the page says what happened in its own status line. */
export const useStaffAction = (companyId: string, action: 'deactivate' | 'reactivate' | 'invitation') =>
  useStaffMutation(companyId, (staffId: string) =>
    apiRequest<StaffMemberDto>(`staff-members/${encodeURIComponent(staffId)}/${action}`, {
      method: 'POST',
      silent: true,
      inlineErrors: true,
    }),
  );
