import { formatMoney, type BookingDto, type BookingStatus, type ClassInstanceDetailsDto } from '@kinetic/shared';

export const STATUS_LABELS: Record<BookingStatus, string> = {
  booked: 'Booked',
  waitlisted: 'Waitlisted',
  offered: 'Offered',
  cancelled: 'Cancelled',
  late_cancelled: 'Late cancelled',
  checked_in: 'Checked in',
  no_show: 'No-show',
};

/** The roster's status: who cancelled is part of it ("Cancelled by the studio"), and the waitlist place. */
export function statusLabel(entry: Pick<BookingDto, 'status' | 'cancelledBy' | 'waitlistPosition'>): string {
  if (entry.status === 'waitlisted' && entry.waitlistPosition !== null)
    return `Waitlisted · number ${entry.waitlistPosition}`;
  if (entry.status === 'cancelled' && entry.cancelledBy)
    return entry.cancelledBy === 'studio' ? 'Cancelled by the studio' : 'Cancelled by the client';
  return STATUS_LABELS[entry.status];
}

const PAID_WITH: Record<string, string> = {
  membership: 'Paid with a membership',
  'class-pack': 'Paid with a class pack credit',
  'drop-in': 'Drop-in',
};

/** How a place is paid, for the roster; nothing for a free class. */
export const paidWithLabel = (paidWith: string): string | null => PAID_WITH[paidWith] ?? null;

/** When the team may check clients in: from the rules' minutes before the start. */
export const checkInOpensAt = (item: Pick<ClassInstanceDetailsDto, 'startsAt' | 'rules'>): number =>
  Date.parse(item.startsAt) - item.rules.checkInOpensMinutesBefore * 60_000;

/** Filled badges in dark shades: white text on each keeps WCAG AA contrast (the light variants do not). */
export const STATUS_COLOURS: Record<BookingStatus, string> = {
  booked: 'blue.9',
  waitlisted: 'grape.9',
  offered: 'cyan.9',
  cancelled: 'gray.7',
  late_cancelled: 'red.9',
  checked_in: 'teal.9',
  no_show: 'red.9',
};

/** Minor units in the studio's currency and locale, e.g. 1000 USD → "$10.00". */
export const money = (minor: number, currency: string): string => formatMoney(minor, currency);

/** "Late-cancel fee $10.00 — due" */
export function feeLabel(fee: NonNullable<BookingDto['fee']>): string {
  const kind = fee.kind === 'late_cancel' ? 'Late-cancel fee' : 'No-show fee';
  return `${kind} ${money(fee.amount, fee.currency)} — ${fee.status}`;
}

/**
 * Whether cancelling a place now would count as late. The server decides (it counts the hours on the
 * studio's wall clock, which differs from this by an hour across a DST change); the page only warns.
 */
export function isLateCancel(
  item: Pick<ClassInstanceDetailsDto, 'startsAt' | 'rules'>,
  now = Date.now(),
): boolean {
  return now >= Date.parse(item.startsAt) - item.rules.freeCancellationHoursBefore * 3_600_000;
}

export const hasStarted = (item: Pick<ClassInstanceDetailsDto, 'startsAt'>, now = Date.now()) =>
  Date.parse(item.startsAt) <= now;

/**
 * The cancellation rule, said before booking: "Free cancellation until Tue 8 Jan, 18:00; after that a
 * $10.00 fee." (in the studio's zone). One function in `@kinetic/shared`: the booking emails say the same.
 */
export { cancellationRule } from '@kinetic/shared';
