import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { colourSchema } from './class-templates.ts';
import { EMAIL_TRIGGERS, type EmailTrigger } from './email-triggers.ts';
import { wholeNumberField } from './whole-number.ts';

/** `/api/settings/email/templates/{trigger}`: one of the triggers of `EMAIL_TRIGGER_INFO`. */
export const emailTriggerSchema = z.enum(EMAIL_TRIGGERS as [EmailTrigger, ...EmailTrigger[]], {
  error: 'There is no such email',
});
export const emailTriggerParams = z.object({ trigger: emailTriggerSchema });

export const EMAIL_SETTINGS_DEFAULTS = {
  brandColour: '#1c7ed6',
  showLogo: true,
  footer: '',
  renewalNoticeDays: 3,
  expiryNoticeDays: 7,
} as const;

export const MAX_TEMPLATE_SUBJECT = 200;
export const MAX_TEMPLATE_BODY = 10_000;

/** `PUT /api/settings/email`: who the studio's emails come from and how they look. */
export const emailSettingsBody = z.object({
  /** Shown as the sender's name; empty = the company's name. */
  senderName: z
    .string({ error: 'Enter the sender name' })
    .trim()
    .max(80, 'A sender name can be at most 80 characters')
    .refine((value) => !/[<>"\r\n]/.test(value), 'A sender name cannot contain < > " or line breaks')
    .transform((value) => value || null)
    .nullable(),
  /** Where replies go; empty = the company's contact email. */
  replyTo: z
    .union([z.literal(''), emailSchema], { error: 'Enter a valid reply-to email' })
    .transform((value) => value || null)
    .nullable(),
  brandColour: colourSchema,
  showLogo: z.boolean({ error: 'Choose whether emails show your logo' }),
  footer: z.string({ error: 'Enter the footer' }).trim().max(500, 'A footer can be at most 500 characters'),
  renewalNoticeDays: wholeNumberField({
    min: 1,
    tooSmall: 'Send the renewal notice at least 1 day before',
    max: 30,
    tooBig: 'Send the renewal notice at most 30 days before',
    required: 'Enter how many days before a renewal its notice goes',
  }),
  expiryNoticeDays: wholeNumberField({
    min: 1,
    tooSmall: 'Send the expiry notice at least 1 day before',
    max: 60,
    tooBig: 'Send the expiry notice at most 60 days before',
    required: 'Enter how many days before a pack expires its notice goes',
  }),
});
export type EmailSettingsBody = z.input<typeof emailSettingsBody>;
export type EmailSettingsValues = z.output<typeof emailSettingsBody>;

/** `PUT /api/settings/email/templates/{trigger}`: on or off, and its words. */
export const emailTemplateBody = z.object({
  enabled: z.boolean({ error: 'Choose whether this email is sent' }),
  subject: z
    .string({ error: 'Write a subject' })
    .max(MAX_TEMPLATE_SUBJECT, `A subject can be at most ${MAX_TEMPLATE_SUBJECT} characters`),
  body: z
    .string({ error: 'Write the message' })
    .max(
      MAX_TEMPLATE_BODY,
      `A message can be at most ${MAX_TEMPLATE_BODY.toLocaleString('en-US')} characters`,
    ),
});
export type EmailTemplateBody = z.infer<typeof emailTemplateBody>;

/** `POST /api/settings/email/preview` and `.../templates/{trigger}/test`: the words being edited. */
export const emailPreviewBody = z.object({
  trigger: emailTriggerSchema,
  subject: emailTemplateBody.shape.subject,
  body: emailTemplateBody.shape.body,
});
export type EmailPreviewBody = z.infer<typeof emailPreviewBody>;

export const emailTemplateDto = z.object({
  trigger: emailTriggerSchema,
  enabled: z.boolean(),
  /** True when the studio changed the words (reset brings back the defaults). */
  customised: z.boolean(),
  subject: z.string(),
  body: z.string(),
});
export type EmailTemplateDto = z.infer<typeof emailTemplateDto>;

export const emailSettingsDto = z.object({
  senderName: z.string().nullable(),
  replyTo: z.string().nullable(),
  brandColour: z.string(),
  showLogo: z.boolean(),
  footer: z.string(),
  renewalNoticeDays: z.number().int(),
  expiryNoticeDays: z.number().int(),
  /** The address every email is sent from (the server's domain, so it is not marked as spam). */
  fromAddress: z.string(),
  companyName: z.string(),
  companyEmail: z.string().nullable(),
  logoUrl: z.string().nullable(),
  /** Hours before a class its reminder goes (Sessions Settings). */
  reminderHoursBefore: z.number().int(),
  templates: z.array(emailTemplateDto),
});
export type EmailSettingsDto = z.infer<typeof emailSettingsDto>;

export const emailPreviewDto = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type EmailPreviewDto = z.infer<typeof emailPreviewDto>;

/**
 * `GET|POST|DELETE /api/my/calendar-feed`: the private iCal address of my classes. Only the secret's
 * hash is stored, so the address itself is answered once, by the POST that makes it; the GET says
 * whether one exists (`createdAt`) and when a calendar app last read it, with `url` null.
 */
export const calendarFeedDto = z.object({
  /** The https address a calendar app subscribes to; only in the answer of the POST that made it. */
  url: z.string().nullable(),
  /** The same address with webcal:// (opens the calendar app directly). */
  webcalUrl: z.string().nullable(),
  /** When the live address was made; null when there is none. */
  createdAt: z.string().nullable(),
  /** When a calendar app last read it (noted at most every few minutes); null if never. */
  lastReadAt: z.string().nullable(),
});
export type CalendarFeedDto = z.infer<typeof calendarFeedDto>;
