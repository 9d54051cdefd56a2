import { formatMoney } from './money.ts';

export interface CancellationRuleClass {
  /** The class's start, ISO. */
  startsAt: string;
  /** The studio's zone: the deadline is said on its clock. */
  timeZone: string;
  currency: string;
  /** How the company writes prices; the shown locale (the web app's company) when absent. */
  locale?: string | undefined;
  rules: { freeCancellationHoursBefore: number; lateCancelFee: number };
}

/**
 * The cancellation rule in one sentence, in the studio's zone: "Free cancellation until Tue 8 Jan, 18:00;
 * after that the class counts as used and a $10.00 fee applies." No fee: only the deadline for getting a
 * credit back matters. The client's class page says it before booking; the confirmation and reminder
 * emails say it to someone already booked (`booked`), so the words after the deadline differ.
 */
export function cancellationRule(
  item: CancellationRuleClass,
  dayTime: (instant: string, timeZone: string) => string,
  now = new Date(),
  options: { booked?: boolean; event?: boolean } = {},
): string {
  const untilMs = Date.parse(item.startsAt) - item.rules.freeCancellationHoursBefore * 3_600_000;
  const until = dayTime(new Date(untilMs).toISOString(), item.timeZone);
  const fee = item.rules.lateCancelFee;
  const money = formatMoney(fee, item.currency, item.locale);
  if (options.event)
    return eventRule(until, untilMs <= now.getTime(), fee > 0 ? money : null, options.booked);
  // A late cancel keeps the class as used (its credit or drop-in) and, with a fee, owes the fee too.
  if (untilMs <= now.getTime()) {
    if (options.booked)
      return fee > 0
        ? `Free cancellation ended ${until}: cancelling now costs a ${money} fee and the class counts as used.`
        : `Free cancellation ended ${until}: cancelling now gives no class credit back.`;
    return fee > 0
      ? `Free cancellation ended ${until}: if you book, cancelling costs a ${money} fee and the class counts as used.`
      : `Free cancellation ended ${until}: if you book, cancelling gives no class credit back.`;
  }
  return fee > 0
    ? `Free cancellation until ${until}; after that the class counts as used and a ${money} fee applies.`
    : `Cancel until ${until} to get a class credit back.`;
}

/** The same rule for a place at an event (free or paid, by a package or not): said of the place, not a class. */
function eventRule(until: string, ended: boolean, fee: string | null, booked = false): string {
  if (!ended)
    return fee
      ? `Free cancellation until ${until}; after that the place counts as used and a ${fee} fee applies.`
      : `Free cancellation until ${until}.`;
  const cancelling = booked ? 'cancelling now' : 'if you book, cancelling';
  return fee
    ? `Free cancellation ended ${until}: ${cancelling} costs a ${fee} fee and the place counts as used.`
    : `Free cancellation ended ${until}: ${cancelling} gives nothing back.`;
}
