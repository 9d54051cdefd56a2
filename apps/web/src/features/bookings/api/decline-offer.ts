import type { BookingDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** Gives a held place back: it goes to the next in line. */
export const declineOffer = (bookingId: string) =>
  apiRequest<BookingDto>(`bookings/${encodeURIComponent(bookingId)}/decline`, { method: 'POST', body: {}, inlineErrors: true });
