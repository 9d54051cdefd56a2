import { z } from 'zod';
import { bookingDto } from './bookings.ts';
import { paymentOptionsDto } from './orders.ts';
import { objectIdSchema } from './validators.ts';
import { localDateSchema, ruleOverridesDto, ruleOverridesSchema } from './schedule.ts';
import { localTimeSchema, minutesOfDay, weekRangesDto, weekRangesSchema } from './time-ranges.ts';
import { MAX_FEE_MINOR } from './session-settings.ts';

/**
 * Appointments (issue 17): private and semi-private sessions booked into an instructor's free time.
 * An appointment is stored as a class instance of kind `appointment` (docs/architecture.md, "Appointments"):
 * it has the class's instructor, studio, room, capacity, bookings, payments, reminders, emails and iCal
 * entry, and the same exclusion constraints keep an instructor and a room from holding two overlapping
 * ones, or one over a class, buffers included.
 */

/** At most this many minutes of buffer before or after an appointment. */
export const MAX_APPOINTMENT_BUFFER_MINUTES = 240;
/** An appointment lasts 5 minutes to 8 hours. */
export const MIN_APPOINTMENT_MINUTES = 5;
export const MAX_APPOINTMENT_MINUTES = 480;
/** Semi-private sessions: at most this many clients in one appointment. */
export const MAX_APPOINTMENT_ATTENDEES = 50;
/** Slots are asked for at most this many days at once. */
export const MAX_SLOT_RANGE_DAYS = 42;

const minutesField = (what: string, min: number, max: number) =>
  z
    .number({ error: `Enter ${what} in minutes` })
    .int('Use whole minutes')
    .min(min, `${what[0]!.toUpperCase()}${what.slice(1)} is at least ${min} minutes`)
    .max(max, `${what[0]!.toUpperCase()}${what.slice(1)} is at most ${max} minutes`);

const idList = (what: string, max = 200) =>
  z.array(objectIdSchema, { error: `Choose the ${what}` }).max(max, `Choose at most ${max} ${what}`);

/**
 * `POST /api/appointment-types`, `PUT /api/appointment-types/{id}`. `ruleOverrides` holds the type's own
 * booking and cancellation rules; what it leaves out comes from Sessions Settings: `bookingOpensDaysBefore`
 * is how far ahead clients may book, `bookingClosesMinutesBefore` how late, `freeCancellationHoursBefore`
 * the cancellation window, `lateCancelFee` and `noShowFee` the fees. Waitlist settings do not apply.
 */
export const appointmentTypeBody = z
  .object({
    name: z
      .string({ error: 'Enter a name' })
      .trim()
      .min(1, 'Enter a name')
      .max(120, 'Use at most 120 characters'),
    description: z.string().trim().max(2000, 'Use at most 2,000 characters').nullable().default(null),
    durationMinutes: minutesField('the length', MIN_APPOINTMENT_MINUTES, MAX_APPOINTMENT_MINUTES),
    bufferBeforeMinutes: minutesField('the buffer before', 0, MAX_APPOINTMENT_BUFFER_MINUTES).default(0),
    bufferAfterMinutes: minutesField('the buffer after', 0, MAX_APPOINTMENT_BUFFER_MINUTES).default(0),
    /** Slots start every this many minutes from the start of working hours; null: every `durationMinutes`. */
    slotIntervalMinutes: minutesField('the start interval', 5, MAX_APPOINTMENT_MINUTES)
      .nullable()
      .default(null),
    /** Minor units; 0 = free. Clients may also pay with one of `packageIds`. */
    price: z
      .number({ error: 'Enter the price' })
      .int('Use minor units (cents)')
      .min(0, 'A price cannot be negative')
      .max(MAX_FEE_MINOR, 'A price can be at most 1,000,000.00'),
    /** The packages (class packs, memberships) that may pay for it; none = paid per appointment. */
    packageIds: idList('packages').default([]),
    /** Who offers it: at least one instructor. */
    instructorIds: idList('instructors').min(1, 'Choose at least one instructor'),
    /** Where: at least one studio. */
    studioIds: idList('studios').min(1, 'Choose at least one studio'),
    /** Rooms of those studios it may use (one free room is taken per appointment); none = no room needed. */
    roomIds: idList('rooms').default([]),
    maxAttendees: z
      .number({ error: 'Enter how many clients can book one session' })
      .int('Use a whole number')
      .min(1, 'At least 1 client')
      .max(MAX_APPOINTMENT_ATTENDEES, `At most ${MAX_APPOINTMENT_ATTENDEES} clients`)
      .default(1),
    ruleOverrides: ruleOverridesSchema.nullable().default(null),
    /** Clients see and book only active types; the team can still see past appointments of inactive ones. */
    active: z.boolean({ error: 'Choose whether clients can book it' }).default(true),
  })
  .superRefine((body, ctx) => {
    if (body.slotIntervalMinutes !== null && body.slotIntervalMinutes > body.durationMinutes + 240)
      ctx.addIssue({
        code: 'custom',
        path: ['slotIntervalMinutes'],
        message: 'The start interval can be at most 4 hours longer than the session',
      });
  });
export type AppointmentTypeBody = z.input<typeof appointmentTypeBody>;
export type AppointmentTypeValues = z.output<typeof appointmentTypeBody>;

export const appointmentTypeParams = z.object({ appointmentTypeId: objectIdSchema });

export const appointmentTypeDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  durationMinutes: z.number().int(),
  bufferBeforeMinutes: z.number().int(),
  bufferAfterMinutes: z.number().int(),
  slotIntervalMinutes: z.number().int().nullable(),
  price: z.number().int(),
  currency: z.string(),
  packageIds: z.array(z.string()),
  instructorIds: z.array(z.string()),
  studioIds: z.array(z.string()),
  roomIds: z.array(z.string()),
  maxAttendees: z.number().int(),
  ruleOverrides: ruleOverridesDto.nullable(),
  active: z.boolean(),
});
export type AppointmentTypeDto = z.infer<typeof appointmentTypeDto>;

/** `GET /api/appointment-types` (team: all; `?active=true` what clients see). */
export const appointmentTypeListDto = z.object({ items: z.array(appointmentTypeDto) });
export type AppointmentTypeListDto = z.infer<typeof appointmentTypeListDto>;

/**
 * What the public (the widget, the client area before choosing) sees of a type: no rules' internals.
 * Instructors are named so a client can choose one, or "anyone".
 */
export const publicAppointmentTypeDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  durationMinutes: z.number().int(),
  price: z.number().int(),
  currency: z.string(),
  maxAttendees: z.number().int(),
  instructors: z.array(z.object({ id: z.string(), name: z.string(), photo: z.string().nullable() })),
  studios: z.array(z.object({ id: z.string(), name: z.string(), timeZone: z.string() })),
  /** Names of the packages that may pay for it (none: paid per appointment). */
  packageNames: z.array(z.string()),
  /** The type's cancellation rule (its own over Sessions Settings), for the client to read before booking. */
  cancellation: z.object({
    freeCancellationHoursBefore: z.number().int(),
    lateCancelFee: z.number().int(),
  }),
});
export type PublicAppointmentTypeDto = z.infer<typeof publicAppointmentTypeDto>;
export const publicAppointmentTypeListDto = z.object({ items: z.array(publicAppointmentTypeDto) });
export type PublicAppointmentTypeListDto = z.infer<typeof publicAppointmentTypeListDto>;

// ---- availability: weekly working hours per studio, and dated exceptions

/** `PUT /api/availability/{instructorId}/weekly`: the instructor's week at each studio (studio's time zone). */
export const weeklyAvailabilityBody = z.object({
  studios: z
    .array(z.object({ studioId: objectIdSchema, hours: weekRangesSchema }))
    .max(100, 'At most 100 studios')
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        if (seen.has(row.studioId))
          ctx.addIssue({ code: 'custom', path: [index, 'studioId'], message: 'Each studio once' });
        seen.add(row.studioId);
      });
    }),
});
export type WeeklyAvailabilityBody = z.input<typeof weeklyAvailabilityBody>;

export const AVAILABILITY_EXCEPTION_KINDS = ['off', 'extra'] as const;
export type AvailabilityExceptionKind = (typeof AVAILABILITY_EXCEPTION_KINDS)[number];

/**
 * `POST /api/availability/{instructorId}/exceptions`. `off`: time off on that date (all day when start
 * and end are null; at `studioId` only, or everywhere when null). `extra`: extra working hours at `studioId`.
 */
export const availabilityExceptionBody = z
  .object({
    date: localDateSchema,
    kind: z.enum(AVAILABILITY_EXCEPTION_KINDS, { error: 'Choose time off or extra hours' }),
    studioId: objectIdSchema.nullable().default(null),
    start: localTimeSchema.nullable().default(null),
    end: localTimeSchema.nullable().default(null),
    note: z.string().trim().max(200, 'Use at most 200 characters').nullable().default(null),
  })
  .superRefine((body, ctx) => {
    if ((body.start === null) !== (body.end === null))
      ctx.addIssue({
        code: 'custom',
        path: [body.start === null ? 'start' : 'end'],
        message: 'Enter both the start and the end, or neither for the whole day',
      });
    if (body.start !== null && body.end !== null && minutesOfDay(body.end) <= minutesOfDay(body.start))
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end must be after the start' });
    if (body.kind === 'extra') {
      if (body.studioId === null)
        ctx.addIssue({ code: 'custom', path: ['studioId'], message: 'Choose the studio of the extra hours' });
      if (body.start === null)
        ctx.addIssue({ code: 'custom', path: ['start'], message: 'Enter when the extra hours start' });
    }
  });
export type AvailabilityExceptionBody = z.input<typeof availabilityExceptionBody>;

export const availabilityParams = z.object({ instructorId: objectIdSchema });
export const availabilityExceptionParams = z.object({
  instructorId: objectIdSchema,
  exceptionId: objectIdSchema,
});

export const availabilityExceptionDto = z.object({
  id: z.string(),
  date: z.string(),
  kind: z.enum(AVAILABILITY_EXCEPTION_KINDS),
  studioId: z.string().nullable(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  note: z.string().nullable(),
});
export type AvailabilityExceptionDto = z.infer<typeof availabilityExceptionDto>;

/** `GET /api/availability/{instructorId}`: the week per studio and the exceptions from today on. */
export const availabilityDto = z.object({
  instructorId: z.string(),
  instructorName: z.string(),
  weekly: z.array(z.object({ studioId: z.string(), hours: weekRangesDto })),
  exceptions: z.array(availabilityExceptionDto),
});
export type AvailabilityDto = z.infer<typeof availabilityDto>;

/** `GET /api/availability`: each instructor the asker may see (managers: all; an instructor: themselves), by name. */
export const availabilityListDto = z.object({ items: z.array(availabilityDto) });
export type AvailabilityListDto = z.infer<typeof availabilityListDto>;

// ---- free slots

/**
 * `GET /api/appointment-slots` (signed in) and `GET /api/public/{company}/appointment-slots` (the widget):
 * free slots of one type from `from` to `to` (local dates of the studios, inclusive), for one instructor
 * or anyone who offers it, at one studio or all of the type's.
 */
export const appointmentSlotsQuery = z
  .object({
    appointmentTypeId: objectIdSchema,
    instructorId: objectIdSchema.optional(),
    studioId: objectIdSchema.optional(),
    from: localDateSchema,
    to: localDateSchema,
  })
  .superRefine((query, ctx) => {
    if (query.to < query.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start' });
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
    if (days >= MAX_SLOT_RANGE_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Ask for at most ${MAX_SLOT_RANGE_DAYS} days at once`,
      });
  });
export type AppointmentSlotsQuery = z.infer<typeof appointmentSlotsQuery>;

export const appointmentSlotDto = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  /** The slot's date and time on its studio's clock ("2026-11-30", "09:30"). */
  localDate: z.string(),
  localTime: z.string(),
  instructorId: z.string(),
  instructorName: z.string(),
  studioId: z.string(),
  studioName: z.string(),
  timeZone: z.string(),
  /** Places left: the type's maxAttendees, or fewer when a semi-private session there has clients. */
  placesLeft: z.number().int(),
  /** The semi-private session already booked at this time that a new client joins; null: a new one. */
  appointmentId: z.string().nullable(),
});
export type AppointmentSlotDto = z.infer<typeof appointmentSlotDto>;
export const appointmentSlotListDto = z.object({ items: z.array(appointmentSlotDto) });
export type AppointmentSlotListDto = z.infer<typeof appointmentSlotListDto>;

// ---- booking

/**
 * `POST /api/appointments` (with an optional `Idempotency-Key`): book one slot. `instructorId` null =
 * anyone who offers the type and is free then. A client books for themselves; the team names `clientId`.
 * Payment as for classes: a package the client holds (`clientPackageId`), or `payWith: 'drop-in'`.
 */
export const bookAppointmentBody = z.object({
  appointmentTypeId: objectIdSchema,
  instructorId: objectIdSchema.nullable().default(null),
  studioId: objectIdSchema,
  startsAt: z.iso.datetime({ offset: true, error: 'Choose a time (ISO 8601)' }),
  clientId: objectIdSchema.optional(),
  clientPackageId: objectIdSchema.nullish(),
  payWith: z.enum(['drop-in'], { error: 'Choose drop-in or leave it out' }).nullish(),
  overrideWaiver: z.boolean({ error: 'Choose whether to book without the signed waiver' }).optional(),
  notes: z.string().trim().max(2000, 'Use at most 2,000 characters').nullable().default(null),
});
export type BookAppointmentBody = z.input<typeof bookAppointmentBody>;

/** `GET /api/appointment-types/{id}/payment-options?startsAt=&studioId=`: what a booking would pay with. */
export const appointmentPaymentOptionsQuery = z.object({
  startsAt: z.iso.datetime({ offset: true, error: 'Choose a time (ISO 8601)' }),
  studioId: objectIdSchema,
  clientId: objectIdSchema.optional(),
});
export const appointmentPaymentOptionsDto = paymentOptionsDto;

/** An appointment as the team sees it on the appointment calendar. */
export const appointmentDto = z.object({
  /** The class instance id (kind `appointment`). */
  id: z.string(),
  appointmentTypeId: z.string(),
  typeName: z.string(),
  instructorId: z.string(),
  instructorName: z.string(),
  studioId: z.string(),
  studioName: z.string(),
  roomId: z.string().nullable(),
  roomName: z.string().nullable(),
  timeZone: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  bufferBeforeMinutes: z.number().int(),
  bufferAfterMinutes: z.number().int(),
  capacity: z.number().int(),
  bookedCount: z.number().int(),
  status: z.enum(['scheduled', 'cancelled']),
  notes: z.string().nullable(),
  attendees: z.array(
    z.object({
      bookingId: z.string(),
      clientId: z.string(),
      clientName: z.string(),
      status: bookingDto.shape.status,
      paidWith: z.string(),
    }),
  ),
});
export type AppointmentDto = z.infer<typeof appointmentDto>;

/** `POST /api/appointments` answer: the appointment and the client's booking in it. */
export const bookedAppointmentDto = z.object({ appointment: appointmentDto, booking: bookingDto });
export type BookedAppointmentDto = z.infer<typeof bookedAppointmentDto>;

/** `GET /api/appointments?from&to&instructorId&studioId` (local dates, inclusive; at most 42 days). */
export const appointmentListQuery = z
  .object({
    from: localDateSchema,
    to: localDateSchema,
    instructorId: objectIdSchema.optional(),
    studioId: objectIdSchema.optional(),
    includeCancelled: z.enum(['true', 'false']).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.to < query.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start' });
    if ((Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 >= MAX_SLOT_RANGE_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Ask for at most ${MAX_SLOT_RANGE_DAYS} days at once`,
      });
  });
export type AppointmentListQuery = z.infer<typeof appointmentListQuery>;
export const appointmentListDto = z.object({ items: z.array(appointmentDto) });
export type AppointmentListDto = z.infer<typeof appointmentListDto>;

export const appointmentParams = z.object({ appointmentId: objectIdSchema });
