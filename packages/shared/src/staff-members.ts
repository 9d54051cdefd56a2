import { z } from 'zod';
import { ABILITIES } from './constants/abilities.ts';
import { abilitySchema } from './constants/role-schemas.ts';
import { emailSchema, personNameSchema } from './auth.ts';
import { listOf, pageQuery } from './paging.ts';
import { payrollDateSchema } from './payroll.ts';
import { objectIdSchema, phoneSchema } from './validators.ts';

/** The roles a staff member (a login of the team) can have (issue 15 §1). */
export const STAFF_ROLES = ['admin', 'staff', 'instructor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin',
  staff: 'Staff',
  instructor: 'Instructor',
};

export const staffMemberParams = z.object({ staffId: objectIdSchema });
export type StaffMemberParams = z.infer<typeof staffMemberParams>;

/** `POST /api/staff-members` and `PUT /api/staff-members/{staffId}`. */
export const staffMemberBody = z.object({
  name: personNameSchema,
  email: emailSchema,
  phone: phoneSchema
    .transform((value) => value || null)
    .nullable()
    .default(null),
  role: z.enum(STAFF_ROLES, { error: 'Choose admin, staff or instructor' }),
  studioIds: z
    .array(objectIdSchema, { error: 'Choose the studios they work at' })
    .max(200, 'Choose at most 200 studios')
    .default([])
    .transform((ids) => [...new Set(ids)]),
  /** Null (or left out): the role's defaults. Ignored for admins, who can always do everything. */
  abilities: z
    .array(abilitySchema, { error: 'Choose from the listed abilities' })
    .max(ABILITIES.length * 2)
    .nullable()
    .default(null)
    .transform((list) => (list ? ABILITIES.filter((ability) => list.includes(ability)) : null)),
});
export type StaffMemberBody = z.input<typeof staffMemberBody>;
export type StaffMemberValues = z.output<typeof staffMemberBody>;

/**
 * Where a staff member's login stands: `invited` (the link to choose a password waits, until
 * `invitationExpiresAt`), `expired` (that link passed; resend it), `active` (they log in), `deactivated`.
 */
export const STAFF_STATUSES = ['invited', 'expired', 'active', 'deactivated'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const STAFF_STATUS_LABELS: Record<StaffStatus, string> = {
  invited: 'Invited',
  expired: 'Invitation expired',
  active: 'Active',
  deactivated: 'Deactivated',
};

export const staffMemberDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(STAFF_STATUSES),
  invitationExpiresAt: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
  studios: z.array(z.object({ id: z.string(), name: z.string() })),
  /** What they may do now (the role's defaults or the owner's choice). */
  abilities: z.array(abilitySchema),
  /** Whether those are their role's defaults (nothing chosen for them). */
  defaultAbilities: z.boolean(),
  /** Their instructors row (instructors can be scheduled and paid), if any. */
  instructorId: z.string().nullable(),
  /** The signed-in person (who cannot deactivate themselves). */
  isYou: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffMemberDto = z.infer<typeof staffMemberDto>;

export const listStaffMembersQuery = pageQuery.extend({
  status: z
    .enum(['active', 'inactive', 'all'], { error: 'Choose active, inactive or all' })
    .default('active'),
  search: z.string({ error: 'Search with text' }).trim().max(100, 'Use at most 100 characters').optional(),
});
export type ListStaffMembersQuery = z.infer<typeof listStaffMembersQuery>;

export const staffMemberListDto = listOf(staffMemberDto);
export type StaffMemberListDto = z.infer<typeof staffMemberListDto>;

/** `GET /api/staff-members/overview?weekOf=`: the Staff page (issue 15 §5). */
export const staffOverviewQuery = z.object({
  /** Any day of the week to show (Monday to Sunday); this week on the company's clock when left out. */
  weekOf: payrollDateSchema.optional(),
});
export type StaffOverviewQuery = z.infer<typeof staffOverviewQuery>;

export const staffWeekClassDto = z.object({
  id: z.string(),
  localDate: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  className: z.string(),
  studioId: z.string(),
  studioName: z.string(),
  /** When they cover this class for its series' instructor: that instructor's name. */
  substituteFor: z.string().nullable(),
  cancelled: z.boolean(),
});
export type StaffWeekClassDto = z.infer<typeof staffWeekClassDto>;

export const staffOverviewDto = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  today: z.string(),
  studios: z.array(z.object({ id: z.string(), name: z.string() })),
  members: z.array(z.object({ member: staffMemberDto, classes: z.array(staffWeekClassDto) })),
});
export type StaffOverviewDto = z.infer<typeof staffOverviewDto>;
