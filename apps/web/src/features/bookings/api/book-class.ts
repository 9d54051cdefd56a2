import type { BookingDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

export interface BookClassVariables {
  classInstanceId: string;
  /** The team names the client; a signed-in client books themself without one. */
  clientId?: string;
  /** One per booking the person means to make: pressing again after a lost answer does not book twice. */
  idempotencyKey?: string;
  /** Pay with this package the client holds (otherwise the server picks the best). */
  clientPackageId?: string;
  /** No package pays: book as a drop-in, paid at the studio. */
  dropIn?: boolean;
  /** The team books a client who has not signed the current waiver, for this booking only. */
  overrideWaiver?: boolean;
  /** A client at the door: the pass the door code bought (a place after booking closed, until check-in closes). */
  checkInPass?: string;
}

/** `POST /api/class-instances/{id}/bookings`: a place, or the waitlist when the class is full. */
export const bookClass = ({
  classInstanceId,
  clientId,
  idempotencyKey,
  clientPackageId,
  dropIn,
  overrideWaiver,
  checkInPass,
}: BookClassVariables) =>
  apiRequest<BookingDto>(`class-instances/${encodeURIComponent(classInstanceId)}/bookings`, {
    method: 'POST',
    body: {
      ...(clientId ? { clientId } : {}),
      ...(clientPackageId ? { clientPackageId } : {}),
      ...(dropIn ? { payWith: 'drop-in' } : {}),
      ...(overrideWaiver ? { overrideWaiver: true } : {}),
      ...(checkInPass ? { checkInPass } : {}),
    },
    inlineErrors: true,
    // At the door the checked-in page that follows says it all: no "booked" toast over it.
    ...(checkInPass ? { silent: true } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
