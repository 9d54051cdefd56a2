import {
  crossBandProblem,
  sortRanges,
  rangeListProblem,
  WEEKDAYS,
  type AddHoursBody,
  type BandAtInstant,
  type DeleteHoursParams,
  type HourBand,
  type HoursDto,
  type ReplaceHoursBody,
  type TimeRange,
  type Weekday,
  type WeekRanges,
} from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import type { Actor } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { findCompanyById } from '../accounts/accounts.repo.ts';
import { completeOnboardingStep } from '../onboarding/onboarding.repo.ts';
import { bandOfInstant } from './band-at.ts';
import { findHours, lockHours, saveHours, type CompanyHoursRow } from './hours.repo.ts';

/** Days in week order, so answers read Monday to Sunday whatever order they were saved in. */
function inWeekOrder(week: WeekRanges): WeekRanges {
  const ordered: WeekRanges = {};
  for (const day of WEEKDAYS) if (week[day]) ordered[day] = week[day];
  return ordered;
}

function toHoursDto(row: CompanyHoursRow | undefined): HoursDto {
  return {
    peakHour: inWeekOrder(row?.peakHour ?? {}),
    nonPeakHour: inWeekOrder(row?.nonPeakHour ?? {}),
    isPeakNonPeakAllowed: row?.peakNonPeakAllowed ? '1' : '0',
  };
}

const bandKey = (band: HourBand) => (band === 'peak' ? 'peakHour' : 'nonPeakHour');

export async function getHours(db: Database, actor: Actor): Promise<HoursDto> {
  return withTenant(db, actor.companyId, async (tx) => toHoursDto(await findHours(tx, actor.companyId)));
}

/** Sets one day of one band to `ranges` after checking them against each other and the other band. */
async function setDay(
  tx: Executor,
  companyId: string,
  band: HourBand,
  day: Weekday,
  merge: boolean,
  ranges: readonly TimeRange[],
) {
  const row = await lockHours(tx, companyId);
  const week = { peakHour: { ...row.peakHour }, nonPeakHour: { ...row.nonPeakHour } };
  const key = bandKey(band);
  const next = sortRanges(merge ? [...(week[key][day] ?? []), ...ranges] : ranges);
  const problem =
    rangeListProblem(day, next) ??
    crossBandProblem(
      day,
      band === 'peak' ? next : (week.peakHour[day] ?? []),
      band === 'peak' ? (week.nonPeakHour[day] ?? []) : next,
    );
  if (problem) throw badRequest(problem, { ranges: problem });
  week[key][day] = next;
  const saved = await saveHours(tx, companyId, { ...week, peakNonPeakAllowed: true });
  await completeOnboardingStep(tx, companyId, 'hours');
  return toHoursDto(saved);
}

/** Spec §4: adding hours merges lists per day and sets isPeakNonPeakAllowed to "1". */
export async function addHours(db: Database, actor: Actor, body: AddHoursBody): Promise<HoursDto> {
  return withTenant(db, actor.companyId, (tx) =>
    setDay(tx, actor.companyId, body.band, body.day, true, body.ranges),
  );
}

/** Spec §4: editing replaces a day's times. */
export async function replaceHours(db: Database, actor: Actor, body: ReplaceHoursBody): Promise<HoursDto> {
  return withTenant(db, actor.companyId, (tx) =>
    setDay(tx, actor.companyId, body.band, body.day, false, body.ranges),
  );
}

/** Spec §4: deleting removes a day's entry. Deleting a day that has none changes nothing. */
export async function deleteHoursDay(
  db: Database,
  actor: Actor,
  params: DeleteHoursParams,
): Promise<HoursDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const row = await lockHours(tx, actor.companyId);
    const week = { peakHour: { ...row.peakHour }, nonPeakHour: { ...row.nonPeakHour } };
    delete week[bandKey(params.band)][params.day];
    return toHoursDto(
      await saveHours(tx, actor.companyId, { ...week, peakNonPeakAllowed: row.peakNonPeakAllowed }),
    );
  });
}

/** The band of an instant for a company, on the company's wall clock (prices, memberships and pay rates ask this). */
export async function bandAt(tx: Executor, companyId: string, instant: Date): Promise<BandAtInstant> {
  const company = await findCompanyById(tx, companyId);
  if (!company) throw notFound('Your company no longer exists.');
  const hours = await findHours(tx, companyId);
  return bandOfInstant(
    { peakHour: hours?.peakHour ?? {}, nonPeakHour: hours?.nonPeakHour ?? {} },
    company.timeZone,
    instant,
  );
}
