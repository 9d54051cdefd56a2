import type { BookingDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

export interface BookClassVariables {
  classInstanceId: string;
  /** The team names the client; a signed-in client books themself without one. */
  clientId?: string;
  /** One per booking the person means to make: pressing again after a lost answer does not book twice. */
  idempotencyKey?: string;
}

/** `POST /api/class-instances/{id}/bookings`: a place, or the waitlist when the class is full. */
export const bookClass = ({ classInstanceId, clientId, idempotencyKey }: BookClassVariables) =>
  apiRequest<BookingDto>(`class-instances/${encodeURIComponent(classInstanceId)}/bookings`, {
    method: 'POST',
    body: clientId ? { clientId } : {},
    inlineErrors: true,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
