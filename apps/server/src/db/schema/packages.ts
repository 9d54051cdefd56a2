import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  CLIENT_PACKAGE_STATUSES,
  DISCOUNT_KINDS,
  LEDGER_ENTRIES,
  MEMBERSHIP_PERIODS,
  ORDER_LINE_KINDS,
  ORDER_STATUSES,
  PACK_EXPIRY_FROM,
  PACKAGE_KINDS,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
  PRODUCT_KINDS,
  type PackageTerms,
} from '@kinetic/shared';
import { companies } from './companies.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { users } from './users.ts';

const tenant = () =>
  idColumn('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * A company's tax rates (spec "companyData (tax)"): parts per million of the price (8.875% = 88 750, so
 * rates with up to four decimals of a percent are exact), included in prices or added on top.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    companyId: tenant(),
    id: idColumn('id').notNull(),
    name: text('name').notNull(),
    ratePpm: integer('rate_ppm').notNull(),
    inclusive: boolean('inclusive').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    check('tax_rates_rate_ppm', sql`${table.ratePpm} between 0 and 1000000`),
  ],
);

/** Memberships and class packs. Their terms are copied into each purchase (`client_packages.terms`). */
export const packages = pgTable(
  'packages',
  {
    companyId: tenant(),
    id: idColumn('id').notNull(),
    kind: text('kind', { enum: PACKAGE_KINDS }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    price: integer('price').notNull(),
    taxRateId: idColumn('tax_rate_id'),
    introOffer: boolean('intro_offer').notNull().default(false),
    offPeakOnly: boolean('off_peak_only').notNull().default(false),
    templateIds: text('template_ids').array().notNull().default([]),
    studioIds: text('studio_ids').array().notNull().default([]),
    /** Memberships. */
    period: text('period', { enum: MEMBERSHIP_PERIODS }),
    classLimit: integer('class_limit'),
    autoRenew: boolean('auto_renew').notNull().default(false),
    commitmentPeriods: integer('commitment_periods').notNull().default(0),
    signupFee: integer('signup_fee').notNull().default(0),
    /** Class packs. */
    credits: integer('credits'),
    expiryDays: integer('expiry_days'),
    expiryFrom: text('expiry_from', { enum: PACK_EXPIRY_FROM }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      name: 'packages_tax_rate_fk',
      columns: [table.companyId, table.taxRateId],
      foreignColumns: [taxRates.companyId, taxRates.id],
    }),
    check(
      'packages_kind_terms',
      sql`(${table.kind} = 'membership' and ${table.period} is not null and ${table.credits} is null)
        or (${table.kind} = 'class-pack' and ${table.credits} > 0 and ${table.period} is null and ${table.expiryFrom} is not null)`,
    ),
    check('packages_money', sql`${table.price} >= 0 and ${table.signupFee} >= 0`),
  ],
);

export const promoCodes = pgTable(
  'promo_codes',
  {
    companyId: tenant(),
    id: idColumn('id').notNull(),
    /** Upper-case; unique per company. */
    code: text('code').notNull(),
    discountKind: text('discount_kind', { enum: DISCOUNT_KINDS }).notNull(),
    discountValue: integer('discount_value').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    maxUses: integer('max_uses'),
    maxUsesPerClient: integer('max_uses_per_client'),
    packageIds: text('package_ids').array().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('promo_codes_code_key').on(table.companyId, table.code),
    check(
      'promo_codes_value',
      sql`${table.discountValue} > 0 and (${table.discountKind} <> 'percent' or ${table.discountValue} <= 100)`,
    ),
  ],
);

/** Services and Products (spec `reportSettings`): sold at the desk. */
export const products = pgTable(
  'products',
  {
    companyId: tenant(),
    id: idColumn('id').notNull(),
    kind: text('kind', { enum: PRODUCT_KINDS }).notNull(),
    name: text('name').notNull(),
    description: text('description'),
    price: integer('price').notNull(),
    taxRateId: idColumn('tax_rate_id'),
    sku: text('sku'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      name: 'products_tax_rate_fk',
      columns: [table.companyId, table.taxRateId],
      foreignColumns: [taxRates.companyId, taxRates.id],
    }),
    check('products_price', sql`${table.price} >= 0`),
  ],
);

/**
 * Every sale. Totals are stored as sold (lines, discount, tax); `paid` and `refunded` move only with a
 * `payments` row in the same transaction, and the database refuses a refund above what was paid.
 */
export const orders = pgTable(
  'orders',
  {
    companyId: tenant(),
    id: idColumn('id').notNull(),
    /** Receipt number, counted from 1 per company. */
    number: integer('number').notNull(),
    clientId: idColumn('client_id').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
    paid: integer('paid').notNull().default(0),
    refunded: integer('refunded').notNull().default(0),
    promoCodeId: idColumn('promo_code_id'),
    promoCode: text('promo_code'),
    /** Stripe Checkout session, while paying online. */
    checkoutSessionId: text('checkout_session_id'),
    createdBy: idColumn('created_by'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('orders_number_key').on(table.companyId, table.number),
    uniqueIndex('orders_checkout_session_key').on(table.checkoutSessionId),
    foreignKey({
      name: 'orders_client_fk',
      columns: [table.companyId, table.clientId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    index('orders_client_idx').on(table.companyId, table.clientId, table.createdAt),
    index('orders_promo_idx').on(table.companyId, table.promoCodeId),
    // Revenue reports (issue 14 §5) read a company's sales by when they were made.
    index('orders_created_idx').on(table.companyId, table.createdAt),
    // The Dashboard's balances owing (issue 18): only the open orders, few beside the paid ones; with
    // what they owe, so the sums are read from the index alone.
    index('orders_open_owing_idx')
      .on(table.companyId, table.clientId, table.total, table.paid)
      .where(sql`status = 'open'`),
    check(
      'orders_money',
      sql`${table.total} >= 0 and ${table.paid} >= 0 and ${table.refunded} >= 0 and ${table.refunded} <= ${table.paid} and ${table.paid} <= ${table.total}`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    companyId: idColumn('company_id').notNull(),
    id: idColumn('id').notNull(),
    orderId: idColumn('order_id').notNull(),
    position: integer('position').notNull(),
    kind: text('kind', { enum: ORDER_LINE_KINDS }).notNull(),
    packageId: idColumn('package_id'),
    productId: idColumn('product_id'),
    bookingId: idColumn('booking_id'),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    discount: integer('discount').notNull(),
    taxName: text('tax_name'),
    taxRatePpm: integer('tax_rate_ppm').notNull().default(0),
    taxInclusive: boolean('tax_inclusive').notNull().default(false),
    net: integer('net').notNull(),
    tax: integer('tax').notNull(),
    total: integer('total').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      name: 'order_lines_order_fk',
      columns: [table.companyId, table.orderId],
      foreignColumns: [orders.companyId, orders.id],
    }).onDelete('cascade'),
    index('order_lines_order_idx').on(table.companyId, table.orderId, table.position),
    check('order_lines_sum', sql`${table.net} + ${table.tax} = ${table.total} and ${table.total} >= 0`),
  ],
);

/** Money in (`payment`) and out (`refund`); a provider's reference is recorded once. */
export const payments = pgTable(
  'payments',
  {
    companyId: idColumn('company_id').notNull(),
    id: idColumn('id').notNull(),
    orderId: idColumn('order_id').notNull(),
    kind: text('kind', { enum: ['payment', 'refund'] }).notNull(),
    amount: integer('amount').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    providerRef: text('provider_ref'),
    reason: text('reason'),
    createdBy: idColumn('created_by'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      name: 'payments_order_fk',
      columns: [table.companyId, table.orderId],
      foreignColumns: [orders.companyId, orders.id],
    }).onDelete('cascade'),
    index('payments_order_idx').on(table.companyId, table.orderId, table.at),
    // Revenue reports count refunds in the period they were given.
    index('payments_refunds_idx')
      .on(table.companyId, table.at)
      .where(sql`kind = 'refund'`),
    uniqueIndex('payments_provider_ref_key').on(table.companyId, table.kind, table.providerRef),
    // The Dashboard's money taken in a week (issue 18).
    index('payments_at_idx').on(table.companyId, table.at),
    check('payments_amount', sql`${table.amount} > 0`),
  ],
);

/** What a client bought: a membership or pack with its own copy of the terms. */
export const clientPackages = pgTable(
  'client_packages',
  {
    companyId: idColumn('company_id').notNull(),
    id: idColumn('id').notNull(),
    clientId: idColumn('client_id').notNull(),
    packageId: idColumn('package_id').notNull(),
    orderId: idColumn('order_id').notNull(),
    terms: jsonb('terms').$type<PackageTerms>().notNull(),
    status: text('status', { enum: CLIENT_PACKAGE_STATUSES }).notNull(),
    /** Local date (company zone) the purchase starts; membership periods count from it. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    /** Memberships: paid up to this local date (exclusive). */
    paidUntil: date('paid_until', { mode: 'string' }),
    /** Packs: unused credits lapse at this instant (set at purchase or first use). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Renewal attempts that failed in a row (Stripe); paused after the last. */
    renewalFailures: integer('renewal_failures').notNull().default(0),
    /**
     * A pause: since this local date (status `paused`), or planned from it (status still `active`; the
     * renewal job pauses it on the day). Null = none.
     */
    pausedFrom: date('paused_from', { mode: 'string' }),
    /** The local date a pause ends by itself (the renewal job resumes it); null = until resumed. */
    pausedUntil: date('paused_until', { mode: 'string' }),
    /** Days paused so far, over every pause: the commitment ends that much later. */
    pausedDays: integer('paused_days').notNull().default(0),
    /** Cancelled at the end of its paid period: not renewed, and cancelled on this local date. */
    endsOn: date('ends_on', { mode: 'string' }),
    /** The `paid_until` whose "renewing soon" email went (jobs/package-notices.ts): once per renewal. */
    renewalNoticeFor: date('renewal_notice_for', { mode: 'string' }),
    /** When the "pack expiring soon" email went: once per pack. */
    expiryNoticeSentAt: timestamp('expiry_notice_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      name: 'client_packages_client_fk',
      columns: [table.companyId, table.clientId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'client_packages_order_fk',
      columns: [table.companyId, table.orderId],
      foreignColumns: [orders.companyId, orders.id],
    }),
    foreignKey({
      name: 'client_packages_package_fk',
      columns: [table.companyId, table.packageId],
      foreignColumns: [packages.companyId, packages.id],
    }),
    index('client_packages_client_idx').on(table.companyId, table.clientId, table.status),
    index('client_packages_renewal_idx')
      .on(table.paidUntil)
      .where(sql`status = 'active' and paid_until is not null`),
    // The Dashboard (issue 18): one company's auto-renewals of the coming week in date order (counted
    // from the index alone: 8,000 in a week at 30,000 monthly memberships), and its failed renewals.
    index('client_packages_auto_renewal_idx')
      .on(table.companyId, table.paidUntil, table.id)
      .where(
        sql`status = 'active' and paid_until is not null and ends_on is null and (terms ->> 'autoRenew')::boolean`,
      ),
    index('client_packages_failed_idx')
      .on(table.companyId, table.updatedAt)
      .where(sql`renewal_failures > 0`),
  ],
);

/**
 * Credits: a pack's grant, each use by a booking and each return. Never a counter edited in place: what
 * is left is the sum. One use and one return per booking at most (the unique index), however often a
 * request is retried.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    companyId: idColumn('company_id').notNull(),
    id: idColumn('id').notNull(),
    clientPackageId: idColumn('client_package_id').notNull(),
    bookingId: idColumn('booking_id'),
    entry: text('entry', { enum: LEDGER_ENTRIES }).notNull(),
    credits: integer('credits').notNull(),
    /** Memberships with a class limit: the period (its first local date) a use counts in. */
    periodStart: date('period_start', { mode: 'string' }),
    reason: text('reason').notNull(),
    actorId: idColumn('actor_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      name: 'credit_ledger_client_package_fk',
      columns: [table.companyId, table.clientPackageId],
      foreignColumns: [clientPackages.companyId, clientPackages.id],
    }).onDelete('cascade'),
    uniqueIndex('credit_ledger_once_per_booking')
      .on(table.companyId, table.bookingId, table.entry)
      .where(sql`booking_id is not null`),
    index('credit_ledger_package_idx').on(table.companyId, table.clientPackageId, table.periodStart),
  ],
);

/** A company's own Stripe account (keys encrypted with the server's secret); absent = pay at studio only. */
export const paymentSettings = pgTable('payment_settings', {
  companyId: idColumn('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  stripePublishableKey: text('stripe_publishable_key'),
  stripeSecretKey: text('stripe_secret_key'),
  stripeWebhookSecret: text('stripe_webhook_secret'),
  updatedAt: updatedAt(),
});

/** Stripe events handled, by id: a replayed webhook is answered 200 and ignored. */
export const stripeEvents = pgTable(
  'stripe_events',
  {
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.eventId] })],
);

/** A client's Stripe customer and saved card, for renewals and fees. */
export const stripeCustomers = pgTable(
  'stripe_customers',
  {
    companyId: idColumn('company_id').notNull(),
    clientId: idColumn('client_id').notNull(),
    customerId: text('customer_id').notNull(),
    paymentMethodId: text('payment_method_id'),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.clientId] }),
    foreignKey({
      name: 'stripe_customers_client_fk',
      columns: [table.companyId, table.clientId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
  ],
);
