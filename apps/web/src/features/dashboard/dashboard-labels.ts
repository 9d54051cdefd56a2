import { formatMoney, type DashboardClassDto } from '@kinetic/shared';

/** "Thursday 26 November": a local date as the Dashboard names a day. */
export function longDayLabel(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** "Thu 26 Nov". */
export function shortDayLabel(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

export type Trend = 'up' | 'down' | 'same';

/**
 * This week against last, in words a screen reader reads as they are: "up 4 from 38 last week",
 * "down $25.00 from $100.00 last week", "the same as last week". The arrow beside it is decoration.
 */
export function comparison(
  thisWeek: number,
  lastWeek: number,
  format: (value: number) => string = (value) => value.toLocaleString('en-US'),
): { trend: Trend; words: string } {
  if (thisWeek === lastWeek) return { trend: 'same', words: 'the same as last week' };
  const trend: Trend = thisWeek > lastWeek ? 'up' : 'down';
  return {
    trend,
    words: `${trend} ${format(Math.abs(thisWeek - lastWeek))} from ${format(lastWeek)} last week`,
  };
}

export const moneyFormat = (currency: string, locale: string) => (minor: number) =>
  formatMoney(minor, currency, locale);

/** "8 of 12 places booked" (an appointment: "Booked"/"Not booked"). */
export function seatsLabel(item: DashboardClassDto): string {
  if (item.kind === 'appointment') return item.booked > 0 ? 'Booked' : 'No client booked';
  return `${item.booked} of ${item.capacity} ${item.capacity === 1 ? 'place' : 'places'} booked`;
}

/** "3 checked in"; an appointment with nobody in yet says "Not checked in" (not "0 checked in"). */
export function checkInLabel(item: Pick<DashboardClassDto, 'kind' | 'checkedIn'>): string {
  if (item.kind === 'appointment' && item.checkedIn === 0) return 'Not checked in';
  return `${item.checkedIn} checked in`;
}

/** Where a class, event date or appointment is handled: its details (roster) or the appointment calendar. */
export function classPath(base: string, item: Pick<DashboardClassDto, 'id' | 'kind'>): string {
  return item.kind === 'appointment'
    ? `${base}/appointment?appointment=${item.id}`
    : `${base}/classes/details/${item.id}`;
}

export const clientPath = (base: string, clientId: string) =>
  `${base}/clients/profile/${clientId}/${clientId}`;
