import { z } from 'zod';
import { listOf, pageQuery } from './paging.ts';
import { emailSchema, timeZoneSchema } from './auth.ts';
import { addressSchema, companyDetailsDto } from './company.ts';
import { objectIdSchema, phoneSchema } from './validators.ts';
import { weekRangesDto, weekRangesSchema } from './time-ranges.ts';
import { wholeNumberField } from './whole-number.ts';

export const studioParams = z.object({ studioId: objectIdSchema });
export type StudioParams = z.infer<typeof studioParams>;

export const MAX_ROOMS_PER_STUDIO = 50;
export const MAX_AMENITIES_PER_STUDIO = 50;
export const MAX_ROOM_CAPACITY = 1000;

export const amenitySchema = z.object({
  name: z
    .string({ error: 'Name the amenity' })
    .trim()
    .min(1, 'Name the amenity')
    .max(80, 'Use at most 80 characters'),
  value: z.string({ error: 'Describe the amenity' }).trim().max(200, 'Use at most 200 characters'),
});

/** A room without `id` is new; one with an `id` edits that room, whose id stays the same. */
export const roomInputSchema = z.object({
  id: objectIdSchema.optional(),
  name: z
    .string({ error: 'Name the room' })
    .trim()
    .min(1, 'Name the room')
    .max(80, 'Use at most 80 characters'),
  capacity: wholeNumberField({
    min: 1,
    tooSmall: 'A room holds at least 1 person',
    max: MAX_ROOM_CAPACITY,
    tooBig: `A room can hold at most ${MAX_ROOM_CAPACITY.toLocaleString('en-US')} people`,
    required: 'Enter how many people the room holds',
  }),
});

/**
 * `POST /api/studios` and `PUT /api/studios/{studioId}`: the whole studio. Spec §4's local edits
 * (delete a studio hour, delete an amenity, add or edit hours, add or edit rooms, delete a room) are
 * made on the page and persist with this one save; rooms left out are deleted.
 */
export const studioBody = z
  .object({
    name: z
      .string({ error: 'Name the studio' })
      .trim()
      .min(2, 'Name the studio')
      .max(120, 'Use at most 120 characters'),
    address: addressSchema,
    phone: phoneSchema.transform((value) => value || null).nullable(),
    email: z
      .union([z.literal(''), emailSchema])
      .transform((value) => value || null)
      .nullable(),
    /** Empty or absent: the company's time zone. */
    timeZone: z
      .union([z.literal(''), timeZoneSchema], { error: 'Choose a valid time zone' })
      .nullish()
      .transform((value) => value || null),
    openingHours: weekRangesSchema,
    amenities: z
      .array(amenitySchema)
      .max(MAX_AMENITIES_PER_STUDIO, `Use at most ${MAX_AMENITIES_PER_STUDIO} amenities`),
    rooms: z.array(roomInputSchema).max(MAX_ROOMS_PER_STUDIO, `Use at most ${MAX_ROOMS_PER_STUDIO} rooms`),
  })
  .superRefine((body, ctx) => {
    const ids = new Set<string>();
    body.rooms.forEach((room, index) => {
      if (!room.id) return;
      if (ids.has(room.id))
        ctx.addIssue({ code: 'custom', path: ['rooms', index, 'id'], message: 'This room is listed twice' });
      ids.add(room.id);
    });
  });
export type StudioBody = z.input<typeof studioBody>;
export type StudioValues = z.output<typeof studioBody>;

export const roomDto = z.object({ id: z.string(), name: z.string(), capacity: z.number().int() });
export type RoomDto = z.infer<typeof roomDto>;

export const studioDto = z.object({
  id: z.string(),
  name: z.string(),
  address: companyDetailsDto.shape.address,
  phone: z.string().nullable(),
  email: z.string().nullable(),
  timeZone: z.string(),
  openingHours: weekRangesDto,
  amenities: z.array(z.object({ name: z.string(), value: z.string() })),
  rooms: z.array(roomDto),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StudioDto = z.infer<typeof studioDto>;

export const listStudiosQuery = pageQuery;
export type ListStudiosQuery = z.infer<typeof listStudiosQuery>;

export const studioListDto = listOf(studioDto);
export type StudioListDto = z.infer<typeof studioListDto>;
