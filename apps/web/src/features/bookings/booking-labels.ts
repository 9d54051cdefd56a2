import {
  formatMoney,
  type BookingDto,
  type BookingStatus,
  type ClassInstanceDetailsDto,
  type MyBookingDto,
  type PaymentOptionsDto,
} from '@kinetic/shared';

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

type PaidBooking = Pick<MyBookingDto, 'status' | 'paidWith' | 'payment'>;

/** "1 credit of 5-Class Pack", "Unlimited Monthly", "a $35.00 drop-in, to pay at the studio"; null when free. */
function paidBy({ paidWith, payment }: PaidBooking): string | null {
  if (paidWith === 'class-pack' && payment.packageName) return `1 credit of ${payment.packageName}`;
  if (paidWith === 'membership' && payment.packageName) return `your ${payment.packageName}`;
  if (paidWith === 'drop-in' && payment.dropIn)
    return `a ${money(payment.dropIn.amount, payment.dropIn.currency)} drop-in, ${payment.dropIn.paid ? 'paid' : 'to pay at the studio'}`;
  return null;
}

/** The client's confirmation names what pays the place: "You’re booked, using 1 credit of 5-Class Pack." */
export function bookedSentence(booking: PaidBooking): string {
  const by = paidBy(booking);
  if (!by) return booking.paidWith === 'free' ? 'You’re booked (free class).' : 'You’re booked.';
  return booking.paidWith === 'drop-in' ? `You’re booked: ${by}.` : `You’re booked, using ${by}.`;
}

/**
 * What paid (or pays) a place, beside it in My bookings: "Paid with 1 credit of 5-Class Pack",
 * "Drop-in $35.00 — pay at the studio", "Free"; a credit given back in time says so. Null while waiting.
 */
export function paymentLine(booking: PaidBooking): string | null {
  const { status, paidWith, payment } = booking;
  if (status === 'waitlisted') return null;
  if (status === 'cancelled')
    return paidWith === 'class-pack' && payment.packageName ? `Credit back to ${payment.packageName}` : null;
  if (paidWith === 'drop-in' && payment.dropIn)
    return `Drop-in ${money(payment.dropIn.amount, payment.dropIn.currency)} — ${payment.dropIn.paid ? 'paid' : 'pay at the studio'}`;
  if (paidWith === 'free') return 'Free';
  const by = paidBy(booking);
  return by ? `Paid with ${by.replace(/^your /, '')}` : null;
}

/**
 * What a cancellation in time gives back, said in the dialog before it and in the message after it:
 * "your credit goes back to 5-Class Pack". Null when nothing was paid.
 */
export function creditBack(booking: PaidBooking, done = false): string | null {
  const { paidWith, payment } = booking;
  if (paidWith === 'class-pack' && payment.packageName)
    return `your credit ${done ? 'went' : 'goes'} back to ${payment.packageName}`;
  if (paidWith === 'membership' && payment.packageName)
    return `the class ${done ? 'no longer counts' : 'will not count'} against your ${payment.packageName}`;
  if (paidWith === 'drop-in' && payment.dropIn && !payment.dropIn.paid)
    return `you ${done ? 'no longer owe' : 'will not owe'} the ${money(payment.dropIn.amount, payment.dropIn.currency)} drop-in`;
  return null;
}

const left = (remaining: number | null, kind: string) =>
  remaining === null
    ? null
    : `${remaining} ${kind === 'class-pack' ? (remaining === 1 ? 'credit' : 'credits') : remaining === 1 ? 'class' : 'classes'} left`;

/** A way to pay the client may choose before booking, and the Book button that uses it. */
export interface PaymentChoiceOption {
  value: string;
  label: string;
  /** The Book button with this choice: "Book with 5-Class Pack (4 credits left)". */
  bookLabel: string;
}

export const DROP_IN = 'drop-in';
export const FREE = 'free';

/** The ways this class can be paid: each usable package the client holds, then the drop-in. */
export function paymentChoices(options: PaymentOptionsDto): PaymentChoiceOption[] {
  // A free class costs nothing: there is nothing to choose (no credit is spent on it).
  if (options.dropInPrice === 0) return [];
  const price = money(options.dropInPrice, options.currency);
  return [
    ...options.packages
      .filter((held) => held.usable)
      .map((held) => {
        const remaining = left(held.remaining, held.kind);
        const named = remaining ? `${held.name} (${remaining})` : held.name;
        return { value: held.clientPackageId, label: named, bookLabel: `Book with ${named}` };
      }),
    ...(options.dropInPrice > 0
      ? [
          {
            value: DROP_IN,
            label: `Drop-in: ${price}, paid at the studio`,
            bookLabel: `Book — ${price} drop-in, pay at the studio`,
          },
        ]
      : []),
  ];
}

/** The server's choice: the best package's id, or the drop-in, or free. */
export function defaultPayment(options: PaymentOptionsDto | undefined): string | null {
  if (!options) return null;
  return options.best.clientPackageId ?? options.best.kind;
}
