import { z } from 'zod';
import { wholeNumberField } from './whole-number.ts';

/** Money in minor units (cents): at most 1,000,000.00 in any currency we offer. */
export const MAX_FEE_MINOR = 100_000_000;

export const WAITLIST_MODES = ['auto', 'offer'] as const;
export const waitlistModeSchema = z.enum(WAITLIST_MODES, { error: 'Choose automatic promotion or offers' });

/**
 * The booking policy (spec "classesSettings", Sessions Settings). Every time is counted back from a
 * class's start.
 */
export const SESSION_SETTINGS_DEFAULTS = {
  bookingOpensDaysBefore: 14,
  bookingClosesMinutesBefore: 0,
  freeCancellationHoursBefore: 12,
  lateCancelFee: 0,
  noShowFee: 0,
  waitlistEnabled: true,
  waitlistMode: 'offer',
  offerHoldMinutes: 30,
  waitlistCutoffMinutesBefore: 60,
  // Twenty is about one class's worth of late cancellations at a busy studio; a longer list only
  // sends offers nobody can still accept.
  maxWaitlistLength: 20,
  checkInOpensMinutesBefore: 60,
} as const satisfies SessionSettingsDto;

export const sessionSettingsBody = z.object({
  bookingOpensDaysBefore: wholeNumberField({
    max: 365,
    tooBig: 'Booking can open at most 365 days ahead',
    required: 'Enter how many days ahead booking opens',
  }),
  bookingClosesMinutesBefore: wholeNumberField({
    max: 10_080,
    tooBig: 'Booking can close at most 10,080 minutes (7 days) before the start',
    required: 'Enter how many minutes before the start booking closes (0 = at the start)',
  }),
  freeCancellationHoursBefore: wholeNumberField({
    max: 720,
    tooBig: 'Free cancellation can end at most 720 hours (30 days) before the start',
    required: 'Enter until how many hours before the start cancelling is free',
  }),
  lateCancelFee: wholeNumberField({
    max: MAX_FEE_MINOR,
    tooBig: 'A fee can be at most 1,000,000.00',
    empty: 0,
  }),
  noShowFee: wholeNumberField({ max: MAX_FEE_MINOR, tooBig: 'A fee can be at most 1,000,000.00', empty: 0 }),
  waitlistEnabled: z.boolean({ error: 'Choose whether classes have a waitlist' }),
  waitlistMode: waitlistModeSchema,
  offerHoldMinutes: wholeNumberField({
    min: 1,
    tooSmall: 'An offer must be held at least 1 minute',
    max: 1440,
    tooBig: 'An offer can be held at most 1,440 minutes (24 hours)',
    required: 'Enter how many minutes an offered place is held',
  }),
  waitlistCutoffMinutesBefore: wholeNumberField({
    max: 10_080,
    tooBig: 'The waitlist cut-off can be at most 10,080 minutes (7 days) before the start',
    required: 'Enter how many minutes before the start the waitlist stops',
  }),
  /** Empty = no limit. */
  maxWaitlistLength: wholeNumberField({
    min: 1,
    tooSmall: 'A waitlist needs room for at least 1 person (leave empty for no limit)',
    max: 1000,
    tooBig: 'A waitlist can hold at most 1,000 people',
  }),
  checkInOpensMinutesBefore: wholeNumberField({
    max: 1440,
    tooBig: 'Check-in can open at most 1,440 minutes (24 hours) before the start',
    required: 'Enter how many minutes before the start check-in opens',
  }),
});
export type SessionSettingsBody = z.input<typeof sessionSettingsBody>;
export type SessionSettingsValues = z.output<typeof sessionSettingsBody>;

export const sessionSettingsDto = z.object({
  bookingOpensDaysBefore: z.number().int(),
  bookingClosesMinutesBefore: z.number().int(),
  freeCancellationHoursBefore: z.number().int(),
  lateCancelFee: z.number().int(),
  noShowFee: z.number().int(),
  waitlistEnabled: z.boolean(),
  waitlistMode: waitlistModeSchema,
  offerHoldMinutes: z.number().int(),
  waitlistCutoffMinutesBefore: z.number().int(),
  maxWaitlistLength: z.number().int().nullable(),
  checkInOpensMinutesBefore: z.number().int(),
});
export type SessionSettingsDto = z.infer<typeof sessionSettingsDto>;

/**
 * Class reminders go this many hours before the start (issue 11). Company-wide, so not one of the rules
 * above, which a series may override: a reminder is the studio's voice, not a class's policy.
 */
export const REMINDER_HOURS_DEFAULT = 24;
export const reminderHoursField = wholeNumberField({
  min: 1,
  tooSmall: 'A reminder goes at least 1 hour before the class',
  max: 168,
  tooBig: 'A reminder can go at most 168 hours (7 days) before the class',
  required: 'Enter how many hours before a class its reminder goes',
});

/**
 * PUT /settings/sessions: the rules and the reminder time. A body without `reminderHoursBefore` keeps
 * the saved one (the default until saved), so callers written before it still save the rules.
 */
export const saveSessionSettingsBody = sessionSettingsBody.extend({
  reminderHoursBefore: reminderHoursField.optional(),
});
export type SaveSessionSettingsBody = z.input<typeof saveSessionSettingsBody>;
export type SaveSessionSettingsValues = z.output<typeof saveSessionSettingsBody>;

/** GET answers the saved rules, or the defaults with `saved: false` until the owner saves once. */
export const sessionSettingsAnswer = sessionSettingsDto.extend({
  reminderHoursBefore: z.number().int(),
  saved: z.boolean(),
  currency: z.string(),
});
export type SessionSettingsAnswer = z.infer<typeof sessionSettingsAnswer>;
