import { formatMoney, type PublicAppointmentTypeDto } from '@kinetic/shared';

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
