import type { QueryKey } from '@tanstack/react-query';
import { clientsTabQueryKey } from '../../../shell/clients-tab.ts';
import { scheduleQueryKey } from '../../schedule/api/schedule-keys.ts';
import { clientAccountQueryKey } from './client-account-api.ts';

/** One client's profile (contact, bookings, notes…): a booking, a note or a sale refreshes it. */
export const clientProfileQueryKey = (companyId: string, clientId: string) =>
  [companyId, 'client-profile', clientId] as const;

/** What booking a client from their profile or the Clients list makes stale. */
export const clientBookedKeys = (companyId: string, clientId: string): QueryKey[] => [
  clientProfileQueryKey(companyId, clientId),
  clientAccountQueryKey(companyId, clientId),
  clientsTabQueryKey(companyId),
  scheduleQueryKey(companyId),
];
