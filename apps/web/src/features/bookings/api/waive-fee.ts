import type { BookingDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** A late-cancel or no-show fee goes from due to waived. */
export const waiveFee = (bookingId: string) =>
  apiRequest<BookingDto>(`bookings/${encodeURIComponent(bookingId)}/waive-fee`, { method: 'POST', body: {} });
