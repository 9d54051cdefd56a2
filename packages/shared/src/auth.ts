import { z } from 'zod';
import { hostTypeSchema, roleIdSchema } from './constants/role-schemas.ts';
import { objectIdSchema, phoneSchema } from './validators.ts';
import { onboardingStepSchema } from './onboarding.ts';
import { platformSessionDto } from './platform.ts';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_MESSAGES,
  EMAIL_PATTERN,
  LOGIN_PASSWORD_MAX_LENGTH,
  LOGIN_PASSWORD_MESSAGES,
  PASSWORD_RULE,
} from './login-form.ts';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, EMAIL_MESSAGES.missing)
  .max(EMAIL_MAX_LENGTH, EMAIL_MESSAGES.tooLong)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: EMAIL_MESSAGES.invalid }));

/** Length first (NIST 800-63B), plus one non-letter so a single dictionary word is not enough. */
export const newPasswordSchema = z
  .string()
  .min(10, PASSWORD_RULE)
  .max(200, 'Use at most 200 characters.')
  .refine((value) => /\p{L}/u.test(value) && /[^\p{L}]/u.test(value), PASSWORD_RULE);

const loginPasswordSchema = z
  .string()
  .min(1, LOGIN_PASSWORD_MESSAGES.missing)
  .max(LOGIN_PASSWORD_MAX_LENGTH, LOGIN_PASSWORD_MESSAGES.tooLong);

export const RESERVED_SLUGS = [
  'app',
  'login',
  'logout',
  'signup',
  'api',
  'widget',
  'admin',
  'staff',
  'instructor',
  'client',
  'clients',
  'solo-instructor',
  'solo-client',
  'uber',
  'platform',
  'forgotpassword',
  'resetpassword',
  'check-in',
  'checked-in',
  'dashboard',
  'assets',
  'uploads',
  'docs',
  'static',
  'www',
  'mail',
  'help',
  'support',
  'settings',
  'kinetic',
] as const;

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'Use at least 3 characters')
  .max(40, 'Use at most 40 characters')
  .regex(/^[a-z][a-z0-9-]*[a-z0-9]$/, 'Use lowercase letters, numbers and hyphens, starting with a letter')
  .refine((value) => !value.includes('--'), 'Do not use two hyphens in a row')
  .refine(
    (value) => !(RESERVED_SLUGS as readonly string[]).includes(value),
    'This address is reserved; choose another',
  );

/** An IANA zone, stored in its canonical spelling (`america/new_york` becomes `America/New_York`). */
export const timeZoneSchema = z
  .string()
  .min(1, 'Choose a time zone')
  .max(64, 'Choose a valid time zone')
  .transform((value, ctx) => {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Choose a valid time zone' });
      return z.NEVER;
    }
  });

/**
 * A person's name. Not a web address: a name is greeted in the studio's emails ("Hi …,"), and a public
 * sign-up must not turn the studio's welcome email into someone else's link.
 */
export const personNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(120, 'Use at most 120 characters')
  .refine((value) => !/:\/\/|\bwww\.|[<>]/i.test(value), 'Enter a name, not a web address');

// ---- checkCompany

export const checkCompanyBody = z.object({ company: z.string().trim().min(1).max(60), roleId: roleIdSchema });
export type CheckCompanyBody = z.infer<typeof checkCompanyBody>;
export const checkCompanyDto = z.object({
  companyId: objectIdSchema,
  companyName: z.string(),
  kind: z.enum(['company', 'solo']),
});
export type CheckCompanyDto = z.infer<typeof checkCompanyDto>;

// ---- login

export const loginBody = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
  /** The URL's role key; absent on the root /login. */
  roleId: roleIdSchema.optional(),
  /** From checkCompany on company pages, or the company chosen after the root login asked. */
  companyId: objectIdSchema.optional(),
  isSpecial: z.union([z.literal(0), z.literal(1)]).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** What the `user` cookie holds (spec §3). */
export const cookieUserDto = z.object({
  _id: objectIdSchema,
  companyId: objectIdSchema.nullable(),
  soloInstructorId: objectIdSchema.nullable(),
  clientSignupDetailsId: objectIdSchema.nullable(),
});
export type CookieUserDto = z.infer<typeof cookieUserDto>;

export const companySummaryDto = z.object({
  id: objectIdSchema,
  slug: z.string(),
  name: z.string(),
  kind: z.enum(['company', 'solo']),
});
export type CompanySummaryDto = z.infer<typeof companySummaryDto>;

export const sessionDto = z.object({
  token: z.string(),
  user: cookieUserDto,
  roleId: roleIdSchema,
  hostType: hostTypeSchema,
  company: companySummaryDto,
  onBoardingData: z.array(onboardingStepSchema),
  isSpecial: z.union([z.literal(0), z.literal(1)]),
});
export type SessionDto = z.infer<typeof sessionDto>;

export const chooseCompanyDto = z.object({
  chooseCompany: z.array(companySummaryDto),
});
export type ChooseCompanyDto = z.infer<typeof chooseCompanyDto>;

/** A company session, the businesses to choose from, or (root login only) a platform user's session. */
export const loginResultDto = z.union([sessionDto, chooseCompanyDto, platformSessionDto]);
export type LoginResultDto = z.infer<typeof loginResultDto>;

// ---- password reset

export const resetPasswordMailBody = z.object({
  email: emailSchema,
  companyId: objectIdSchema.optional(),
  roleId: roleIdSchema.optional(),
});
export type ResetPasswordMailBody = z.infer<typeof resetPasswordMailBody>;

export const passwordTokenValidateBody = z.object({ token: z.string().min(1).max(200) });
/** `invitation`: the first password of a login someone was invited to (the page says "Choose your password"). */
export const passwordTokenDto = z.object({
  email: z.string(),
  purpose: z.enum(['reset', 'invitation']),
  companyName: z.string(),
});
export type PasswordTokenDto = z.infer<typeof passwordTokenDto>;

const passwordPair = {
  password: newPasswordSchema,
  confirmPassword: z.string().min(1, 'Repeat the new password'),
};
const samePassword = (value: { password: string; confirmPassword: string }) =>
  value.password === value.confirmPassword;

export const resetPasswordBody = z
  .object({ token: z.string().min(1).max(200), ...passwordPair })
  .refine(samePassword, { message: 'The passwords do not match', path: ['confirmPassword'] });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
export const resetPasswordDto = z.object({
  companySlug: z.string().nullable(),
  roleId: roleIdSchema.nullable(),
});

/** `PUT /api/me`: the signed-in person's own name and phone (Account details, My account). */
export const updateMeBody = z.object({
  name: z.string().trim().min(2, 'Enter your name').max(120, 'Use at most 120 characters'),
  phone: phoneSchema,
});
export type UpdateMeBody = z.infer<typeof updateMeBody>;

export const authResetPasswordBody = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password').max(200),
    userId: objectIdSchema,
    companyId: objectIdSchema,
    ...passwordPair,
  })
  .refine(samePassword, { message: 'The passwords do not match', path: ['confirmPassword'] })
  .refine((value) => value.password !== value.currentPassword, {
    message: 'Choose a password different from the current one',
    path: ['password'],
  });
export type AuthResetPasswordBody = z.infer<typeof authResetPasswordBody>;

// ---- sign-up

export const companySignupBody = z.object({
  kind: z.enum(['company', 'solo']),
  companyName: z.string().trim().min(2, 'Enter the business name').max(120),
  slug: slugSchema,
  name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  timeZone: timeZoneSchema,
});
export type CompanySignupBody = z.infer<typeof companySignupBody>;

export const clientSignupBody = z.object({
  company: z.string().trim().min(1).max(60),
  roleId: z.enum(['client', 'solo-client']),
  name: personNameSchema,
  email: emailSchema,
  phone: phoneSchema,
  password: newPasswordSchema,
});
export type ClientSignupBody = z.infer<typeof clientSignupBody>;

// ---- the signed-in account

export const accountDto = z.object({
  user: z.object({
    id: objectIdSchema,
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    roleId: roleIdSchema,
  }),
  company: companySummaryDto.extend({ logoUrl: z.string().nullable(), locale: z.string() }),
  hostType: hostTypeSchema,
  onBoardingData: z.array(onboardingStepSchema),
  /** Clients only: their saved sign-up details' id (spec §3), null until they first save them. */
  clientSignupDetailsId: objectIdSchema.nullable().optional(),
  /**
   * What the signed-in person may do: their abilities (issue 15 §2; ABILITIES, per person) and two
   * derived from them. Pages show or hide by these, never by re-deriving roles; the server enforces them.
   */
  can: z.object({
    manageSettings: z.boolean(),
    manageSchedule: z.boolean(),
    manageClients: z.boolean(),
    /** Money: a client's orders, payments, balance, revenue, pay rates and payroll. */
    seeFinancials: z.boolean(),
    sellAndRefund: z.boolean(),
    /** Company-wide reports: the CSV client report, insights, attendance and revenue. */
    runReports: z.boolean(),
    checkIn: z.boolean(),
    manageStaff: z.boolean(),
    /** Studios (the menu page and settings): manageSettings in a company with locations (not solo). */
    manageStudios: z.boolean(),
    /** The Clients list and profiles: every team member (instructors see their rosters' clients). */
    viewClients: z.boolean(),
  }),
});
export type AccountDto = z.infer<typeof accountDto>;

// ---- delete my account (client Settings › Account details)

/** Days between a client's request and their personal details being replaced; they may withdraw until then. */
export const ACCOUNT_DELETION_GRACE_DAYS = 30;

export const deletionRequestBody = z.object({
  password: z.string().min(1, 'Enter your password to confirm').max(200),
});
export type DeletionRequestBody = z.infer<typeof deletionRequestBody>;

export const deletionRequestDto = z.object({
  requestedAt: z.string().nullable(),
  /** When the account is anonymised (requestedAt + the grace period); null without a request. */
  takesEffectAt: z.string().nullable(),
});
export type DeletionRequestDto = z.infer<typeof deletionRequestDto>;

// ---- change my email (Account details), confirmed from a link sent to the new address

export const changeEmailBody = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password to confirm').max(200),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

export const myEmailDto = z.object({
  email: z.string(),
  /** The new address waiting for its link to be opened; null when none. */
  pendingEmail: z.string().nullable(),
  pendingUntil: z.string().nullable(),
});
export type MyEmailDto = z.infer<typeof myEmailDto>;

export const confirmEmailBody = z.object({
  token: z.string().trim().min(20, 'This link is not complete').max(200),
});
export const confirmEmailDto = z.object({ email: z.string(), loginPath: z.string() });
export type ConfirmEmailDto = z.infer<typeof confirmEmailDto>;
