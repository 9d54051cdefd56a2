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

export const personDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  photo: z.string().nullable(),
  photoUrl: z.string().nullable(),
  active: z.boolean(),
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
