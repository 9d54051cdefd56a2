import type { BookingDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** Marks a booked client present (also corrects a no-show marked by mistake). */
export const checkInBooking = (bookingId: string) =>
  apiRequest<BookingDto>(`bookings/${encodeURIComponent(bookingId)}/check-in`, { method: 'POST', body: {} });
