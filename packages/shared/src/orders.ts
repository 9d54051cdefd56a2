import { z } from 'zod';
import { listOf, pageQuery } from './paging.ts';
import { packageTermsDto } from './packages.ts';
import { localDateSchema } from './schedule.ts';
import { MAX_FEE_MINOR } from './session-settings.ts';
import { objectIdSchema } from './validators.ts';
import { wholeNumberField } from './whole-number.ts';

/**
 * Orders, payments, refunds, what clients hold, and the credit ledger (issue 10). Every sale is an order;
 * every credit a booking uses or gets back is a ledger row.
 */

export const PAYMENT_PROVIDERS = ['studio', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** How the desk was paid (pay at studio), or `stripe`. */
export const PAYMENT_METHODS = ['cash', 'card', 'other', 'stripe'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DESK_METHODS = ['cash', 'card', 'other'] as const;
export const deskMethodSchema = z.enum(DESK_METHODS, { error: 'Choose cash, card or other' });

export const ORDER_STATUSES = ['open', 'paid', 'partly-refunded', 'refunded', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_LINE_KINDS = ['package', 'product', 'signup-fee', 'drop-in', 'fee', 'renewal'] as const;
export type OrderLineKind = (typeof ORDER_LINE_KINDS)[number];

export const orderParams = z.object({ orderId: objectIdSchema });
export const clientPackageParams = z.object({ clientPackageId: objectIdSchema });
export const clientAccountParams = z.object({ clientId: objectIdSchema });

const promoCodeField = z
  .string({ error: 'Enter the promo code as text' })
  .trim()
  .max(32, 'A promo code has at most 32 characters')
  .transform((value) => (value ? value.toUpperCase() : null))
  .nullish()
  .transform((value) => value ?? null);

export const orderItemSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('package'), packageId: objectIdSchema }),
    z.object({
      kind: z.literal('product'),
      productId: objectIdSchema,
      quantity: wholeNumberField({
        min: 1,
        tooSmall: 'Sell at least 1',
        max: 100,
        tooBig: 'At most 100 at once',
        required: 'Enter how many',
      }),
    }),
  ],
  { error: 'Choose a package or a product' },
);
export type OrderItem = z.output<typeof orderItemSchema>;

/** `POST /api/orders` — the team sells at the desk: packages and products, paid now or owed. */
export const placeOrderBody = z.object({
  clientId: objectIdSchema,
  items: z.array(orderItemSchema).min(1, 'Add something to sell').max(20, 'At most 20 lines an order'),
  promoCode: promoCodeField,
  /** Paid at the desk now with this method; null = the client owes it (an open order). */
  paidWith: deskMethodSchema.nullable(),
});
export type PlaceOrderBody = z.input<typeof placeOrderBody>;
export type PlaceOrderValues = z.output<typeof placeOrderBody>;

/** `POST /api/my/orders` — a client buys a package: online (Stripe, when set up) or pay at the studio. */
export const buyPackageBody = z.object({
  packageId: objectIdSchema,
  promoCode: promoCodeField,
  provider: z.enum(PAYMENT_PROVIDERS, { error: 'Choose online or at the studio' }).default('studio'),
});
export type BuyPackageBody = z.input<typeof buyPackageBody>;

/** `POST /api/orders/preview` — what an order would cost, without saving it (checkout and desk). */
export const previewOrderBody = z.object({
  clientId: objectIdSchema.nullish(),
  items: placeOrderBody.shape.items,
  promoCode: promoCodeField,
});
export type PreviewOrderBody = z.input<typeof previewOrderBody>;

/**
 * `POST /api/client-packages/{id}/pause`: from a day (empty = today, on the company's calendar) until a
 * day it resumes by itself (empty = until someone resumes it).
 */
export const pausePackageBody = z
  .object({
    from: localDateSchema.nullish().transform((value) => value ?? null),
    until: localDateSchema.nullish().transform((value) => value ?? null),
  })
  .superRefine((value, ctx) => {
    if (value.from && value.until && value.until <= value.from)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'Resume on a day after the pause starts' });
  });
export type PausePackageBody = z.input<typeof pausePackageBody>;

/** A membership ends now, or at the end of the period already paid (it is not renewed). */
export const CANCEL_WHEN = ['now', 'period-end'] as const;
export type CancelWhen = (typeof CANCEL_WHEN)[number];
/**
 * `POST /api/client-packages/{id}/cancel`. `waiveCommitment`: the studio lets the client off a commitment
 * that has not ended, and it is cancelled now (only now).
 */
export const cancelPackageBody = z
  .object({
    at: z.enum(CANCEL_WHEN, { error: 'Choose now or at the end of the paid period' }).default('now'),
    waiveCommitment: z.boolean({ error: 'Send true to waive the commitment, or leave it out' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.waiveCommitment && value.at !== 'now')
      ctx.addIssue({
        code: 'custom',
        path: ['waiveCommitment'],
        message: 'Waiving the commitment cancels now: leave out "at", or send "now"',
      });
  });
export type CancelPackageBody = z.input<typeof cancelPackageBody>;

/** Why a cancellation is refused (the server says it in words; the desk's dialog offers only what is not). */
export type CancelRefusal =
  | 'already-cancelled'
  /** Now, before the commitment ends (and it is not waived). */
  | 'commitment'
  /** At the end of the period: a pack has none. */
  | 'not-a-membership'
  | 'paused'
  /** At the end of the period: its paid period has already ended. */
  | 'no-paid-period'
  | 'already-ends'
  /** At the end of the period: the paid period ends before the commitment does. */
  | 'period-before-commitment';

/** What the cancel rule reads of what a client holds (a `ClientPackageDto`, or the server's row). */
export interface CancelRuleHeld {
  terms: { kind: 'membership' | 'class-pack' };
  status: ClientPackageStatus;
  paidUntil: string | null;
  endsOn?: string | null | undefined;
  /** The day the commitment ends (paused days added); null = no commitment. */
  cancellableFrom: string | null;
}

/**
 * The commitment rule, for the server and the desk alike: cancelling now is allowed from the day the
 * commitment ends (or, waived, at once); at the end of the paid period only for an active membership whose
 * paid period is still running, does not already end, and ends on or after the commitment. Null: allowed.
 * `today` is the company's local date.
 */
export function cancelRefusal(
  held: CancelRuleHeld,
  at: CancelWhen,
  today: string,
  options: { waiveCommitment?: boolean | undefined } = {},
): CancelRefusal | null {
  if (held.status === 'cancelled') return 'already-cancelled';
  const ends = held.cancellableFrom;
  if (at === 'now') return ends && today < ends && !options.waiveCommitment ? 'commitment' : null;
  if (held.terms.kind !== 'membership') return 'not-a-membership';
  if (held.status !== 'active' || !held.paidUntil || held.paidUntil <= today)
    return held.status === 'paused' ? 'paused' : 'no-paid-period';
  if (held.endsOn) return 'already-ends';
  if (ends && held.paidUntil < ends) return 'period-before-commitment';
  return null;
}

/** `POST /api/orders/{orderId}/pay` — the desk takes an open order's payment. */
export const payOrderBody = z.object({ method: deskMethodSchema });

/** `POST /api/orders/{orderId}/refunds` (send an Idempotency-Key). */
export const refundBody = z.object({
  amount: wholeNumberField({
    min: 1,
    tooSmall: 'Refund more than 0',
    max: MAX_FEE_MINOR,
    tooBig: 'That is more than any order',
    required: 'Enter how much to refund',
  }),
  reason: z
    .string({ error: 'Say why in words' })
    .trim()
    .max(500, 'Use at most 500 characters')
    .transform((value) => value || null)
    .nullish()
    .transform((value) => value ?? null),
  /**
   * Also end what the order bought (its packs and memberships stop at once; classes already booked with
   * them stay booked). Left out: they stay. A goodwill refund keeps them; taking a pack back ends it.
   */
  endPackages: z.boolean({ error: 'Say yes or no to ending what the order bought' }).optional(),
});
export type RefundBody = z.input<typeof refundBody>;

export const orderLineDto = z.object({
  id: z.string(),
  kind: z.enum(ORDER_LINE_KINDS),
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  discount: z.number().int(),
  taxName: z.string().nullable(),
  /** The rate the line was taxed at, in parts per million (8.875% = 88 750). */
  taxRatePpm: z.number().int(),
  taxInclusive: z.boolean(),
  net: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});
export type OrderLineDto = z.infer<typeof orderLineDto>;

export const paymentDto = z.object({
  id: z.string(),
  kind: z.enum(['payment', 'refund']),
  amount: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  reason: z.string().nullable(),
  at: z.string(),
});
export type PaymentDto = z.infer<typeof paymentDto>;

export const orderDto = z.object({
  id: z.string(),
  /** The receipt number the client sees: the company's orders counted from 1. */
  number: z.number().int(),
  clientId: z.string(),
  clientName: z.string(),
  status: z.enum(ORDER_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  currency: z.string(),
  lines: z.array(orderLineDto),
  subtotal: z.number().int(),
  discount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  paid: z.number().int(),
  refunded: z.number().int(),
  promoCode: z.string().nullable(),
  payments: z.array(paymentDto),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type OrderDto = z.infer<typeof orderDto>;
export const orderListDto = listOf(orderDto);
export type OrderListDto = z.infer<typeof orderListDto>;

/** The answer to a purchase: the order, and where to pay when the provider is online. */
export const purchaseDto = z.object({ order: orderDto, checkoutUrl: z.string().nullable() });
export type PurchaseDto = z.infer<typeof purchaseDto>;

export const orderPreviewDto = orderDto.pick({
  currency: true,
  lines: true,
  subtotal: true,
  discount: true,
  tax: true,
  total: true,
  promoCode: true,
});
export type OrderPreviewDto = z.infer<typeof orderPreviewDto>;

export const listOrdersQuery = pageQuery.extend({ clientId: objectIdSchema.optional() });
export type ListOrdersQuery = z.infer<typeof listOrdersQuery>;

export const CLIENT_PACKAGE_STATUSES = ['active', 'paused', 'cancelled', 'expired'] as const;
export type ClientPackageStatus = (typeof CLIENT_PACKAGE_STATUSES)[number];

export const clientPackageDto = z.object({
  id: z.string(),
  clientId: z.string(),
  packageId: z.string(),
  orderId: z.string(),
  terms: packageTermsDto,
  status: z.enum(CLIENT_PACKAGE_STATUSES),
  /** Local date the purchase started. */
  startsOn: z.string(),
  /** Memberships: paid up to (exclusive); packs: null. */
  paidUntil: z.string().nullable(),
  /** Packs: when unused credits lapse (null = never, or not yet counting). */
  expiresAt: z.string().nullable(),
  /** Credits left (packs), classes left this period (limited memberships); null = unlimited. */
  remaining: z.number().int().nullable(),
  /** The first day a membership may be cancelled (its commitment, moved later by days paused); null = any time. */
  cancellableFrom: z.string().nullable(),
  /** A pause: since (paused) or from (planned, status still active) this local date; null = none. */
  pausedFrom: z.string().nullable().optional(),
  /** The local date a pause ends by itself; null = until someone resumes it. */
  pausedUntil: z.string().nullable().optional(),
  /** Cancelled at the end of its paid period: it ends (is not renewed) on this local date. */
  endsOn: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type ClientPackageDto = z.infer<typeof clientPackageDto>;

export const LEDGER_ENTRIES = ['grant', 'use', 'return', 'expire'] as const;
export const ledgerEntryDto = z.object({
  id: z.string(),
  clientPackageId: z.string(),
  packageName: z.string(),
  bookingId: z.string().nullable(),
  entry: z.enum(LEDGER_ENTRIES),
  credits: z.number().int(),
  reason: z.string(),
  at: z.string(),
});
export type LedgerEntryDto = z.infer<typeof ledgerEntryDto>;

/** `GET /api/clients/{clientId}/account` and `GET /api/my/account`. */
export const clientAccountDto = z.object({
  clientId: z.string(),
  clientName: z.string(),
  currency: z.string(),
  /** What open orders still ask for. */
  balanceOwing: z.number().int(),
  /** The studio takes card payments online (its Stripe account is connected). */
  payOnline: z.boolean(),
  /** A card is saved with the studio's Stripe for renewals and fees (from the last online payment). */
  savedCard: z.boolean(),
  /** The client asked to delete their account (anonymised 30 days later); null without a request. */
  deletionRequestedAt: z.string().nullable(),
  /** No earlier purchase of a package: an intro offer may be sold to them (the desk's account answers it). */
  introOfferAllowed: z.boolean().optional(),
  /** Today on the company's calendar (a pause starts from it by default). */
  today: z.string().optional(),
  packages: z.array(clientPackageDto),
  orders: z.array(orderDto),
  ledger: z.array(ledgerEntryDto),
});
export type ClientAccountDto = z.infer<typeof clientAccountDto>;

/** `GET /api/class-instances/{id}/payment-options`: what a booking would pay with, before confirming. */
export const paymentOptionsQuery = z.object({ clientId: objectIdSchema.optional() });
export const paymentOptionsDto = z.object({
  currency: z.string(),
  dropInPrice: z.number().int(),
  /** What booking now would use unless the client chooses another package. */
  best: z.object({
    kind: z.enum(['membership', 'class-pack', 'drop-in', 'free']),
    clientPackageId: z.string().nullable(),
    label: z.string(),
  }),
  packages: z.array(
    z.object({
      clientPackageId: z.string(),
      name: z.string(),
      kind: z.enum(['membership', 'class-pack']),
      /** Credits (packs) or classes this period (limited memberships) left; null = unlimited. */
      remaining: z.number().int().nullable(),
      usable: z.boolean(),
      problem: z.string().nullable(),
    }),
  ),
});
export type PaymentOptionsDto = z.infer<typeof paymentOptionsDto>;
