import type { BookingDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** Cancels a place or leaves the waitlist; only the team may waive a late-cancel fee. */
export const cancelBooking = ({ bookingId, waiveFee }: { bookingId: string; waiveFee?: boolean }) =>
  apiRequest<BookingDto>(`bookings/${encodeURIComponent(bookingId)}/cancel`, {
    method: 'POST',
    body: waiveFee ? { waiveFee: true } : {},
    inlineErrors: true,
  });
