import { formatMoney, type PublicAppointmentTypeDto } from '@kinetic/shared';
import { dayTimeLabel, localDate, localTime } from '../schedule/class-labels.ts';

/** "55 min", "1 h", "1 h 30 min". */
export function lengthLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const orList = new Intl.ListFormat('en-GB', { style: 'long', type: 'disjunction' });

/** "$95.00 or with 10-Class Pack or 20-Class Pack", "With 10-Class Pack", "Free". */
export function typePriceLabel(
  type: Pick<PublicAppointmentTypeDto, 'price' | 'currency' | 'packageNames'>,
): string {
  const packs = type.packageNames.length > 0 ? orList.format(type.packageNames) : null;
  if (type.price > 0)
    return packs
      ? `${formatMoney(type.price, type.currency)} or with ${packs}`
      : formatMoney(type.price, type.currency);
  return packs ? `Free, or with ${packs}` : 'Free';
}

/** "1-to-1" or "Up to 3 people". */
export const attendeesLabel = (maxAttendees: number) =>
  maxAttendees <= 1 ? '1-to-1' : `Up to ${maxAttendees} people`;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-GB', options);
    formats.set(key, found);
  }
  return found;
}

/** A plain calendar date ("2026-11-30") as "Mon 30 Nov". */
export function dayLabel(date: string, withYear = false): string {
  return format({
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
    ...(withYear ? { year: 'numeric' } : {}),
  }).format(new Date(`${date}T00:00:00Z`));
}

/** "Mon" and "30 Nov" of a plain calendar date, for the day strip's two lines. */
export const weekdayLabel = (date: string) =>
  format({ weekday: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
export const dateOnlyLabel = (date: string) =>
  format({ day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** "Monday 30 November": a day's heading. */
export function longDayLabel(date: string): string {
  return format({ weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** "Mon 30 Nov 2026, 09:00–09:55" on the studio's clock. */
export function whenLabel(startsAt: string, endsAt: string, timeZone: string): string {
  const day = format({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone }).format(
    new Date(startsAt),
  );
  const time = format({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
  return `${day}, ${time.format(new Date(startsAt))}–${time.format(new Date(endsAt))}`;
}

/** Where a person's photo is served: a stored upload's name, or an address as it is. */
export const photoSrc = (photo: string | null): string | undefined =>
  !photo
    ? undefined
    : /^(\/|https?:)/.test(photo)
      ? photo
      : `/api/uploads/original/${encodeURIComponent(photo)}`;

/** A type's cancellation rule (its own over Sessions Settings, as the server resolves it). */
export type SessionCancellation = PublicAppointmentTypeDto['cancellation'];

/** Whether the type is paid for (a price, or packages that may pay): a late cancel then loses it. */
export const typePays = (type: Pick<PublicAppointmentTypeDto, 'price' | 'packageNames'>): boolean =>
  type.price > 0 || type.packageNames.length > 0;

/**
 * A private session's cancellation rule in one sentence, on the studio's clock, said before booking:
 * "Free cancellation until Thu 26 Nov, 09:00; after that a $40.00 fee and the session counts as used."
 * `paying`: the booking spends something (a package's use, a drop-in) that a late cancel does not give
 * back. The classes' sentence (`cancellationRule` in `@kinetic/shared`) speaks of a class or a place.
 * The server counts the hours on the studio's wall clock; across a DST change this may be an hour off.
 */
export function sessionCancellationRule(
  rule: SessionCancellation,
  session: { startsAt: string; timeZone: string; currency: string; paying: boolean },
  /** `booked`: said in the cancel dialog of a booking; `credit`: what cancelling in time gives back. */
  options: { booked?: boolean; credit?: string | null; now?: number } = {},
): string {
  const { fee, until, ended } = lateCancel(rule, session, options.now);
  const lost = session.paying ? ' and the session counts as used' : '';
  if (fee === null && !session.paying)
    return options.booked ? 'Cancelling now is free.' : 'Cancelling is free up to the start.';
  if (options.booked)
    return ended
      ? fee
        ? `Free cancellation ended ${until}: cancelling now costs a ${fee} fee${lost}.`
        : `Free cancellation ended ${until}: cancelling now gives nothing back.`
      : `Cancelling now is free (until ${until})${options.credit ? `: ${options.credit}` : ''}.`;
  if (ended)
    return fee
      ? `Free cancellation ended ${until}: if you book, cancelling costs a ${fee} fee${lost}.`
      : `Free cancellation ended ${until}: if you book, cancelling gives nothing back.`;
  return fee
    ? `Free cancellation until ${until}; after that a ${fee} fee${lost}.`
    : `Free cancellation until ${until}; after that it counts as used.`;
}

/** When free cancellation ends ("Thu 26 Nov, 09:00"), whether it has, and the fee after ("$40.00", or null). */
export function lateCancel(
  rule: SessionCancellation,
  session: { startsAt: string; timeZone: string; currency: string },
  now = Date.now(),
): { until: string; ended: boolean; fee: string | null } {
  const untilMs = Date.parse(session.startsAt) - rule.freeCancellationHoursBefore * 3_600_000;
  return {
    until: dayTimeLabel(new Date(untilMs).toISOString(), session.timeZone),
    ended: untilMs <= now,
    fee: rule.lateCancelFee > 0 ? formatMoney(rule.lateCancelFee, session.currency) : null,
  };
}

/**
 * The server's refusal of a time (409), naming the time where the server says only "that time":
 * "09:00 on Thu 26 Nov was just taken; choose another time." A sentence naming it already is kept.
 */
export function namedTimeRefusal(message: string, startsAt: string, timeZone: string): string {
  const time = localTime(startsAt, timeZone);
  if (message.includes(time)) return message;
  const named = `${time} on ${dayLabel(localDate(startsAt, timeZone))}`;
  if (/^That time\b/.test(message)) return message.replace(/^That time/, named);
  if (/\bthat time\b/.test(message)) return message.replace(/\bthat time\b/, named);
  return `${named}: ${message}`;
}
