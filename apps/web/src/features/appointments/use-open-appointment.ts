import type { CalendarRef } from '@fullcalendar/react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { AppointmentDto } from '@kinetic/shared';
import { localDate } from '../schedule/class-labels.ts';
import { useAppointment } from './api/appointments-api.ts';

const ID = /^[0-9a-f]{24}$/;

/** The address parameter an open appointment is kept in: `…?appointment=<id>` opens its details. */
export const APPOINTMENT_PARAM = 'appointment';

interface OpenAppointmentOptions {
  companyId: string;
  params: URLSearchParams;
  setParam: (key: string, value: string | null) => void;
  calendarRef: RefObject<CalendarRef | null>;
  /** Whether the calendar is on the page (its ref set): the deep link moves it to the appointment's day. */
  calendarReady: boolean;
  /** Where the keyboard goes on close when the appointment is not in the calendar (the page's heading). */
  headingId: string;
}

/**
 * The appointment whose details are open, kept in the address (`?appointment=<id>`), so the calendar's own
 * links and the instructor's iCal feed open it on load: it is read with `GET /api/appointments/{id}` and the
 * calendar goes to its day. Closing removes the parameter and puts the keyboard on the appointment in the
 * calendar (or on the page's heading when it is not drawn there).
 */
export function useOpenAppointment(options: OpenAppointmentOptions) {
  const { companyId, params, setParam, calendarRef, calendarReady, headingId } = options;
  const raw = params.get(APPOINTMENT_PARAM);
  const openId = raw && ID.test(raw) ? raw : null;
  // The calendar's copy, shown at once when opened from the calendar; the server's once it answers.
  const [picked, setPicked] = useState<AppointmentDto | null>(null);
  const fetched = useAppointment(companyId, openId);
  const shown = openId
    ? fetched.data?.id === openId
      ? fetched.data
      : picked?.id === openId
        ? picked
        : null
    : null;
  const notFound = openId !== null && fetched.isError && picked?.id !== openId;

  // Opened by address (not by a click in the calendar): the calendar goes to the appointment's day.
  const moved = useRef<string | null>(null);
  const startsAt = fetched.data?.id === openId ? fetched.data.startsAt : null;
  const zone = fetched.data?.id === openId ? fetched.data.timeZone : null;
  useEffect(() => {
    if (!openId || !startsAt || !zone || !calendarReady || moved.current === openId) return;
    moved.current = openId;
    if (picked?.id === openId) return;
    const api = calendarRef.current?.getApi();
    if (!api) return;
    const at = Date.parse(startsAt);
    const { activeStart, activeEnd } = api.view;
    if (at < activeStart.getTime() || at >= activeEnd.getTime()) api.gotoDate(localDate(startsAt, zone));
  }, [openId, startsAt, zone, calendarReady, calendarRef, picked]);

  // After the dialog's own closing: the appointment's link in the calendar, else the page's heading.
  const focusTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(focusTimer.current), []);
  const focusAfterClose = useCallback(
    (id: string) => {
      window.clearTimeout(focusTimer.current);
      focusTimer.current = window.setTimeout(() => {
        const link = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].find(
          (anchor) => new URL(anchor.href, window.location.href).searchParams.get(APPOINTMENT_PARAM) === id,
        );
        (link ?? document.getElementById(headingId))?.focus();
      }, 20);
    },
    [headingId],
  );

  const open = useCallback(
    (appointment: AppointmentDto) => {
      setPicked(appointment);
      moved.current = appointment.id;
      setParam(APPOINTMENT_PARAM, appointment.id);
    },
    [setParam],
  );
  const close = useCallback(() => {
    const id = openId;
    setPicked(null);
    setParam(APPOINTMENT_PARAM, null);
    if (id) focusAfterClose(id);
  }, [openId, setParam, focusAfterClose]);
  /** The details closed because the appointment left the calendar: no focus move (the page says why). */
  const dismiss = useCallback(() => {
    setPicked(null);
    setParam(APPOINTMENT_PARAM, null);
  }, [setParam]);

  return { openId, shown, notFound, open, close, dismiss };
}
