import { weekdayOfDate, type ClassInstanceDto, type EditFitnessSessionBody, type FitnessSessionDto, type ScheduleScope } from '@kinetic/shared';
import { editClassValues, toClassBody, type ClassFormValues } from './class-form-values.ts';
import { localDate, localTime } from './class-labels.ts';

/** The class's date and start time on its studio's wall clock. */
export function wallClock(instant: Date | string, timeZone: string) {
  const iso = typeof instant === 'string' ? instant : instant.toISOString();
  return { date: localDate(iso, timeZone), startTime: localTime(iso, timeZone) };
}

/**
 * The edit body for a class dragged to `newStart`. For the whole series, the weekday it left is swapped
 * for the one it landed on, so "every Tuesday" dragged to Wednesday becomes "every Wednesday".
 */
export function moveBody(
  series: FitnessSessionDto,
  instance: ClassInstanceDto,
  newStart: Date,
  scope: ScheduleScope,
): EditFitnessSessionBody {
  const from = wallClock(instance.startsAt, instance.timeZone);
  const to = wallClock(newStart, instance.timeZone);
  const values: ClassFormValues = editClassValues(series, instance, to.date, to.startTime);
  if (scope !== 'one' && values.repeat === 'weekly') {
    const left = weekdayOfDate(from.date);
    const landed = weekdayOfDate(to.date);
    if (left !== landed) values.weekdays = [...new Set(values.weekdays.map((day) => (day === left ? landed : day)))];
  }
  return editBody(values, scope, instance.id, series);
}

/**
 * A PUT replaces the series' values: the price and rule overrides the form does not show are sent as
 * the series has them, so an edit never resets them.
 */
export function editBody(
  values: ClassFormValues,
  scope: ScheduleScope,
  classInstanceId: string,
  series: Pick<FitnessSessionDto, 'dropInPrice' | 'ruleOverrides'>,
): EditFitnessSessionBody {
  return {
    ...toClassBody(values, scope),
    dropInPrice: series.dropInPrice,
    ruleOverrides: series.ruleOverrides,
    scope,
    classInstanceId,
  };
}
