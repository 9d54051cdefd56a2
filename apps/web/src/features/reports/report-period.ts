/** The period presets of the Reports page, on the company's calendar (weeks start on Monday). */
export const PERIOD_PRESETS = ['this-week', 'last-week', 'this-month', 'last-month', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PERIOD_LABELS: Record<PeriodPreset, string> = {
  'this-week': 'This week',
  'last-week': 'Last week',
  'this-month': 'This month',
  'last-month': 'Last month',
  custom: 'Custom',
};

export interface Period {
  from: string;
  to: string;
}

/** Today as YYYY-MM-DD in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const asDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => asDay(new Date(asDate(day).getTime() + days * 86_400_000));

/** The preset's first and last day around `today`; `custom` answers null (the page keeps its own). */
export function periodOf(preset: PeriodPreset, today: string): Period | null {
  const weekday = (asDate(today).getUTCDay() + 6) % 7; // Monday 0
  const monday = addDays(today, -weekday);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const firstOf = (y: number, m: number) => asDay(new Date(Date.UTC(y, m - 1, 1)));
  switch (preset) {
    case 'this-week':
      return { from: monday, to: addDays(monday, 6) };
    case 'last-week':
      return { from: addDays(monday, -7), to: addDays(monday, -1) };
    case 'this-month':
      return { from: firstOf(year, month), to: addDays(firstOf(year, month + 1), -1) };
    case 'last-month':
      return { from: firstOf(year, month - 1), to: addDays(firstOf(year, month), -1) };
    default:
      return null;
  }
}

/** "2 Nov 2026", or for a period key "Week of 2 Nov 2026", "November 2026" (dates en-GB style, as elsewhere). */
export function periodRowLabel(groupBy: string, key: string): string {
  const date = asDate(key);
  if (Number.isNaN(date.getTime())) return key;
  if (groupBy === 'month')
    return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(date);
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: groupBy === 'day' ? 'short' : undefined,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(date);
  return groupBy === 'week' ? `Week of ${day}` : day;
}

/** A row's name: periods written out on the page, other groups by the name the server gives. */
export function rowLabel(groupBy: string, row: { key: string; label: string }): string {
  return groupBy === 'day' || groupBy === 'week' || groupBy === 'month'
    ? periodRowLabel(groupBy, row.key)
    : row.label;
}
