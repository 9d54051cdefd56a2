import { z } from 'zod';
import { emailSchema, timeZoneSchema } from './auth.ts';
import { phoneSchema } from './validators.ts';

export const CURRENCIES = ['USD', 'CAD', 'EUR', 'GBP', 'AUD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK', 'JPY', 'SGD', 'ZAR', 'MXN', 'BRL', 'INR'] as const;
export const currencySchema = z.enum(CURRENCIES, { error: 'Choose a currency' });

/**
 * How the company writes numbers and prices (BCP 47): "$1,234.50" (en-US), "1.234,50 €" (de-DE),
 * "1 234,50 €" (fr-FR). Its clients and staff see prices this way, whatever their own browser says.
 */
export const LOCALES = [
  'en-US', 'en-CA', 'fr-CA', 'en-GB', 'en-IE', 'en-AU', 'en-NZ', 'en-ZA', 'en-IN', 'en-SG',
  'de-DE', 'de-AT', 'de-CH', 'fr-FR', 'fr-BE', 'fr-CH', 'nl-NL', 'nl-BE', 'es-ES', 'es-MX',
  'pt-BR', 'pt-PT', 'it-IT', 'sv-SE', 'da-DK', 'nb-NO', 'fi-FI', 'pl-PL', 'ja-JP',
] as const;
export const DEFAULT_LOCALE = 'en-US';
export const localeSchema = z.enum(LOCALES, { error: 'Choose how numbers and prices are written' });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .transform((value) => (value === '' ? null : value))
    .nullable();

export const addressSchema = z.object({
  line1: optionalText(200),
  line2: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  postalCode: optionalText(20),
  country: optionalText(100),
});

/** Uploaded file names are random: 24 hex characters and an image extension. */
export const uploadedFileSchema = z.string().regex(/^[0-9a-f]{24}\.(png|jpg|webp|gif)$/, 'Upload the logo again');

export const companyDetailsBody = z.object({
  name: z.string().trim().min(2, 'Enter the business name').max(120),
  email: z.union([z.literal(''), emailSchema]).transform((value) => value || null).nullable(),
  phone: phoneSchema.transform((value) => value || null).nullable(),
  address: addressSchema,
  timeZone: timeZoneSchema,
  currency: currencySchema,
  /** Left out: the company keeps the number format it has. */
  locale: localeSchema.optional(),
  logo: uploadedFileSchema.nullable(),
});
export type CompanyDetailsBody = z.input<typeof companyDetailsBody>;

/** An address as the server answers it: every line present, empty ones null. */
export const addressDto = z.object({
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
});

export const companyDetailsDto = z.object({
  id: z.string(),
  slug: z.string(),
  kind: z.enum(['company', 'solo']),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: addressDto,
  timeZone: z.string(),
  currency: z.string(),
  /**
   * How many orders the company has: once it has sold anything the currency is fixed (orders, balances
   * and receipts are in it; changing it would relabel them as another money).
   */
  orderCount: z.number().int(),
  locale: z.string(),
  logo: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type CompanyDetailsDto = z.infer<typeof companyDetailsDto>;

export const uploadDto = z.object({ file: z.string(), url: z.string() });
export type UploadDto = z.infer<typeof uploadDto>;
