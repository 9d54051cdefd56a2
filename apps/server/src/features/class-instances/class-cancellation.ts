import { and, eq } from 'drizzle-orm';
import { classInstances } from '../../db/schema/index.ts';
import type { Executor } from '../../db/client.ts';
import {
  activeBookingsOf,
  addToCounts,
  lockClass,
  recordChanges,
  updateBooking,
} from '../bookings/bookings.repo.ts';
import { classVariables, queueBookingNotice } from '../bookings/booking-email.ts';
import { releasePayment } from '../orders/booking-payments.ts';
import { emitBookingEvent } from '../webhooks/event-data.ts';

/**
 * Where a class the studio cancels ends its bookings: called in the same transaction, after the class
 * rows are marked `cancelled`, by every path that cancels classes (cancel one class, a series edit that
 * drops a booked date, a series delete over booked classes). Each active booking (booked, offered,
 * waitlisted, even checked in) becomes `cancelled` by the studio with no fee, the class's counts go to
 * zero, every credit comes back (and an unpaid drop-in is cancelled), and each client is sent the
 * "Class cancelled by the studio" email (notify(), unless the studio turned it off), with a calendar file
 * withdrawing a place they held. The emails are only written to the outbox here, in this transaction:
 * a class with 200 bookings answers as fast as the inserts, and the worker sends them after commit (the
 * route flushes the outbox). Answers how many bookings it ended.
 */
export async function endBookingsOfCancelledClasses(
  tx: Executor,
  companyId: string,
  classInstanceIds: readonly string[],
  cancelledAt: Date,
  /** The app's public address, for the emails' links (`app.deps.publicUrl`). */
  publicUrl: string,
): Promise<number> {
  const rows = await activeBookingsOf(tx, companyId, classInstanceIds);
  if (rows.length === 0) return 0;
  for (const { booking } of rows) {
    await updateBooking(tx, companyId, booking.id, {
      status: 'cancelled',
      cancelledBy: 'studio',
      offerExpiresAt: null,
    });
    await releasePayment(tx, companyId, booking, 'The studio cancelled the class', null, cancelledAt);
  }
  await recordChanges(
    tx,
    companyId,
    rows.map(({ booking }) => ({
      bookingId: booking.id,
      from: booking.status,
      to: 'cancelled' as const,
      actorId: null,
      reason: 'The studio cancelled the class',
      at: cancelledAt,
    })),
  );
  for (const id of new Set(rows.map((row) => row.booking.classInstanceId))) {
    // A class or an event's date (whose name is the event's title); its row is locked already.
    const cls = await lockClass(tx, companyId, id, { lock: false });
    if (!cls) continue;
    await addToCounts(tx, companyId, id, { places: -cls.bookedCount, waiting: -cls.waitlistCount });
    const facts = await classVariables(tx, companyId, cls, publicUrl);
    // The reason the team gave when cancelling (on the class page too), told to everyone it affects.
    const [given] = await tx
      .select({ reason: classInstances.cancelReason })
      .from(classInstances)
      .where(and(eq(classInstances.companyId, companyId), eq(classInstances.id, id)));
    for (const { booking, clientName, clientEmail } of rows.filter(
      (row) => row.booking.classInstanceId === id,
    )) {
      const ended = { ...booking, status: 'cancelled' as const, cancelledBy: 'studio', offerExpiresAt: null };
      const why = { late: false, reason: 'class_cancelled' };
      await emitBookingEvent(tx, companyId, 'booking.cancelled', ended, cls, why, cancelledAt);
      await queueBookingNotice(
        tx,
        companyId,
        { id: booking.clientId, name: clientName, email: clientEmail },
        cls,
        { kind: 'cancelled-by-studio', booking, now: cancelledAt, reason: given?.reason ?? null },
        publicUrl,
        facts,
      );
    }
  }
  return rows.length;
}
