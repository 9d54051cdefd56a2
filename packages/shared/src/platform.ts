import { z } from 'zod';
import { objectIdSchema } from './validators.ts';
import { listOf, pageQuery } from './paging.ts';
import { roleIdSchema } from './constants/role-schemas.ts';
import { onboardingStepSchema } from './onboarding.ts';

/**
 * Issue 18 §2: the platform (uber) area. Platform users belong to no company; they log in at the root
 * `/login` and work under `/api/platform/...`. They read a company's clients or money only through a
 * recorded, time-limited support session the company's admins see (Settings › Support Access).
 */

export const platformUserDto = z.object({ id: objectIdSchema, name: z.string(), email: z.string() });
export type PlatformUserDto = z.infer<typeof platformUserDto>;

/** The root login's answer for a platform user: `hostType` "uber", no company. */
export const platformSessionDto = z.object({
  token: z.string(),
  hostType: z.literal('uber'),
  platformUser: platformUserDto,
});
export type PlatformSessionDto = z.infer<typeof platformSessionDto>;


export const platformCompaniesQuery = pageQuery.extend({
  search: z.string({ error: 'Search with text' }).trim().max(100, 'Use at most 100 characters').optional(),
  kind: z.enum(['company', 'solo'], { error: 'Choose company or solo' }).optional(),
  status: z.enum(['all', 'active', 'suspended'], { error: 'Choose all, active or suspended' }).default('all'),
  sort: z
    .enum(['created', 'name', 'lastActivity'], { error: 'Sort by created, name or lastActivity' })
    .default('created'),
});
export type PlatformCompaniesQuery = z.infer<typeof platformCompaniesQuery>;

export const platformCompanyRowDto = z.object({
  id: objectIdSchema,
  slug: z.string(),
  name: z.string(),
  kind: z.enum(['company', 'solo']),
  createdAt: z.string(),
  /** Clients with a booking in the last 30 days. */
  activeClients: z.number().int(),
  /** The last time anyone of the company used the app (a session's last use), if ever. */
  lastActivityAt: z.string().nullable(),
  suspendedAt: z.string().nullable(),
});
export type PlatformCompanyRowDto = z.infer<typeof platformCompanyRowDto>;
export const platformCompanyListDto = listOf(platformCompanyRowDto);
export type PlatformCompanyListDto = z.infer<typeof platformCompanyListDto>;

export const supportSessionDto = z.object({
  id: objectIdSchema,
  companyId: objectIdSchema,
  platformUserName: z.string(),
  platformUserEmail: z.string(),
  reason: z.string(),
  startedAt: z.string(),
  expiresAt: z.string(),
  endedAt: z.string().nullable(),
  /** `platform`, or the name of the company's admin who ended it; null while it runs or once it expired. */
  endedBy: z.string().nullable(),
  status: z.enum(['active', 'ended', 'expired']),
});
export type SupportSessionDto = z.infer<typeof supportSessionDto>;
export const supportSessionListDto = listOf(supportSessionDto);
export type SupportSessionListDto = z.infer<typeof supportSessionListDto>;

/** One company as the platform sees it: no client data, no money. */
export const platformCompanyDto = platformCompanyRowDto.extend({
  suspendedReason: z.string().nullable(),
  timeZone: z.string(),
  studios: z.number().int(),
  /** The team (admins, staff, instructors), support logins left out. */
  teamMembers: z.number().int(),
  clients: z.number().int(),
  supportSessions: z.array(supportSessionDto),
});
export type PlatformCompanyDto = z.infer<typeof platformCompanyDto>;

export const suspendCompanyBody = z.object({
  reason: z
    .string({ error: 'Say why the company is suspended' })
    .trim()
    .min(3, 'Say why the company is suspended')
    .max(500, 'Use at most 500 characters'),
});
export type SuspendCompanyBody = z.infer<typeof suspendCompanyBody>;

export const SUPPORT_SESSION_MINUTES = { min: 15, max: 240 } as const;

export const startSupportSessionBody = z.object({
  reason: z
    .string({ error: 'Say why you need access' })
    .trim()
    .min(3, 'Say why you need access')
    .max(500, 'Use at most 500 characters'),
  minutes: z.coerce
    .number({ error: 'Choose how many minutes' })
    .int('Use whole minutes')
    .min(SUPPORT_SESSION_MINUTES.min, `Use at least ${SUPPORT_SESSION_MINUTES.min} minutes`)
    .max(SUPPORT_SESSION_MINUTES.max, `Use at most ${SUPPORT_SESSION_MINUTES.max} minutes`),
});
export type StartSupportSessionBody = z.infer<typeof startSupportSessionBody>;

/** What the web needs to open the company's admin app as the support login (its `sessions` row). */
export const startedSupportSessionDto = z.object({
  supportSession: supportSessionDto,
  companySession: z.object({
    token: z.string(),
    user: z.object({
      _id: objectIdSchema,
      companyId: objectIdSchema.nullable(),
      soloInstructorId: objectIdSchema.nullable(),
      clientSignupDetailsId: objectIdSchema.nullable(),
    }),
    roleId: roleIdSchema,
    hostType: z.enum(['company', 'solo-instructor', 'solo-client', 'uber']),
    company: z.object({
      id: objectIdSchema,
      slug: z.string(),
      name: z.string(),
      kind: z.enum(['company', 'solo']),
    }),
    onBoardingData: z.array(onboardingStepSchema),
    isSpecial: z.union([z.literal(0), z.literal(1)]),
  }),
});
export type StartedSupportSessionDto = z.infer<typeof startedSupportSessionDto>;

export const PLATFORM_AUDIT_ACTIONS = [
  'login',
  'company.suspended',
  'company.reactivated',
  'support_session.started',
  'support_session.ended',
] as const;
export type PlatformAuditAction = (typeof PLATFORM_AUDIT_ACTIONS)[number];

export const platformAuditQuery = pageQuery.extend({
  companyId: objectIdSchema.optional(),
});
export type PlatformAuditQuery = z.infer<typeof platformAuditQuery>;

export const platformAuditEntryDto = z.object({
  id: objectIdSchema,
  platformUserEmail: z.string(),
  action: z.string(),
  companyId: objectIdSchema.nullable(),
  companyName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type PlatformAuditEntryDto = z.infer<typeof platformAuditEntryDto>;
export const platformAuditListDto = listOf(platformAuditEntryDto);
export type PlatformAuditListDto = z.infer<typeof platformAuditListDto>;

export const supportSessionsQuery = pageQuery;
