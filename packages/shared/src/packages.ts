import { z } from 'zod';
import { formatMoney } from './money.ts';
import { listOf, pageQuery } from './paging.ts';
import { localDateSchema } from './schedule.ts';
import { MAX_FEE_MINOR } from './session-settings.ts';
import { objectIdSchema } from './validators.ts';
import { wholeNumberField } from './whole-number.ts';

/**
 * What a studio sells (issue 10): memberships and class packs (one `packages` table, a `kind` each),
 * promo codes, services and products sold at the desk, and the company's tax rates.
 */

const nameField = (what: string) =>
  z
    .string({ error: `Name the ${what}` })
    .trim()
    .min(2, `Name the ${what}`)
    .max(120, 'Use at most 120 characters');

const descriptionField = z
  .string({ error: 'Describe it in words' })
  .trim()
  .max(5000, 'Use at most 5,000 characters')
  .transform((value) => value || null)
  .nullable();

const priceField = (required: string) =>
  wholeNumberField({ max: MAX_FEE_MINOR, tooBig: 'A price can be at most 1,000,000.00', required });

const idList = (what: string) =>
  z.array(objectIdSchema, { error: `Choose ${what}` }).max(200, `Choose at most 200 ${what}`);

// ---------------------------------------------------------------------------------------------- tax

export const taxRateParams = z.object({ taxRateId: objectIdSchema });

/** `POST /api/tax-rates`, `PUT /api/tax-rates/{taxRateId}` (spec §3 "companyData (tax)"). */
export const taxRateBody = z.object({
  name: z
    .string({ error: 'Name the tax' })
    .trim()
    .min(1, 'Name the tax (for example “Sales tax” or “VAT”)')
    .max(60, 'Use at most 60 characters'),
  /** Parts per million of the price: 8.25% is 82 500, 8.875% is 88 750 (four decimals of a percent). */
  ratePpm: wholeNumberField({
    max: 1_000_000,
    tooBig: 'A tax rate can be at most 100%',
    required: 'Enter the rate',
  }),
  inclusive: z.boolean({ error: 'Choose whether prices include this tax' }),
});
export type TaxRateBody = z.input<typeof taxRateBody>;
export type TaxRateValues = z.output<typeof taxRateBody>;

export const taxRateDto = z.object({
  id: z.string(),
  name: z.string(),
  ratePpm: z.number().int(),
  inclusive: z.boolean(),
  createdAt: z.string(),
});
export type TaxRateDto = z.infer<typeof taxRateDto>;
export const taxRateListDto = listOf(taxRateDto);
export type TaxRateListDto = z.infer<typeof taxRateListDto>;

// ------------------------------------------------------------------------------------------ packages

export const PACKAGE_KINDS = ['membership', 'class-pack'] as const;
export type PackageKind = (typeof PACKAGE_KINDS)[number];
export const MEMBERSHIP_PERIODS = ['week', 'month', 'year'] as const;
export type MembershipPeriod = (typeof MEMBERSHIP_PERIODS)[number];
export const PACK_EXPIRY_FROM = ['purchase', 'first-use'] as const;
export type PackExpiryFrom = (typeof PACK_EXPIRY_FROM)[number];

export const packageParams = z.object({ packageId: objectIdSchema });

/** What a package may pay for; empty lists mean every template / studio. */
const restrictions = {
  offPeakOnly: z.boolean({ error: 'Choose whether it is for off-peak hours only' }),
  templateIds: idList('templates'),
  studioIds: idList('studios'),
};

const common = {
  name: nameField('package'),
  description: descriptionField,
  price: priceField('Enter the price (0 for free)'),
  taxRateId: objectIdSchema.nullable(),
  /** Only for clients who have never bought a package, and once. */
  introOffer: z.boolean({ error: 'Choose whether this is an intro offer' }),
  ...restrictions,
};

export const membershipBody = z.object({
  kind: z.literal('membership'),
  ...common,
  period: z.enum(MEMBERSHIP_PERIODS, { error: 'Choose week, month or year' }),
  /** Classes a period; empty = unlimited. */
  classLimit: wholeNumberField({
    min: 1,
    tooSmall: 'Allow at least 1 class a period (leave empty for unlimited)',
    max: 1000,
    tooBig: 'At most 1,000 classes a period',
  }),
  autoRenew: z.boolean({ error: 'Choose whether it renews by itself' }),
  /** The least number of periods a client pays before they may cancel (0 = none). */
  commitmentPeriods: wholeNumberField({
    max: 120,
    tooBig: 'A commitment can be at most 120 periods',
    empty: 0,
  }),
  signupFee: wholeNumberField({ max: MAX_FEE_MINOR, tooBig: 'A fee can be at most 1,000,000.00', empty: 0 }),
});

export const classPackBody = z.object({
  kind: z.literal('class-pack'),
  ...common,
  credits: wholeNumberField({
    min: 1,
    tooSmall: 'A pack holds at least 1 class',
    max: 1000,
    tooBig: 'A pack holds at most 1,000 classes',
    required: 'Enter how many classes the pack holds',
  }),
  /** Days until unused credits expire; empty = never. */
  expiryDays: wholeNumberField({
    min: 1,
    tooSmall: 'Credits last at least 1 day (leave empty for no expiry)',
    max: 3650,
    tooBig: 'Credits can last at most 3,650 days (10 years)',
  }),
  expiryFrom: z.enum(PACK_EXPIRY_FROM, { error: 'Choose when the expiry starts counting' }),
});

/** `POST /api/packages`, `PUT /api/packages/{packageId}` (the kind of a saved package never changes). */
export const packageBody = z.discriminatedUnion('kind', [membershipBody, classPackBody], {
  error: 'Choose membership or class pack',
});
export type PackageBody = z.input<typeof packageBody>;
export type PackageValues = z.output<typeof packageBody>;
export type MembershipValues = z.output<typeof membershipBody>;
export type ClassPackValues = z.output<typeof classPackBody>;

/** The terms a package is sold on; a purchase keeps its own copy (editing the package never changes it). */
export const packageTermsDto = z.object({
  kind: z.enum(PACKAGE_KINDS),
  name: z.string(),
  price: z.number().int(),
  period: z.enum(MEMBERSHIP_PERIODS).nullable(),
  classLimit: z.number().int().nullable(),
  credits: z.number().int().nullable(),
  expiryDays: z.number().int().nullable(),
  expiryFrom: z.enum(PACK_EXPIRY_FROM).nullable(),
  autoRenew: z.boolean(),
  commitmentPeriods: z.number().int(),
  signupFee: z.number().int(),
  offPeakOnly: z.boolean(),
  templateIds: z.array(z.string()),
  studioIds: z.array(z.string()),
});
export type PackageTerms = z.infer<typeof packageTermsDto>;

export const packageDto = packageTermsDto.extend({
  id: z.string(),
  description: z.string().nullable(),
  currency: z.string(),
  taxRateId: z.string().nullable(),
  introOffer: z.boolean(),
  archived: z.boolean(),
  /** How many clients hold it now (active purchases). */
  activeHolders: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PackageDto = z.infer<typeof packageDto>;

export const listPackagesQuery = pageQuery.extend({
  kind: z.enum(PACKAGE_KINDS, { error: 'Choose membership or class-pack' }).optional(),
  status: z
    .enum(['active', 'archived', 'all'], { error: 'Choose active, archived or all' })
    .default('active'),
});
export type ListPackagesQuery = z.infer<typeof listPackagesQuery>;
export const packageListDto = listOf(packageDto);
export type PackageListDto = z.infer<typeof packageListDto>;

// --------------------------------------------------------------------------------------- promo codes

export const promoCodeParams = z.object({ promoCodeId: objectIdSchema });
export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
const LOCAL_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `POST /api/promo-codes`, `PUT /api/promo-codes/{promoCodeId}`. */
export const promoCodeBody = z
  .object({
    code: z
      .string({ error: 'Enter the code' })
      .trim()
      .min(3, 'A code has at least 3 characters')
      .max(32, 'Use at most 32 characters')
      .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only')
      .toUpperCase(),
    discountKind: z.enum(DISCOUNT_KINDS, { error: 'Choose percent or amount' }),
    /** Whole percent (1–100) or minor units. */
    discountValue: wholeNumberField({
      min: 1,
      tooSmall: 'The discount must be more than 0',
      max: MAX_FEE_MINOR,
      tooBig: 'The discount is too large',
      required: 'Enter the discount',
    }),
    /** Local dates in the company's time zone; empty = no limit. */
    validFrom: localDateSchema.nullable(),
    validUntil: localDateSchema.nullable(),
    maxUses: wholeNumberField({
      min: 1,
      tooSmall: 'Allow at least 1 use (or leave empty)',
      max: 1_000_000,
      tooBig: 'At most 1,000,000 uses',
    }),
    maxUsesPerClient: wholeNumberField({
      min: 1,
      tooSmall: 'Allow at least 1 use a client (or leave empty)',
      max: 1000,
      tooBig: 'At most 1,000 uses a client',
    }),
    /** Empty = every package. */
    packageIds: idList('packages'),
  })
  // The rules between fields run even when another field is wrong, so every problem is said at once.
  .superRefine(
    (value, ctx) => {
      // With `when: () => true` this runs on any body, even one that is not an object (null, a string).
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
      const whole = (field: unknown): field is number => typeof field === 'number' && Number.isInteger(field);
      const day = (field: unknown): field is string => typeof field === 'string' && LOCAL_DAY.test(field);
      if (value.discountKind === 'percent' && whole(value.discountValue) && value.discountValue > 100)
        ctx.addIssue({ code: 'custom', path: ['discountValue'], message: 'A percent discount is at most 100' });
      if (day(value.validFrom) && day(value.validUntil) && value.validUntil < value.validFrom)
        ctx.addIssue({
          code: 'custom',
          path: ['validUntil'],
          message: 'The last day must be on or after the first',
        });
      if (whole(value.maxUses) && whole(value.maxUsesPerClient) && value.maxUses < value.maxUsesPerClient)
        ctx.addIssue({
          code: 'custom',
          path: ['maxUses'],
          message: `Uses in all (${value.maxUses}) cannot be fewer than uses per client (${value.maxUsesPerClient})`,
        });
    },
    { when: () => true },
  );
export type PromoCodeBody = z.input<typeof promoCodeBody>;
export type PromoCodeValues = z.output<typeof promoCodeBody>;


/** A package as a promo code's amount is checked against it. */
export interface PromoPackage {
  id: string;
  name: string;
  price: number;
  archived: boolean;
}

/**
 * An amount off may not be more than what it is taken from: with chosen packages, not more than the
 * cheapest of them; with every package, not more than the dearest on sale (a cheaper one is then free,
 * which the form says). Answers the sentence for `discountValue`, or null. The server and the form both ask.
 */
export function promoAmountProblem(
  values: { discountKind: string; discountValue?: unknown; packageIds: readonly string[] },
  packages: readonly PromoPackage[],
  currency: string,
  locale?: string,
): string | null {
  const amount = values.discountValue;
  if (values.discountKind !== 'amount' || typeof amount !== 'number' || !Number.isInteger(amount)) return null;
  const price = (item: PromoPackage) => formatMoney(item.price, currency, locale);
  if (values.packageIds.length > 0) {
    const cheapest = packages
      .filter((item) => values.packageIds.includes(item.id))
      .sort((a, b) => a.price - b.price)[0];
    return cheapest && amount > cheapest.price
      ? `The discount is more than the price of ${cheapest.name} (${price(cheapest)})`
      : null;
  }
  const dearest = packages.filter((item) => !item.archived).sort((a, b) => b.price - a.price)[0];
  return dearest && amount > dearest.price
    ? `The discount is more than the price of every package (the dearest, ${dearest.name}, is ${price(dearest)})`
    : null;
}

/** On sale packages an amount off would make free (cheaper than the amount): the form warns of them. */
export function packagesMadeFree(
  values: { discountKind: string; discountValue?: unknown; packageIds: readonly string[] },
  packages: readonly PromoPackage[],
): PromoPackage[] {
  const amount = values.discountValue;
  if (values.discountKind !== 'amount' || typeof amount !== 'number') return [];
  return packages.filter(
    (item) =>
      !item.archived &&
      (values.packageIds.length === 0 || values.packageIds.includes(item.id)) &&
      item.price <= amount,
  );
}

/** Where a code stands today (the company's day): what the list's badge says. */
export const PROMO_STATUSES = ['active', 'not-yet-valid', 'expired', 'used-up'] as const;
export type PromoStatus = (typeof PROMO_STATUSES)[number];

export const promoCodeDto = z.object({
  id: z.string(),
  code: z.string(),
  discountKind: z.enum(DISCOUNT_KINDS),
  discountValue: z.number().int(),
  currency: z.string(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerClient: z.number().int().nullable(),
  packageIds: z.array(z.string()),
  /** Orders that used it (not cancelled). */
  uses: z.number().int(),
  /** Today, on the company's calendar: usable, not yet valid, expired, or every use taken. */
  status: z.enum(PROMO_STATUSES),
  createdAt: z.string(),
});
export type PromoCodeDto = z.infer<typeof promoCodeDto>;
export const promoCodeListDto = listOf(promoCodeDto);
export type PromoCodeListDto = z.infer<typeof promoCodeListDto>;

// ---------------------------------------------------------------------------- services and products

export const PRODUCT_KINDS = ['product', 'service'] as const;
export const productParams = z.object({ productId: objectIdSchema });

/** `POST /api/products`, `PUT /api/products/{productId}` (spec `reportSettings`, Services and Products). */
export const productBody = z.object({
  kind: z.enum(PRODUCT_KINDS, { error: 'Choose product or service' }),
  name: nameField('item'),
  description: descriptionField,
  price: priceField('Enter the price'),
  taxRateId: objectIdSchema.nullable(),
  sku: z
    .string({ error: 'Enter the SKU as text' })
    .trim()
    .max(60, 'Use at most 60 characters')
    .transform((value) => value || null)
    .nullable(),
});
export type ProductBody = z.input<typeof productBody>;
export type ProductValues = z.output<typeof productBody>;

export const productDto = z.object({
  id: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number().int(),
  currency: z.string(),
  taxRateId: z.string().nullable(),
  sku: z.string().nullable(),
  archived: z.boolean(),
  createdAt: z.string(),
});
export type ProductDto = z.infer<typeof productDto>;
export const listProductsQuery = pageQuery.extend({
  status: z
    .enum(['active', 'archived', 'all'], { error: 'Choose active, archived or all' })
    .default('active'),
});
export type ListProductsQuery = z.infer<typeof listProductsQuery>;
export const productListDto = listOf(productDto);
export type ProductListDto = z.infer<typeof productListDto>;
