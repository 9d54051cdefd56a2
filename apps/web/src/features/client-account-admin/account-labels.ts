import {
  formatMoney,
  isUsedUp,
  type ClientPackageDto,
  type ClientPackageStatus,
  type LedgerEntryDto,
  type OrderDto,
  type OrderStatus,
} from '@kinetic/shared';

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  open: 'Owing',
  paid: 'Paid',
  'partly-refunded': 'Partly refunded',
  refunded: 'Refunded',
  cancelled: 'Cancelled',
};

/** Badge colours dark enough for white text (axe contrast: shade 9, or gray 7). */
export const ORDER_STATUS_COLOUR: Record<OrderStatus, string> = {
  open: 'red.9',
  paid: 'teal.9',
  'partly-refunded': 'grape.9',
  refunded: 'gray.7',
  cancelled: 'gray.7',
};

export const PACKAGE_STATUS_LABEL: Record<ClientPackageStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

export const PACKAGE_STATUS_COLOUR: Record<ClientPackageStatus, string> = {
  active: 'teal.9',
  paused: 'blue.9',
  cancelled: 'gray.7',
  expired: 'gray.7',
};

/** The badge of what a client holds at the desk. */
export function packageBadge(held: ClientPackageDto): { label: string; colour: string } {
  if (isUsedUp(held)) return { label: 'Used up', colour: 'gray.7' };
  return { label: PACKAGE_STATUS_LABEL[held.status], colour: PACKAGE_STATUS_COLOUR[held.status] };
}

export const LEDGER_ENTRY_LABEL: Record<LedgerEntryDto['entry'], string> = {
  grant: 'Granted',
  use: 'Used',
  return: 'Returned',
  expire: 'Expired',
};

export const METHOD_LABEL = { cash: 'Cash', card: 'Card', other: 'Other' } as const;
export const DESK_METHOD_OPTIONS = (['cash', 'card', 'other'] as const).map((value) => ({
  value,
  label: METHOD_LABEL[value],
}));

/** "24 Nov 2026" from a local date ("2026-11-24"), the day as the studio wrote it. */
export function dayLabel(localDate: string): string {
  const date = new Date(`${localDate}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return localDate;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** "24 Nov 2026, 17:30" of an instant, on this device's clock (the desk is at the studio). */
export function instantLabel(instant: string, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    // A class's history reads on the studio's clock, as its start time does (not the browser's).
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(instant));
}

/** "Class pack" / "Membership, monthly". */
export function packageKindLabel(held: ClientPackageDto): string {
  const { terms } = held;
  if (terms.kind === 'class-pack') return 'Class pack';
  return terms.period ? `Membership, paid each ${terms.period}` : 'Membership';
}

/** The dates that matter for what the client holds. */
export function packageDatesLabel(held: ClientPackageDto): string {
  const parts = [`Started ${dayLabel(held.startsOn)}`];
  if (held.paidUntil) parts.push(`paid until ${dayLabel(held.paidUntil)}`);
  if (held.expiresAt) parts.push(`credits expire ${instantLabel(held.expiresAt)}`);
  if (held.cancellableFrom) parts.push(`can be cancelled from ${dayLabel(held.cancellableFrom)}`);
  return parts.join(' · ');
}

/** A pause or an end to come, in words; null when there is none. */
export function packageChangeLabel(held: ClientPackageDto): string | null {
  const until = held.pausedUntil ? dayLabel(held.pausedUntil) : null;
  if (held.status === 'paused')
    return held.pausedFrom
      ? `Paused since ${dayLabel(held.pausedFrom)}; ${until ? `resumes by itself on ${until}` : 'paused until resumed'}.`
      : 'Paused until resumed.';
  if (held.status === 'active' && held.pausedFrom)
    return `Pause planned from ${dayLabel(held.pausedFrom)}${until ? ` until ${until}` : ' until resumed'}.`;
  if (held.status === 'active' && held.endsOn)
    return `Ends on ${dayLabel(held.endsOn)}: cancelled at the end of its period, not renewed.`;
  return null;
}

/** What may still be refunded on an order: paid and not yet refunded. */
export const refundable = (order: Pick<OrderDto, 'paid' | 'refunded'>) =>
  Math.max(0, order.paid - order.refunded);

/** "Paid $170.00 by cash · refunded $50.00". */
export function paymentsLabel(order: OrderDto): string | null {
  const money = (amount: number) => formatMoney(amount, order.currency);
  const parts = order.payments.map((payment) =>
    payment.kind === 'payment'
      ? `Paid ${money(payment.amount)} by ${payment.method === 'stripe' ? 'card online' : payment.method}`
      : `Refunded ${money(payment.amount)}${payment.reason ? ` (${payment.reason})` : ''}`,
  );
  return parts.length ? parts.join(' · ') : null;
}

/** "+10", "−1": a ledger entry's credits with its sign. */
export const creditsLabel = (credits: number) =>
  credits > 0 ? `+${credits}` : credits < 0 ? `−${-credits}` : '0';

export { remainingLabel } from '@kinetic/shared';
