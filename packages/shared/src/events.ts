import { z } from 'zod';
import { eventCategorySchema } from './constants/event-categories.ts';
import { EVENT_CATEGORY_IDS } from './constants/event-category-labels.ts';
import { templateImageSchema, MAX_CLASS_CAPACITY, MAX_CLASS_DURATION_MINUTES } from './class-templates.ts';
import { listOf, pageQuery } from './paging.ts';
import { MAX_FEE_MINOR } from './session-settings.ts';
import { objectIdSchema } from './validators.ts';
import { wholeNumberField } from './whole-number.ts';

/** Who may find an event: `public` is listed; `unlisted` is reached by its link only. */
export const EVENT_VISIBILITIES = ['public', 'unlisted'] as const;
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number];

export const MAX_EVENT_DATES = 52;

export const eventParams = z.object({ eventId: objectIdSchema });
export const eventDateParams = z.object({ eventId: objectIdSchema, classInstanceId: objectIdSchema });

const instant = z.iso.datetime({
  offset: true,
  error: 'Use an ISO date and time, e.g. 2026-11-23T18:00:00Z',
});

const dateCapacity = wholeNumberField({
  min: 1,
  tooSmall: 'A date has room for at least 1 person',
  max: MAX_CLASS_CAPACITY,
  tooBig: `A date holds at most ${MAX_CLASS_CAPACITY.toLocaleString('en-US')} people`,
  required: 'Enter how many people the date holds',
});

/**
 * One date of an event: when it starts, how long it lasts, and its own places when they differ from the
 * event's (absent: the event's capacity, and it follows the event's later changes).
 */
export const eventDateBody = z.object({
  startsAt: instant,
  durationMinutes: wholeNumberField({
    min: 5,
    tooSmall: 'An event lasts at least 5 minutes',
    max: MAX_CLASS_DURATION_MINUTES,
    tooBig: 'An event date lasts at most 1,440 minutes (24 hours)',
    required: 'Enter how many minutes the event lasts',
  }),
  capacity: dateCapacity.optional(),
});
export type EventDateBody = z.input<typeof eventDateBody>;

/** `PUT /api/events/{eventId}/dates/{classInstanceId}`: move a date, or change its places (never below those taken). */
export const eventDateUpdateBody = eventDateBody;

/** `POST /api/events` and `PUT /api/events/{eventId}` (dates are sent on create only; later through /dates). */
export const eventBody = z.object({
  title: z
    .string({ error: 'Name the event' })
    .trim()
    .min(2, 'Name the event')
    .max(120, 'Use at most 120 characters'),
  category: z.enum(EVENT_CATEGORY_IDS, { error: 'Choose one of the event categories' }),
  description: z
    .string({ error: 'Describe the event' })
    .trim()
    .max(5000, 'Use at most 5,000 characters')
    .transform((value) => value || null)
    .nullable()
    .default(null),
  image: templateImageSchema.nullable().default(null),
  studioId: objectIdSchema,
  address: z
    .string({ error: 'Write the address' })
    .trim()
    .max(300, 'Use at most 300 characters')
    .transform((value) => value || null)
    .nullable()
    .default(null),
  capacity: wholeNumberField({
    min: 1,
    tooSmall: 'An event has room for at least 1 person',
    max: MAX_CLASS_CAPACITY,
    tooBig: `An event holds at most ${MAX_CLASS_CAPACITY.toLocaleString('en-US')} people`,
    required: 'Enter how many people the event holds',
  }),
  /** Minor units of the company currency; empty = free. */
  price: wholeNumberField({ max: MAX_FEE_MINOR, tooBig: 'A price can be at most 1,000,000.00', empty: 0 }),
  facilitatorIds: z.array(objectIdSchema).max(20, 'Choose at most 20 facilitators').default([]),
  packageIds: z.array(objectIdSchema).max(50, 'Choose at most 50 packages').default([]),
  visibility: z.enum(EVENT_VISIBILITIES, { error: 'Choose public or unlisted' }).default('public'),
  waitlist: z.boolean({ error: 'Say whether the event has a waitlist' }).default(true),
});
export type EventBody = z.input<typeof eventBody>;
export type EventValues = z.output<typeof eventBody>;

export const createEventBody = eventBody.extend({
  dates: z
    .array(eventDateBody)
    .min(1, 'Add at least one date')
    .max(MAX_EVENT_DATES, `Add at most ${MAX_EVENT_DATES} dates`),
});
export type CreateEventBody = z.input<typeof createEventBody>;

export const eventDateDto = z.object({
  classInstanceId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number(),
  bookedCount: z.number(),
  waitlistCount: z.number(),
  placesLeft: z.number(),
  status: z.enum(['scheduled', 'cancelled']),
});
export type EventDateDto = z.infer<typeof eventDateDto>;

export const eventDto = z.object({
  id: z.string(),
  title: z.string(),
  category: eventCategorySchema,
  description: z.string().nullable(),
  image: z.string().nullable(),
  studioId: z.string(),
  studioName: z.string(),
  timeZone: z.string(),
  address: z.string().nullable(),
  capacity: z.number(),
  price: z.number(),
  currency: z.string(),
  facilitatorIds: z.array(z.string()),
  packageIds: z.array(z.string()),
  visibility: z.enum(EVENT_VISIBILITIES),
  waitlist: z.boolean(),
  dates: z.array(eventDateDto),
});
export type EventDto = z.infer<typeof eventDto>;

/** `GET /api/events`: upcoming (a date not yet started; soonest first) or past, by category. */
export const eventsQuery = pageQuery.extend({
  when: z.enum(['upcoming', 'past'], { error: 'Choose upcoming or past' }).default('upcoming'),
  category: z.enum(EVENT_CATEGORY_IDS, { error: 'Choose one of the event categories' }).optional(),
});
export type EventsQuery = z.infer<typeof eventsQuery>;
export const eventsListDto = listOf(eventDto);
export type EventsListDto = z.infer<typeof eventsListDto>;

/** `GET /api/public/{company}/events`: upcoming public events, by category. */
export const publicEventsQuery = pageQuery.extend({
  category: z.enum(EVENT_CATEGORY_IDS, { error: 'Choose one of the event categories' }).optional(),
});

/** What anyone may read of an event: no package or facilitator ids, only its scheduled future dates. */
export const publicEventDto = eventDto
  .omit({ packageIds: true, facilitatorIds: true, visibility: true })
  .extend({ facilitators: z.array(z.object({ id: z.string(), name: z.string() })) });
export type PublicEventDto = z.infer<typeof publicEventDto>;
export const publicEventsListDto = listOf(publicEventDto);

/** `GET /api/events/dates?from&to&studioId`: event dates starting in [from, to) for the admin calendar. */
export const eventDatesQuery = z
  .object({ from: instant, to: instant, studioId: objectIdSchema.optional() })
  .superRefine((query, ctx) => {
    const from = Date.parse(query.from);
    const to = Date.parse(query.to);
    if (from >= to) ctx.addIssue({ code: 'custom', path: ['to'], message: '`to` must be after `from`' });
    else if (to - from > 92 * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Ask for at most 92 days at a time' });
  });
export type EventDatesQuery = z.infer<typeof eventDatesQuery>;

/** Calendar colour of every event date (classes take their template's). */
export const EVENT_CALENDAR_COLOUR = '#c2255c';

export const calendarEventDateDto = eventDateDto.extend({
  eventId: z.string(),
  title: z.string(),
  category: eventCategorySchema,
  studioId: z.string(),
  studioName: z.string(),
  timeZone: z.string(),
});
export type CalendarEventDateDto = z.infer<typeof calendarEventDateDto>;
export const calendarEventDatesDto = z.object({ items: z.array(calendarEventDateDto) });
export type CalendarEventDatesDto = z.infer<typeof calendarEventDatesDto>;
