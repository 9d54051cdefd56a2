import type { QueryClient } from '@tanstack/react-query';
import type { HoursDto } from '@kinetic/shared';
import { ME_QUERY_KEY } from '../../accounts/api/get-me.ts';
import { hoursQueryKey } from './get-hours.ts';

/** Every hours call answers the whole hours state (spec §4 success): it replaces the cached one. */
export async function storeHours(queryClient: QueryClient, companyId: string, hours: HoursDto) {
  queryClient.setQueryData(hoursQueryKey(companyId), hours);
  // Adding hours completes the hours onboarding step.
  await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
}
