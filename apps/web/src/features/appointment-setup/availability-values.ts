import {
  WEEKDAYS,
  availabilityExceptionBody,
  weeklyAvailabilityBody,
  type AvailabilityDto,
  type AvailabilityExceptionBody,
  type AvailabilityExceptionKind,
  type StudioDto,
  type Weekday,
  type WeeklyAvailabilityBody,
} from '@kinetic/shared';
import { toDayTimeRanges, type DayTimeRanges } from '../../ui/day-time-ranges-field.tsx';

/** The week being edited at each studio, by studio id. */
export type WeeklyDraft = Record<string, DayTimeRanges>;

/** Every studio of the company gets a week (empty = no hours there); a saved week shows its ranges. */
export function toWeeklyDraft(availability: AvailabilityDto, studios: readonly StudioDto[]): WeeklyDraft {
  const draft: WeeklyDraft = {};
  for (const studio of studios) draft[studio.id] = toDayTimeRanges({});
  for (const row of availability.weekly) draft[row.studioId] = toDayTimeRanges(row.hours);
  return draft;
}

/** `PUT /api/availability/{id}/weekly`: every studio in a fixed order, days without ranges left out. */
export function toWeeklyBody(draft: WeeklyDraft, studioOrder: readonly string[]): WeeklyAvailabilityBody {
  return {
    studios: studioOrder
      .filter((studioId) => draft[studioId])
      .map((studioId) => {
        const week = draft[studioId]!;
        const hours: Partial<Record<Weekday, { start: string; end: string }[]>> = {};
        for (const day of WEEKDAYS) if (week[day].length) hours[day] = week[day];
        return { studioId, hours };
      }),
  };
}

/** Errors by studio and day, and what belongs to no day. */
export interface WeeklyErrors {
  byStudio: Record<string, Partial<Record<Weekday, string>>>;
  general: string | null;
}

/**
 * Spreads errors keyed by the body's paths (`studios.0.hours.monday`, `studios.0.hours.monday.1.end`) to
 * the studio and day they are about; both the contract's own checks and the server's 400 read this way.
 */
export function weeklyErrorsOf(errors: Record<string, string>, studioOrder: readonly string[]): WeeklyErrors {
  const result: WeeklyErrors = { byStudio: {}, general: null };
  for (const [path, message] of Object.entries(errors)) {
    const match = /^studios\.(\d+)\.hours\.(\w+)/.exec(path);
    const studioId = match ? studioOrder[Number(match[1])] : undefined;
    const day = match?.[2] as Weekday | undefined;
    if (studioId && day && (WEEKDAYS as readonly string[]).includes(day)) {
      const days = (result.byStudio[studioId] ??= {});
      days[day] ??= message;
    } else result.general ??= message;
  }
  return result;
}

/** The contract's checks on the week before it is sent; half-typed times say so first. */
export function validateWeekly(draft: WeeklyDraft, studioOrder: readonly string[]): WeeklyErrors {
  const errors: Record<string, string> = {};
  studioOrder.forEach((studioId, index) => {
    const week = draft[studioId];
    if (!week) return;
    for (const day of WEEKDAYS)
      if (week[day].some((range) => !range.start || !range.end))
        errors[`studios.${index}.hours.${day}`] = 'Enter a start and an end for every range.';
  });
  if (Object.keys(errors).length === 0) {
    const parsed = weeklyAvailabilityBody.safeParse(toWeeklyBody(draft, studioOrder));
    if (!parsed.success)
      for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  }
  return weeklyErrorsOf(errors, studioOrder);
}

export const EVERY_STUDIO = 'every';

export interface ExceptionFormValues {
  date: string;
  kind: AvailabilityExceptionKind;
  /** A studio id, or EVERY_STUDIO (time off only). */
  studioId: string;
  wholeDay: boolean;
  start: string;
  end: string;
  note: string;
}

export const newException = (date: string, studioId: string): ExceptionFormValues => ({
  date,
  kind: 'off',
  studioId,
  wholeDay: true,
  start: '09:00',
  end: '17:00',
  note: '',
});

/** `POST /api/availability/{id}/exceptions`: extra hours always have a studio and times. */
export function toExceptionBody(values: ExceptionFormValues): AvailabilityExceptionBody {
  const extra = values.kind === 'extra';
  const timed = extra || !values.wholeDay;
  return {
    date: values.date,
    kind: values.kind,
    studioId: values.studioId === EVERY_STUDIO ? null : values.studioId,
    start: timed ? values.start : null,
    end: timed ? values.end : null,
    note: values.note.trim() === '' ? null : values.note,
  };
}

export function validateException(values: ExceptionFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.date) errors.date = 'Choose the date';
  const parsed = availabilityExceptionBody.safeParse(toExceptionBody(values));
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** "Mon, 1 Dec 2026" for a local date, read as a calendar day (no time zone shift). */
export function formatLocalDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  const at = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(at.getTime()) || at.getUTCDate() !== day || at.getUTCMonth() !== month - 1) return date;
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(at);
}

/** Today on the browser's clock as YYYY-MM-DD. */
export function todayLocal(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const SHORT_DAY: Record<Weekday, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

const workingDays = (week: DayTimeRanges | undefined): Weekday[] =>
  week ? WEEKDAYS.filter((day) => week[day].length > 0) : [];

/** The studio the week opens on: the first (in the company's order) where the instructor has hours. */
export function firstStudioWithHours(draft: WeeklyDraft, studioOrder: readonly string[]): string {
  return studioOrder.find((id) => workingDays(draft[id]).length > 0) ?? studioOrder[0] ?? '';
}

const joinNames = (names: string[]) =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

/** "Works at Midtown (Tue, Thu, Sat). No hours at Decatur." — where the week has hours, at a glance. */
export function weeklyStudiosSummary(
  draft: WeeklyDraft,
  studios: readonly Pick<StudioDto, 'id' | 'name'>[],
): string {
  const working = studios
    .map((studio) => ({ studio, days: workingDays(draft[studio.id]) }))
    .filter((item) => item.days.length > 0);
  if (working.length === 0) return 'No weekly hours at any studio yet.';
  const idle = studios.filter((studio) => !working.some((item) => item.studio.id === studio.id));
  const works = `Works at ${joinNames(working.map((item) => `${item.studio.name} (${item.days.map((day) => SHORT_DAY[day]).join(', ')})`))}.`;
  return idle.length ? `${works} No hours at ${joinNames(idle.map((studio) => studio.name))}.` : works;
}
