import type { BookingDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** Takes the place a waitlist offer holds. */
export const acceptOffer = (bookingId: string) =>
  apiRequest<BookingDto>(`bookings/${encodeURIComponent(bookingId)}/accept`, { method: 'POST', body: {}, inlineErrors: true });
