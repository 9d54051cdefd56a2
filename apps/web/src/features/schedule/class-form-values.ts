import {
  fitnessSessionBody,
  weekdayOfDate,
  type ClassInstanceDto,
  type FitnessSessionBody,
  type FitnessSessionDto,
  type ScheduleScope,
  type Weekday,
} from '@kinetic/shared';
import type { FormErrors } from '@mantine/form';

export interface ClassFormValues {
  templateId: string;
  studioId: string;
  roomId: string;
  instructorId: string;
  assistantId: string;
  /** The class's date, or the first date of a weekly schedule. */
  date: string;
  startTime: string;
  durationMinutes: number | '';
  capacity: number | '';
  repeat: 'once' | 'weekly';
  weekdays: Weekday[];
  everyWeeks: number | '';
  ends: 'date' | 'count';
  endDate: string;
  count: number | '';
  allowRoomOverlap: boolean;
  notes: string;
  /** Editing: the series' own first date, kept when the edit applies to all its classes. */
  seriesStartDate: string;
}

export function newClassValues(start: { date: string; startTime: string }, studioId = ''): ClassFormValues {
  return {
    templateId: '',
    studioId,
    roomId: '',
    instructorId: '',
    assistantId: '',
    date: start.date,
    startTime: start.startTime,
    durationMinutes: '',
    capacity: '',
    repeat: 'once',
    weekdays: [weekdayOfDate(start.date)],
    everyWeeks: 1,
    ends: 'count',
    endDate: '',
    count: 12,
    allowRoomOverlap: false,
    notes: '',
    seriesStartDate: start.date,
  };
}

/** The form for editing from one class: its own date and time, the series' people, place and rule. */
export function editClassValues(series: FitnessSessionDto, instance: ClassInstanceDto, date: string, startTime: string): ClassFormValues {
  const rule = series.schedule;
  return {
    templateId: instance.templateId,
    studioId: instance.studioId,
    roomId: instance.roomId ?? '',
    instructorId: instance.instructorId,
    assistantId: instance.assistantId ?? '',
    date,
    startTime,
    durationMinutes: Math.round((Date.parse(instance.endsAt) - Date.parse(instance.startsAt)) / 60_000),
    capacity: instance.capacity,
    repeat: rule.kind,
    weekdays: rule.kind === 'weekly' ? rule.weekdays : [weekdayOfDate(date)],
    everyWeeks: rule.kind === 'weekly' ? rule.everyWeeks : 1,
    ends: rule.kind === 'weekly' && rule.endDate ? 'date' : 'count',
    endDate: rule.kind === 'weekly' ? (rule.endDate ?? '') : '',
    count: rule.kind === 'weekly' ? (rule.count ?? '') : 12,
    allowRoomOverlap: series.allowRoomOverlap,
    notes: instance.notes ?? '',
    seriesStartDate: rule.kind === 'weekly' ? rule.startDate : rule.date,
  };
}

const numberOrNull = (value: number | '') => (value === '' ? null : value);
// An empty required number reaches zod as undefined, so it says "Enter ..." rather than "expected number".
const numberOrUndefined = (value: number | '') => (value === '' ? undefined : value);

/**
 * The request body. Editing one class sends a one-off rule on its date (the server moves that class
 * only); "all" keeps the series' first date, "following" starts from this class.
 */
export function toClassBody(values: ClassFormValues, scope?: ScheduleScope): FitnessSessionBody {
  const weekly = values.repeat === 'weekly' && scope !== 'one';
  const startDate = scope === 'all' ? values.seriesStartDate : values.date;
  return {
    templateId: values.templateId,
    studioId: values.studioId,
    roomId: values.roomId || null,
    instructorId: values.instructorId,
    assistantId: values.assistantId || null,
    capacity: numberOrNull(values.capacity),
    startTime: values.startTime,
    durationMinutes: numberOrUndefined(values.durationMinutes) as number,
    allowRoomOverlap: values.allowRoomOverlap,
    notes: values.notes.trim() || null,
    schedule: weekly
      ? {
          kind: 'weekly',
          weekdays: values.weekdays,
          everyWeeks: numberOrUndefined(values.everyWeeks) as number,
          startDate,
          endDate: values.ends === 'date' ? values.endDate || (undefined as unknown as null) : null,
          count: values.ends === 'count' ? (numberOrUndefined(values.count) as number) : null,
        }
      : { kind: 'once', date: values.date },
  };
}

/** Where a contract path (`schedule.weekdays`) shows on this form (`weekdays`). */
export function formPath(path: string): string {
  if (!path.startsWith('schedule.')) return path;
  const field = path.slice('schedule.'.length);
  if (field === 'date' || field === 'startDate') return 'date';
  return field;
}

export function toFormErrors(errors: Record<string, string>): FormErrors {
  const mapped: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const key = formPath(path);
    mapped[key] ??= message;
  }
  return mapped;
}

const FIELDS_NAMED: Record<string, string> = {
  templateId: 'Choose a class template',
  studioId: 'Choose a studio',
  instructorId: 'Choose an instructor',
};

/**
 * Checks the form with the shared contract (the same one the server applies) plus what only the form
 * knows: the room's capacity.
 */
export function validateClassForm(values: ClassFormValues, roomCapacity: number | null): FormErrors {
  const errors: FormErrors = {};
  const result = fitnessSessionBody.safeParse(toClassBody(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = formPath(issue.path.join('.'));
      errors[path] ??= FIELDS_NAMED[path] ?? issue.message;
    }
  }
  if (values.durationMinutes === '') errors.durationMinutes = 'Enter how many minutes the class lasts';
  // The contract says a missing end at `endDate`; the form says it at the field the owner chose.
  if (values.repeat === 'weekly') {
    delete errors[values.ends === 'count' ? 'endDate' : 'count'];
    if (values.ends === 'count' && values.count === '') errors.count = 'Enter how many classes';
    if (values.ends === 'date' && !values.endDate) errors.endDate = 'Choose the last date';
  }
  if (roomCapacity !== null && typeof values.capacity === 'number' && values.capacity > roomCapacity)
    errors.capacity = `The room holds ${roomCapacity}; choose at most ${roomCapacity} places`;
  return errors;
}
