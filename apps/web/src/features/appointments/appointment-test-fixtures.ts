import type {
  AppointmentDto,
  AppointmentSlotDto,
  AppointmentTypeDto,
  SessionSettingsAnswer,
} from '@kinetic/shared';
import { INSTRUCTOR_ID, STUDIO_ID, ROOM_ID } from '../schedule/schedule-test-fixtures.ts';

export const TYPE_ID = '777777777777777777777777';
export const APPOINTMENT_ID = '888888888888888888888888';
export const CLIENT_ID = '999999999999999999999999';
export const BOOKING_ID = 'abababababababababababab';

export const appointmentType: AppointmentTypeDto = {
  id: TYPE_ID,
  name: 'Personal Training',
  description: null,
  durationMinutes: 60,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  slotIntervalMinutes: null,
  price: 6000,
  currency: 'USD',
  packageIds: [],
  instructorIds: [INSTRUCTOR_ID],
  studioIds: [STUDIO_ID],
  roomIds: [],
  maxAttendees: 1,
  ruleOverrides: { lateCancelFee: 2500 },
  active: true,
};

export const sessionSettings: SessionSettingsAnswer = {
  bookingOpensDaysBefore: 14,
  bookingClosesMinutesBefore: 0,
  freeCancellationHoursBefore: 12,
  lateCancelFee: 1000,
  noShowFee: 0,
  waitlistEnabled: true,
  waitlistMode: 'auto',
  offerHoldMinutes: 30,
  waitlistCutoffMinutesBefore: 0,
  maxWaitlistLength: null,
  checkInOpensMinutesBefore: 30,
  reminderHoursBefore: 24,
  saved: true,
  currency: 'USD',
};

export function appointmentAt(startsAt: string, extra: Partial<AppointmentDto> = {}): AppointmentDto {
  return {
    id: APPOINTMENT_ID,
    appointmentTypeId: TYPE_ID,
    typeName: 'Personal Training',
    instructorId: INSTRUCTOR_ID,
    instructorName: 'Ines Instructor',
    studioId: STUDIO_ID,
    studioName: 'Midtown',
    roomId: ROOM_ID,
    roomName: 'Studio A',
    timeZone: 'America/New_York',
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 15,
    capacity: 1,
    bookedCount: 1,
    status: 'scheduled',
    notes: 'Knee injury last year',
    attendees: [
      {
        bookingId: BOOKING_ID,
        clientId: CLIENT_ID,
        clientName: 'Dana Client',
        status: 'booked',
        paidWith: 'drop-in',
      },
    ],
    ...extra,
  };
}

export function slotAt(localDate: string, localTime: string, startsAt: string): AppointmentSlotDto {
  return {
    startsAt,
    endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
    localDate,
    localTime,
    instructorId: INSTRUCTOR_ID,
    instructorName: 'Ines Instructor',
    studioId: STUDIO_ID,
    studioName: 'Midtown',
    timeZone: 'America/New_York',
    placesLeft: 1,
    appointmentId: null,
  };
}
