import type { Executor } from '../../db/client.ts';

/**
 * The seam where a class the studio cancels ends its bookings: called in the same transaction, after
 * the class rows are marked `cancelled`, by every path that cancels classes (cancel one class, a series
 * edit that drops a booked date, a series delete over booked classes). The bookings issue fills it:
 * each active booking becomes `cancelled by studio` and its credit comes back. Until bookings exist there
 * is nothing to end; it answers how many bookings it ended.
 */
export async function endBookingsOfCancelledClasses(
  _tx: Executor,
  _companyId: string,
  classInstanceIds: readonly string[],
  _cancelledAt: Date,
): Promise<number> {
  void classInstanceIds;
  return 0;
}
