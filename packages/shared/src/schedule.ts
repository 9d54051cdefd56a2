import { z } from 'zod';
import { listOf, pageQuery } from './paging.ts';
import { sessionSettingsBody, sessionSettingsDto } from './session-settings.ts';
import { localTimeSchema, minutesOfDay, weekdaySchema, WEEKDAYS } from './time-ranges.ts';
import { objectIdSchema } from './validators.ts';
import { MAX_ROOM_CAPACITY } from './studios.ts';
import { MAX_FEE_MINOR } from './session-settings.ts';

/**
 * The schedule (issue 8): a fitness session is the series (template, place, people, rule, price); its
 * class instances are the dated occurrences, stored as rows, expanded in the studio's time zone.
 */

/** At most this many occurrences in one schedule (a daily class for almost three years). */
export const MAX_OCCURRENCES = 1000;
/** Class instances are kept generated this many weeks ahead; a daily job extends the horizon. */
export const HORIZON_WEEKS = 12;
/** The longest span `GET /api/class-instances` answers in one request. */
export const MAX_RANGE_DAYS = 92;

export const SCHEDULE_SCOPES = ['one', 'following', 'all'] as const;
export const scheduleScopeSchema = z.enum(SCHEDULE_SCOPES, {
  error: 'Choose this class only, this and following, or all',
});
export type ScheduleScope = z.infer<typeof scheduleScopeSchema>;

export const CLASS_STATUSES = ['scheduled', 'cancelled'] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];

const LOCAL_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A calendar date "YYYY-MM-DD" on the studio's wall calendar. */
export const localDateSchema = z
  .string({ error: 'Enter a date as YYYY-MM-DD' })
  .regex(LOCAL_DATE, { error: 'Enter a date as YYYY-MM-DD' })
  .refine((value) => {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'That date does not exist');

const startTimeSchema = localTimeSchema.refine((value) => minutesOfDay(value) < 24 * 60, {
  error: 'A class starts at 23:59 at the latest',
});

export const scheduleRuleSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('once'), date: localDateSchema }),
    z
      .object({
        kind: z.literal('weekly'),
        weekdays: z
          .array(weekdaySchema)
          .min(1, 'Choose at least one day of the week')
          .max(7)
          .transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
        everyWeeks: z
          .number({ error: 'Enter every how many weeks' })
          .int('Use a whole number of weeks')
          .min(1, 'Repeat at least every week')
          .max(52, 'Repeat at most every 52 weeks'),
        startDate: localDateSchema,
        /** The last date a class may fall on; or `count`. */
        endDate: localDateSchema.nullable().default(null),
        count: z
          .number({ error: 'Enter how many classes' })
          .int('Use a whole number of classes')
          .min(1, 'Schedule at least 1 class')
          .max(MAX_OCCURRENCES, `A schedule holds at most ${MAX_OCCURRENCES} classes`)
          .nullable()
          .default(null),
      })
      .superRefine((rule, ctx) => {
        if (rule.endDate === null && rule.count === null)
          ctx.addIssue({
            code: 'custom',
            path: ['endDate'],
            message: 'Choose an end date or a number of classes',
          });
        if (rule.endDate !== null && rule.count !== null)
          ctx.addIssue({
            code: 'custom',
            path: ['count'],
            message: 'Choose an end date or a number of classes, not both',
          });
        if (rule.endDate !== null && rule.endDate < rule.startDate)
          ctx.addIssue({
            code: 'custom',
            path: ['endDate'],
            message: 'The end date is before the start date',
          });
      }),
  ],
  { error: 'Choose one date or weekly' },
);
export type ScheduleRule = z.output<typeof scheduleRuleSchema>;

/** The rule as answered (no transforms: response schemas only encode). */
export const scheduleRuleDto = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('once'), date: z.string() }),
  z.object({
    kind: z.literal('weekly'),
    weekdays: z.array(weekdaySchema),
    everyWeeks: z.number(),
    startDate: z.string(),
    endDate: z.string().nullable(),
    count: z.number().nullable(),
  }),
]);
export type ScheduleRuleInput = z.input<typeof scheduleRuleSchema>;

/**
 * Any Sessions Settings field a series may set differently from the company's rules, within the same
 * bounds as Sessions Settings (a negative fee or a 0-minute hold is refused naming the field).
 */
export const ruleOverridesSchema = sessionSettingsBody.partial();
/** The overrides as answered (no transforms: response schemas only encode). */
export const ruleOverridesDto = sessionSettingsDto.partial();
export type RuleOverrides = z.infer<typeof ruleOverridesDto>;

const optionalId = objectIdSchema.nullable().default(null);

/** `POST /api/fitness-sessions`: a class series. Capacity and price default to the template's. */
export const fitnessSessionBody = z.object({
  templateId: objectIdSchema,
  studioId: objectIdSchema,
  roomId: optionalId,
  instructorId: objectIdSchema,
  assistantId: optionalId,
  capacity: z
    .number({ error: 'Enter how many places the class has' })
    .int('Use a whole number of places')
    .min(1, 'A class needs at least 1 place')
    .max(MAX_ROOM_CAPACITY, `A class has at most ${MAX_ROOM_CAPACITY} places`)
    .nullable()
    .default(null),
  dropInPrice: z
    .number({ error: 'Enter the drop-in price' })
    .int('Use minor units (cents)')
    .min(0, 'A price cannot be negative')
    .max(MAX_FEE_MINOR, 'A price can be at most 1,000,000.00')
    .nullable()
    .default(null),
  ruleOverrides: ruleOverridesSchema.nullable().default(null),
  schedule: scheduleRuleSchema,
  startTime: startTimeSchema,
  durationMinutes: z
    .number({ error: 'Enter how many minutes the class lasts' })
    .int('Use whole minutes')
    .min(1, 'A class lasts at least 1 minute')
    .max(24 * 60, 'A class lasts at most 1,440 minutes (24 hours)'),
  /** The owner confirmed a deliberate double-booking of the room. */
  allowRoomOverlap: z.boolean().default(false),
  notes: z.string().trim().max(2000, 'Use at most 2,000 characters').nullable().default(null),
});
export type FitnessSessionBody = z.input<typeof fitnessSessionBody>;
export type FitnessSessionValues = z.output<typeof fitnessSessionBody>;

export const fitnessSessionParams = z.object({ fitnessSessionId: objectIdSchema });
export const classInstanceParams = z.object({ classInstanceId: objectIdSchema });

/** `PUT /api/fitness-sessions/{id}`: the new series values, applied from `classInstanceId` in `scope`. */
export const editFitnessSessionBody = fitnessSessionBody.extend({
  scope: scheduleScopeSchema,
  classInstanceId: objectIdSchema,
});
export type EditFitnessSessionBody = z.input<typeof editFitnessSessionBody>;

/** `DELETE /api/fitness-sessions/{id}?scope&classInstanceId`. */
export const deleteFitnessSessionQuery = z.object({
  scope: scheduleScopeSchema,
  classInstanceId: objectIdSchema,
});

export const fitnessSessionDto = z.object({
  id: z.string(),
  templateId: z.string(),
  studioId: z.string(),
  roomId: z.string().nullable(),
  instructorId: z.string(),
  assistantId: z.string().nullable(),
  capacity: z.number(),
  dropInPrice: z.number(),
  ruleOverrides: ruleOverridesDto.nullable(),
  schedule: scheduleRuleDto,
  startTime: z.string(),
  durationMinutes: z.number(),
  allowRoomOverlap: z.boolean(),
  notes: z.string().nullable(),
  timeZone: z.string(),
  /** Class instances exist up to this local date; the daily job moves it on. */
  generatedUntil: z.string(),
  /**
   * The last local date this series has classes on when "this and following" split it or a delete ended
   * it (its later classes belong to the series that followed, or were removed); null while open. Edits
   * never go past it. Always sent; optional in the type only so older fixtures still compile.
   */
  endedAfter: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FitnessSessionDto = z.infer<typeof fitnessSessionDto>;

/** One dated class, with what the calendar shows beside it. */
export const classInstanceDto = z.object({
  id: z.string(),
  fitnessSessionId: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  colour: z.string().nullable(),
  studioId: z.string(),
  studioName: z.string(),
  roomId: z.string().nullable(),
  roomName: z.string().nullable(),
  instructorId: z.string(),
  instructorName: z.string(),
  assistantId: z.string().nullable(),
  assistantName: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  capacity: z.number(),
  bookedCount: z.number(),
  waitlistCount: z.number(),
  status: z.enum(CLASS_STATUSES),
  notes: z.string().nullable(),
  /**
   * Set on an event's date (kind 'event'), which has no series, template or instructor: `templateName`
   * is the event's title, `instructorName` its facilitators. Only the single-instance reads (details, the
   * client's bookings) carry event dates; absent or null for a class.
   */
  eventId: z.string().nullable().optional(),
  /** An event's own address when it is not held at the studio. */
  address: z.string().nullable().optional(),
  /**
   * Set on an appointment (kind 'appointment', issue 17): `templateName` is its type's name and it has
   * no series or template (both ''). Only the single-instance reads (the client's bookings, cancel) carry
   * appointments; absent or null for a class or an event's date.
   */
  appointmentTypeId: z.string().nullable().optional(),
});
export type ClassInstanceDto = z.infer<typeof classInstanceDto>;

/** The full class page: the instance plus its series' description, price and rules. */
export const classInstanceDetailsDto = classInstanceDto.extend({
  description: z.string().nullable(),
  dropInPrice: z.number(),
  currency: z.string(),
  rules: sessionSettingsDto,
  /** The class's series; null for an event's date (events have dates, not a repeating series). */
  series: fitnessSessionDto.pick({ schedule: true, startTime: true, durationMinutes: true }).nullable(),
  /** Why the studio cancelled it (shown to the team and clients); null when not given or not cancelled. */
  cancelReason: z.string().nullable().optional(),
});
export type ClassInstanceDetailsDto = z.infer<typeof classInstanceDetailsDto>;

const instant = z.iso.datetime({
  offset: true,
  error: 'Use an ISO date and time, e.g. 2026-11-23T00:00:00Z',
});

const filters = {
  studioId: objectIdSchema.optional(),
  instructorId: objectIdSchema.optional(),
  templateId: objectIdSchema.optional(),
};

/** `GET /api/class-instances?from&to&...`: the classes starting in [from, to), at most 92 days. */
export const classInstancesQuery = z
  .object({ from: instant, to: instant, ...filters })
  .superRefine((query, ctx) => {
    const from = Date.parse(query.from);
    const to = Date.parse(query.to);
    if (from >= to) ctx.addIssue({ code: 'custom', path: ['to'], message: '`to` must be after `from`' });
    else if (to - from > MAX_RANGE_DAYS * 86_400_000)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Ask for at most ${MAX_RANGE_DAYS} days at a time`,
      });
  });
export type ClassInstancesQuery = z.infer<typeof classInstancesQuery>;

export const classInstanceListDto = z.object({ items: z.array(classInstanceDto) });
export type ClassInstanceListDto = z.infer<typeof classInstanceListDto>;

/** `GET /api/classes`: the Classes page, upcoming (soonest first) or past (latest first), paged. */
export const classesQuery = pageQuery.extend({
  when: z.enum(['upcoming', 'past'], { error: 'Choose upcoming or past' }).default('upcoming'),
  q: z.string().trim().max(100, 'Search with at most 100 characters').optional(),
  ...filters,
});
export type ClassesQuery = z.infer<typeof classesQuery>;
export const classesListDto = listOf(classInstanceDto);
export type ClassesListDto = z.infer<typeof classesListDto>;

/** `PUT /api/class-instances/{id}/instructor`: a substitute for one class. */
export const substituteBody = z.object({ instructorId: objectIdSchema });

/** `POST /api/class-instances/{id}/cancel`. */
export const cancelClassBody = z.object({
  reason: z.string().trim().max(500, 'Use at most 500 characters').nullable().default(null),
});

export const weekdayOfDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // 1970-01-05 was a Monday.
  const days = Math.round(Date.UTC(y, m - 1, d) / 86_400_000) - 4;
  return WEEKDAYS[((days % 7) + 7) % 7] as (typeof WEEKDAYS)[number];
};
