import { z } from 'zod';
import { listOf, pageQuery } from './paging.ts';
import { objectIdSchema } from './validators.ts';
import { wholeNumberField } from './whole-number.ts';
import { MAX_FEE_MINOR } from './session-settings.ts';

export const classTemplateParams = z.object({ templateId: objectIdSchema });
export type ClassTemplateParams = z.infer<typeof classTemplateParams>;

export const MAX_CLASS_DURATION_MINUTES = 1440;
export const MAX_CLASS_CAPACITY = 1000;
export const MAX_TEMPLATE_TAGS = 20;

/** Studio-calendar colours are written #rrggbb; stored lower-case. */
export const colourSchema = z
  .string({ error: 'Choose a colour' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Choose a colour as #rrggbb')
  .toLowerCase();

/** An uploaded image's random name (from `POST /api/uploads`). */
export const templateImageSchema = z
  .string()
  .regex(/^[0-9a-f]{24}\.(png|jpg|webp|gif)$/, 'Upload the image again');

const tagsSchema = z
  .array(
    z
      .string({ error: 'Tags are words' })
      .trim()
      .min(1, 'A tag cannot be empty')
      .max(40, 'Use at most 40 characters a tag'),
  )
  .max(MAX_TEMPLATE_TAGS, `Use at most ${MAX_TEMPLATE_TAGS} tags`)
  // "Yoga" and "yoga" are one tag: the first spelling wins.
  .transform((tags) =>
    tags.filter(
      (tag, index) => tags.findIndex((other) => other.toLowerCase() === tag.toLowerCase()) === index,
    ),
  );

/** `POST /api/class-templates` and `PUT /api/class-templates/{templateId}`. */
export const classTemplateBody = z.object({
  name: z
    .string({ error: 'Name the class' })
    .trim()
    .min(2, 'Name the class')
    .max(120, 'Use at most 120 characters'),
  description: z
    .string({ error: 'Describe the class' })
    .trim()
    .max(5000, 'Use at most 5,000 characters')
    .transform((value) => value || null)
    .nullable(),
  durationMinutes: wholeNumberField({
    min: 5,
    tooSmall: 'A class lasts at least 5 minutes',
    max: MAX_CLASS_DURATION_MINUTES,
    tooBig: 'A class lasts at most 1,440 minutes (24 hours)',
    required: 'Enter how many minutes the class lasts',
  }),
  defaultCapacity: wholeNumberField({
    min: 1,
    tooSmall: 'A class has room for at least 1 person',
    max: MAX_CLASS_CAPACITY,
    tooBig: `A class holds at most ${MAX_CLASS_CAPACITY.toLocaleString('en-US')} people`,
    required: 'Enter how many people the class holds',
  }),
  /** Minor units of the company currency; empty = free. */
  dropInPrice: wholeNumberField({
    max: MAX_FEE_MINOR,
    tooBig: 'A price can be at most 1,000,000.00',
    empty: 0,
  }),
  colour: colourSchema,
  image: templateImageSchema.nullable(),
  tags: tagsSchema,
});
export type ClassTemplateBody = z.input<typeof classTemplateBody>;
export type ClassTemplateValues = z.output<typeof classTemplateBody>;

export const classTemplateDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  durationMinutes: z.number().int(),
  defaultCapacity: z.number().int(),
  dropInPrice: z.number().int(),
  currency: z.string(),
  colour: z.string(),
  image: z.string().nullable(),
  imageUrl: z.string().nullable(),
  tags: z.array(z.string()),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClassTemplateDto = z.infer<typeof classTemplateDto>;

export const CLASS_TEMPLATE_STATUSES = ['active', 'archived', 'all'] as const;

export const listClassTemplatesQuery = pageQuery.extend({
  status: z.enum(CLASS_TEMPLATE_STATUSES, { error: 'Choose active, archived or all' }).default('active'),
});
export type ListClassTemplatesQuery = z.infer<typeof listClassTemplatesQuery>;

export const classTemplateListDto = listOf(classTemplateDto);
export type ClassTemplateListDto = z.infer<typeof classTemplateListDto>;
