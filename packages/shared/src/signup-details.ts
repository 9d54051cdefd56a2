import { z } from 'zod';
import { addressDto, addressSchema } from './company.ts';
import { AGE_VALUES, ageLabel, normaliseAgeValue, type AgeValue } from './constants/age-ranges.ts';
import { RACE_ETHNICITY_OPTIONS, RACE_ETHNICITY_VALUES, INDUSTRY_OPTIONS, INDUSTRY_VALUES } from './constants/demographics.ts';
import {
  INCOME_BAND_TO_120K_OPTIONS,
  INCOME_BAND_TO_120K_VALUES,
  INCOME_BAND_TO_200K_OPTIONS,
  INCOME_BAND_TO_200K_VALUES,
} from './constants/income-bands.ts';
import { labelOf, toOptions } from './constants/option.ts';
import { PLANNING_UNIT_OPTIONS, PLANNING_UNIT_VALUES } from './constants/planning-units.ts';
import { objectIdSchema, phoneSchema } from './validators.ts';

/**
 * Client sign-up details (spec §2 `client-signup/edit/{clientSignupId}`, §3 `clientSignupDetailsId`):
 * what a studio asks a new client, every answer optional. The §9 answers are stored as the spec's keys
 * (null = not answered); screens show them through the shared option lists, never the keys.
 */

/** "How did you hear about us": our own short list (the spec has none), with an optional line of detail. */
export const HEARD_ABOUT_VALUES = ['friend', 'social_media', 'search', 'passed_by', 'event', 'other'] as const;
export type HeardAbout = (typeof HEARD_ABOUT_VALUES)[number];
export const HEARD_ABOUT_OPTIONS = toOptions<HeardAbout>(HEARD_ABOUT_VALUES, {
  friend: 'A friend or family member',
  social_media: 'Social media',
  search: 'A web search',
  passed_by: 'Walked or drove past',
  event: 'An event',
  other: 'Somewhere else',
});

/** The earliest birth date accepted: anything before is a typing slip, not a client. */
export const EARLIEST_BIRTH_DATE = '1900-01-01';

/** Today's date where the day has already begun (UTC+14), so nobody's real birthday is "in the future". */
export function latestBirthDate(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
function isCalendarDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const birthDateSchema = z
  .string({ error: 'Enter the birth date as a date' })
  .trim()
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .superRefine((value, context) => {
    if (value === null) return;
    if (!isCalendarDay(value)) context.addIssue({ code: 'custom', message: 'Enter a real date (YYYY-MM-DD)' });
    else if (value < EARLIEST_BIRTH_DATE) context.addIssue({ code: 'custom', message: 'Enter a birth date after 1900' });
    else if (value > latestBirthDate()) context.addIssue({ code: 'custom', message: 'A birth date cannot be in the future' });
  });

const optionalText = (max: number) =>
  z
    .string({ error: 'Enter text' })
    .trim()
    .max(max, `Use at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .transform((value) => value ?? null);

/** One of a list's keys, or null (not answered); a key not on the list names the question in the 400. */
const choice = <Values extends readonly [string, ...string[]]>(values: Values, what: string) =>
  z
    .enum(values, { error: `Choose one of the listed ${what}` })
    .nullable()
    .optional()
    .transform((value) => value ?? null);

export const signupDetailsBody = z.object({
  birthDate: birthDateSchema.optional().transform((value) => value ?? null),
  address: addressSchema.optional(),
  emergencyContactName: optionalText(120),
  emergencyContactPhone: phoneSchema
    .transform((value) => value || null)
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  heardAbout: choice(HEARD_ABOUT_VALUES, 'answers'),
  heardAboutDetail: optionalText(200),
  neighborhood: optionalText(100),
  planningUnit: choice(PLANNING_UNIT_VALUES, 'planning units'),
  // The spec's duplicate `<45-54` is accepted and stored as `45-54` (docs/decisions/option-lists.md).
  age: z
    .enum([...AGE_VALUES, '<45-54'], { error: 'Choose one of the listed age ranges' })
    .nullable()
    .optional()
    .transform((value) => (value == null ? null : (normaliseAgeValue(value) as AgeValue))),
  raceEthnicity: choice(RACE_ETHNICITY_VALUES, 'answers'),
  industry: choice(INDUSTRY_VALUES, 'industries'),
  incomeBandTo200k: choice(INCOME_BAND_TO_200K_VALUES, 'income bands'),
  incomeBandTo120k: choice(INCOME_BAND_TO_120K_VALUES, 'income bands'),
  /** Left out: the home studio stays as it is (set once from `{widgetStudioId}/client-signup`). */
  homeStudioId: objectIdSchema.nullable().optional(),
  /** The client preference `marketing` (Settings › Notifications); left out, it stays as it is. */
  marketingEmails: z.boolean({ error: 'Say yes or no to news and offers' }).optional(),
});
export type SignupDetailsBody = z.input<typeof signupDetailsBody>;
export type SignupDetailsValues = z.output<typeof signupDetailsBody>;

/** The keyed answers and their labels: what is shown, computed from the shared lists. */
export const SIGNUP_DETAILS_CHOICES = [
  'heardAbout',
  'planningUnit',
  'age',
  'raceEthnicity',
  'industry',
  'incomeBandTo200k',
  'incomeBandTo120k',
] as const;
export type SignupDetailsChoice = (typeof SIGNUP_DETAILS_CHOICES)[number];

export const signupDetailsDto = z.object({
  /** Null until the client first saves (the id is the client's own: one record per client). */
  id: objectIdSchema.nullable(),
  clientId: objectIdSchema,
  birthDate: z.string().nullable(),
  address: addressDto,
  emergencyContactName: z.string().nullable(),
  emergencyContactPhone: z.string().nullable(),
  heardAbout: z.string().nullable(),
  heardAboutDetail: z.string().nullable(),
  neighborhood: z.string().nullable(),
  planningUnit: z.string().nullable(),
  age: z.string().nullable(),
  raceEthnicity: z.string().nullable(),
  industry: z.string().nullable(),
  incomeBandTo200k: z.string().nullable(),
  incomeBandTo120k: z.string().nullable(),
  homeStudioId: z.string().nullable(),
  homeStudioName: z.string().nullable(),
  marketingEmails: z.boolean(),
  labels: z.object(
    Object.fromEntries(SIGNUP_DETAILS_CHOICES.map((name) => [name, z.string().nullable()])) as Record<
      SignupDetailsChoice,
      z.ZodNullable<z.ZodString>
    >,
  ),
  updatedAt: z.string().nullable(),
});
export type SignupDetailsDto = z.infer<typeof signupDetailsDto>;

export const clientSignupDetailsParams = z.object({ clientId: objectIdSchema });

const LABELLERS: Record<SignupDetailsChoice, (value: string) => string> = {
  heardAbout: (value) => labelOf(HEARD_ABOUT_OPTIONS, value),
  planningUnit: (value) => labelOf(PLANNING_UNIT_OPTIONS, value),
  age: (value) => ageLabel(value),
  raceEthnicity: (value) => labelOf(RACE_ETHNICITY_OPTIONS, value),
  industry: (value) => labelOf(INDUSTRY_OPTIONS, value),
  incomeBandTo200k: (value) => labelOf(INCOME_BAND_TO_200K_OPTIONS, value),
  incomeBandTo120k: (value) => labelOf(INCOME_BAND_TO_120K_OPTIONS, value),
};

/** The label a person reads for an answer (null when not answered); unknown keys show as themselves. */
export function signupDetailsLabel(name: SignupDetailsChoice, value: string | null | undefined): string | null {
  return value == null ? null : LABELLERS[name](value);
}

export function signupDetailsLabels(answers: Record<SignupDetailsChoice, string | null>) {
  return Object.fromEntries(
    SIGNUP_DETAILS_CHOICES.map((name) => [name, signupDetailsLabel(name, answers[name])]),
  ) as Record<SignupDetailsChoice, string | null>;
}

/** `GET /api/public/{company}/studios/{studioId}`: the studio a widget sign-up page names. */
export const widgetStudioParams = z.object({
  company: z.string().trim().min(1, 'Name the company').max(60, 'That is not a company address'),
  studioId: objectIdSchema,
});
export const widgetStudioDto = z.object({ id: z.string(), name: z.string() });
export type WidgetStudioDto = z.infer<typeof widgetStudioDto>;
