import type { SessionSettingsValues } from '@kinetic/shared';
import {
  addDays,
  localDateOf,
  localTimeOf,
  momentLabel,
  zonedInstant,
} from '../fitness-sessions/zoned-time.ts';

const MINUTE = 60_000;

/** The instants a class's rules turn into, each counted back from its start. */
export interface BookingWindows {
  /** Booking opens N days before, at the class's own local time (so 18:00 stays 18:00 across DST). */
  opensAt: Date;
  closesAt: Date;
  /** Cancelling is free until then; later it is a late cancellation. */
  freeCancellationUntil: Date;
  /** From then on nobody is promoted or offered a place, and nobody joins the waitlist. */
  waitlistCutoffAt: Date;
  checkInOpensAt: Date;
}

export function bookingWindows(
  startsAt: Date,
  timeZone: string,
  rules: Pick<
    SessionSettingsValues,
    | 'bookingOpensDaysBefore'
    | 'bookingClosesMinutesBefore'
    | 'freeCancellationHoursBefore'
    | 'waitlistCutoffMinutesBefore'
    | 'checkInOpensMinutesBefore'
  >,
): BookingWindows {
  const start = startsAt.getTime();
  const openingDate = addDays(localDateOf(startsAt, timeZone), -rules.bookingOpensDaysBefore);
  return {
    opensAt: zonedInstant(openingDate, localTimeOf(startsAt, timeZone), timeZone),
    closesAt: new Date(start - rules.bookingClosesMinutesBefore * MINUTE),
    freeCancellationUntil: new Date(start - rules.freeCancellationHoursBefore * 60 * MINUTE),
    waitlistCutoffAt: new Date(start - rules.waitlistCutoffMinutesBefore * MINUTE),
    checkInOpensAt: new Date(start - rules.checkInOpensMinutesBefore * MINUTE),
  };
}

/** "Tue, 24 Nov 2026, 18:00" on the studio's clock, for the sentences of a 409 and the emails. */
export const localMoment = momentLabel;
