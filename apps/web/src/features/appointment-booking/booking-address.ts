import { useCallback, useMemo } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { isObjectId, type PublicAppointmentTypeDto } from '@kinetic/shared';
import { RETURN_TO_PARAM, safeReturnPath } from '../../shell/return-to.ts';

/**
 * The booking's choices live in the address (`?type=&instructor=&studio=&date=&start=`), so Back walks
 * the steps, a reload keeps them, and the login and sign-up come back to the same choice.
 */
export type BookingStep = 'type' | 'instructor' | 'time' | 'confirm' | 'booked';

export const ANYONE = 'any';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface BookingChoice {
  type: PublicAppointmentTypeDto | null;
  /** An instructor's id, `any`, or null before the choice. */
  instructor: string | null;
  studio: PublicAppointmentTypeDto['studios'][number] | null;
  date: string | null;
  start: string | null;
  booked: string | null;
  step: BookingStep;
  /** The type has one instructor at one studio: nothing to choose, so the instructor step is skipped. */
  skipsInstructorStep: boolean;
}

/** Reads the choices against the studio's types: a choice the type does not offer counts as not made. */
export function readChoice(search: URLSearchParams, types: PublicAppointmentTypeDto[]): BookingChoice {
  const type = types.find((entry) => entry.id === search.get('type')) ?? null;
  const rawInstructor = search.get('instructor');
  // One instructor (a solo instructor's sessions) at one studio: nothing to choose, they are the choice.
  // At several studios the step still asks where (the address names them once the studio is chosen).
  const only = type && type.instructors.length === 1 ? type.instructors[0]!.id : null;
  const skipsInstructorStep = Boolean(only && type && type.studios.length === 1);
  const instructor =
    type && (rawInstructor === ANYONE || type.instructors.some((person) => person.id === rawInstructor))
      ? (only ?? rawInstructor)
      : skipsInstructorStep
        ? only
        : null;
  const studio =
    (type && type.studios.length === 1
      ? type.studios[0]
      : type?.studios.find((s) => s.id === search.get('studio'))) ?? null;
  const rawDate = search.get('date');
  const date = rawDate && DATE.test(rawDate) ? rawDate : null;
  const rawStart = search.get('start');
  const start = rawStart && !Number.isNaN(Date.parse(rawStart)) ? rawStart : null;
  const rawBooked = search.get('booked');
  const booked = rawBooked && isObjectId(rawBooked) ? rawBooked : null;
  const step: BookingStep = !type
    ? 'type'
    : booked
      ? 'booked'
      : !instructor || !studio
        ? 'instructor'
        : !start
          ? 'time'
          : 'confirm';
  return { type, instructor, studio, date, start, booked, step, skipsInstructorStep };
}

/** The address parts: company, client role, the page's own path, and the widget's way back. */
export function useBookingAddress() {
  const params = useParams();
  const { pathname } = useLocation();
  const [search, setSearch] = useSearchParams();
  const company = params.company ?? '';
  const roleId: 'client' | 'solo-client' =
    params.roleId === 'solo-client' || pathname.includes('/solo-client/') ? 'solo-client' : 'client';
  const returnTo = safeReturnPath(search.get(RETURN_TO_PARAM));
  /** Sets (or with null clears) choices; later choices are cleared with an earlier one. */
  const choose = useCallback(
    (changes: Record<string, string | null>, options: { replace?: boolean } = {}) =>
      setSearch(
        (old) => {
          const next = new URLSearchParams(old);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: options.replace ?? false, preventScrollReset: true },
      ),
    [setSearch],
  );
  const here = `${pathname}${search.toString() ? `?${search.toString()}` : ''}`;
  return useMemo(
    () => ({ company, roleId, search, choose, returnTo, here, clientBase: `/${company}/${roleId}/client` }),
    [company, roleId, search, choose, returnTo, here],
  );
}
