import { z } from 'zod';
import { listOf, pageQuery } from './paging.ts';
import { emailSchema, personNameSchema } from './auth.ts';
import { objectIdSchema, phoneSchema } from './validators.ts';

/** Instructors teach classes; facilitators run events. Both are people of the company, optionally with a login later. */
export const PERSON_KINDS = ['instructor', 'facilitator'] as const;
export type PersonKind = (typeof PERSON_KINDS)[number];

export const instructorParams = z.object({ instructorId: objectIdSchema });
export type InstructorParams = z.infer<typeof instructorParams>;
export const facilitatorParams = z.object({ facilitatorId: objectIdSchema });
export type FacilitatorParams = z.infer<typeof facilitatorParams>;

/** `POST /api/instructors`, `PUT /api/instructors/{instructorId}` and the same for facilitators. */
export const personBody = z.object({
  name: personNameSchema,
  email: z
    .union([z.literal(''), emailSchema])
    .transform((value) => value || null)
    .nullable(),
  phone: phoneSchema.transform((value) => value || null).nullable(),
  bio: z
    .string({ error: 'Write a short bio' })
    .trim()
    .max(5000, 'Use at most 5,000 characters')
    .transform((value) => value || null)
    .nullable(),
  photo: z
    .string()
    .regex(/^[0-9a-f]{24}\.(png|jpg|webp|gif)$/, 'Upload the photo again')
    .nullable(),
  active: z.boolean({ error: 'Choose whether they are active' }),
});
export type PersonBody = z.input<typeof personBody>;
export type PersonValues = z.output<typeof personBody>;

/**
 * Whether the person can log in: `none` (no login yet), `invited` (an invitation email waits for them to
 * choose a password), `active` (they log in; possibly with an account that existed before, e.g. the owner).
 */
export const LOGIN_STATUSES = ['none', 'invited', 'active'] as const;
export type LoginStatus = (typeof LOGIN_STATUSES)[number];

export const personDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  photo: z.string().nullable(),
  photoUrl: z.string().nullable(),
  active: z.boolean(),
  login: z.enum(LOGIN_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PersonDto = z.infer<typeof personDto>;
export const instructorDto = personDto;
export type InstructorDto = PersonDto;
export const facilitatorDto = personDto;
export type FacilitatorDto = PersonDto;

export const listPeopleQuery = pageQuery.extend({
  status: z
    .enum(['active', 'inactive', 'all'], { error: 'Choose active, inactive or all' })
    .default('active'),
});
export type ListPeopleQuery = z.infer<typeof listPeopleQuery>;

export const personListDto = listOf(personDto);
export type PersonListDto = z.infer<typeof personListDto>;

/** `POST /api/instructors/{instructorId}/invitation` (and facilitators): what happened, for the page to say. */
export const invitationDto = z.object({
  person: personDto,
  /** `emailed`: a link to choose a password went out; `linked`: an existing login of theirs was linked. */
  outcome: z.enum(['emailed', 'linked']),
});
export type InvitationDto = z.infer<typeof invitationDto>;
