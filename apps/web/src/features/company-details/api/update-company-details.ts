import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyDetailsBody, CompanyDetailsDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { ME_QUERY_KEY } from '../../accounts/api/get-me.ts';
import { companyDetailsQueryKey } from './get-company-details.ts';

export const updateCompanyDetails = (body: CompanyDetailsBody) =>
  apiRequest<CompanyDetailsDto>('company/details', { method: 'PUT', body, inlineErrors: true });

export function useUpdateCompanyDetails(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyDetails,
    onSuccess: async (details) => {
      queryClient.setQueryData(companyDetailsQueryKey(companyId), details);
      // Saving completes the companyDetails onboarding step and may change the name and logo in the header.
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
