import {
  formatMoney,
  isClientRole,
  priceOrder,
  type BuyPackageBody,
  type CancelWhen,
  type ClientAccountDto,
  type ClientPackageDto,
  type LedgerEntryDto,
  type ListOrdersQuery,
  type OrderDto,
  type OrderItem,
  type OrderListDto,
  type OrderPreviewDto,
  type PaymentMethod,
  type PaymentProvider,
  type PlaceOrderValues,
  type PurchaseDto,
} from '@kinetic/shared';
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Jobs } from '../../jobs/runner.ts';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { emitOrderPaid, emitRefund } from '../webhooks/event-data.ts';
import {
  clientPackages,
  creditLedger,
  orderLines,
  orders,
  paymentSettings,
  stripeCustomers,
  taxRates,
} from '../../db/schema/index.ts';
import { actorCan, type Actor } from '../../plugins/auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../../plugins/errors.ts';
import { companyOrNotFound, type CompanyRow } from '../accounts/accounts.repo.ts';
import { claimIdempotencyKey, findClient, storeIdempotentAnswer } from '../bookings/bookings.repo.ts';
import { localDateOf } from '../fitness-sessions/zoned-time.ts';
import { findPackage, findProduct, termsOf, type PackageRow } from '../packages/catalogue.service.ts';
import { findPromoByCode, usesOf, type PromoCodeRow } from '../promo-codes/promo-codes.service.ts';
import {
  cancelChanges,
  commitmentEnds,
  commitmentRunning,
  dayText,
  lockRow,
  pauseChanges,
  resumeChanges,
  update,
} from './membership-changes.ts';
import { periodOf, periodStart } from './membership-periods.ts';
import { queueOrderReceipt, queueRefundEmail } from './order-emails.ts';
import {
  findOrder,
  insertLedger,
  insertOrder,
  insertPayment,
  ordersWithDetails,
  updateOrder,
  type ClientPackageRow,
  type NewLine,
  type OrderDetails,
  type OrderRow,
} from './orders.repo.ts';

export interface OrderDeps {
  db: Database;
  jobs?: Pick<Jobs, 'deliverEmail'> | undefined;
  publicUrl: string;
  log: (error: unknown) => void;
}

const ORDER_NOT_FOUND = 'We could not find that order.';
/** The team's money abilities (issue 15 §2): selling, taking payment and refunding; seeing a client's account. */
const maySell = (actor: Actor) => actorCan(actor, 'sellAndRefund');
const maySeeMoney = (actor: Actor) => actorCan(actor, 'seeFinancials');

type Company = CompanyRow;
const companyOf = companyOrNotFound;

/** Runs `work` once per Idempotency-Key: a retry answers the first result. */
async function once<T>(
  tx: Executor,
  actor: Actor,
  idempotencyKey: string | undefined,
  request: object,
  work: () => Promise<T>,
): Promise<T> {
  if (!idempotencyKey) return work();
  const key = {
    companyId: actor.companyId,
    userId: actor.userId,
    key: idempotencyKey,
    request: JSON.stringify(request),
  };
  const claim = await claimIdempotencyKey(tx, key);
  if (!claim.claimed) {
    if (claim.request !== key.request)
      throw conflict('This Idempotency-Key was already used for a different request; send a new key.');
    return claim.response as T;
  }
  const answer = await work();
  await storeIdempotentAnswer(tx, key, answer);
  return answer;
}

// ------------------------------------------------------------------------------------------- pricing

/**
 * The packages a client has bought (one entry per order line, orders not cancelled). None: an intro offer
 * may still be sold to them. The desk's account answers the same (`introOfferAllowed`).
 */
async function packagesBought(tx: Executor, companyId: string, clientId: string): Promise<(string | null)[]> {
  const rows = await tx
    .select({ packageId: orderLines.packageId })
    .from(orderLines)
    .innerJoin(orders, and(eq(orders.companyId, orderLines.companyId), eq(orders.id, orderLines.orderId)))
    .where(
      and(
        eq(orderLines.companyId, companyId),
        eq(orders.clientId, clientId),
        eq(orderLines.kind, 'package'),
        ne(orders.status, 'cancelled'),
      ),
    );
  return rows.map((row) => row.packageId);
}

interface BuiltOrder {
  lines: NewLine[];
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  promo: PromoCodeRow | null;
  sold: PackageRow[];
}

/**
 * Prices what a client would buy, with every rule of the catalogue: packages and items on sale, an intro
 * offer only for a client's first purchase, a promo code's dates (company's local days), limits and
 * packages, a membership's sign-up fee on its first purchase, and each line's tax.
 */
async function buildOrder(
  tx: Executor,
  company: Company,
  clientId: string | null,
  items: OrderItem[],
  promoCode: string | null,
  now: Date,
  /** A preview prices without saving: it reads the promo's uses without locking its row. */
  options: { preview?: boolean } = {},
): Promise<BuiltOrder> {
  const rates = new Map(
    (await tx.select().from(taxRates).where(eq(taxRates.companyId, company.id))).map((rate) => [
      rate.id,
      rate,
    ]),
  );
  const taxOf = (taxRateId: string | null) => {
    const rate = taxRateId ? rates.get(taxRateId) : undefined;
    return rate ? { name: rate.name, ratePpm: rate.ratePpm, inclusive: rate.inclusive } : null;
  };
  const earlier = clientId ? await packagesBought(tx, company.id, clientId) : [];
  const boughtBefore = new Set(earlier);

  const drafts: {
    line: Omit<NewLine, 'discount' | 'net' | 'tax' | 'total'>;
    packageId: string | null;
    tax: ReturnType<typeof taxOf>;
  }[] = [];
  const sold: PackageRow[] = [];
  for (const [index, item] of items.entries()) {
    if (item.kind === 'package') {
      const row = await findPackage(tx, company.id, item.packageId);
      if (row.archivedAt) throw conflict(`${row.name} is no longer sold.`);
      if (sold.some((other) => other.id === row.id)) throw badRequest(`${row.name} is in the order twice.`);
      if (row.introOffer && (earlier.length > 0 || sold.length > 0)) {
        const message = `${row.name} is an intro offer, only for a first purchase.`;
        throw conflict(message, { [`items.${index}.packageId`]: message });
      }
      sold.push(row);
      const base = { kind: 'package' as const, packageId: row.id, quantity: 1, unitPrice: row.price };
      drafts.push({
        line: {
          ...base,
          description: row.name,
          taxName: taxOf(row.taxRateId)?.name ?? null,
          taxRatePpm: taxOf(row.taxRateId)?.ratePpm ?? 0,
          taxInclusive: taxOf(row.taxRateId)?.inclusive ?? false,
        },
        packageId: row.id,
        tax: taxOf(row.taxRateId),
      });
      if (row.kind === 'membership' && row.signupFee > 0 && !boughtBefore.has(row.id))
        drafts.push({
          line: {
            kind: 'signup-fee',
            packageId: row.id,
            quantity: 1,
            unitPrice: row.signupFee,
            description: `Sign-up fee: ${row.name}`,
            taxName: taxOf(row.taxRateId)?.name ?? null,
            taxRatePpm: taxOf(row.taxRateId)?.ratePpm ?? 0,
            taxInclusive: taxOf(row.taxRateId)?.inclusive ?? false,
          },
          packageId: null,
          tax: taxOf(row.taxRateId),
        });
    } else {
      const row = await findProduct(tx, company.id, item.productId);
      if (row.archivedAt) throw conflict(`${row.name} is no longer sold.`);
      const tax = taxOf(row.taxRateId);
      drafts.push({
        line: {
          kind: 'product',
          productId: row.id,
          quantity: item.quantity,
          unitPrice: row.price,
          description: row.name,
          taxName: tax?.name ?? null,
          taxRatePpm: tax?.ratePpm ?? 0,
          taxInclusive: tax?.inclusive ?? false,
        },
        packageId: null,
        tax,
      });
    }
  }

  // Why a code cannot be used: the same sentences at the desk's price, its sale, and the client's checkout.
  let promo: PromoCodeRow | null = null;
  if (promoCode) {
    const unknown = `${promoCode} is not a promo code we know. Check its spelling.`;
    promo = (await findPromoByCode(tx, company.id, promoCode)) ?? null;
    if (!promo) throw badRequest(unknown, { promoCode: unknown });
    const today = localDateOf(now, company.timeZone);
    const refuse = (message: string) => conflict(message, { promoCode: message });
    if (promo.validFrom && today < promo.validFrom)
      throw refuse(`${promo.code} is not valid yet: it can be used from ${dayText(promo.validFrom)}.`);
    if (promo.validUntil && today > promo.validUntil)
      throw refuse(`${promo.code} has expired: its last day was ${dayText(promo.validUntil)}.`);
    const applies = (packageId: string | null) =>
      packageId !== null && (promo?.packageIds.length === 0 || promo?.packageIds.includes(packageId));
    if (!drafts.some((draft) => applies(draft.packageId))) {
      const names = [...new Set(drafts.filter((draft) => draft.line.kind !== 'signup-fee').map((draft) => draft.line.description))];
      throw refuse(`This code is not valid for ${names.length > 0 ? names.join(', ') : 'this order'}.`);
    }
    // The code's row is locked, so two orders cannot both take its last use.
    if (!options.preview)
      await tx.execute(
        sql`select 1 from promo_codes where company_id = ${company.id} and id = ${promo.id} for update`,
      );
    if (
      promo.maxUses !== null &&
      ((await usesOf(tx, company.id, [promo.id])).get(promo.id) ?? 0) >= promo.maxUses
    )
      throw refuse(`${promo.code} is used up: it has been used as often as it may be.`);
    if (
      clientId &&
      promo.maxUsesPerClient !== null &&
      ((await usesOf(tx, company.id, [promo.id], clientId)).get(promo.id) ?? 0) >= promo.maxUsesPerClient
    )
      throw refuse(
        `${promo.code} has already been used ${promo.maxUsesPerClient === 1 ? 'once' : `${promo.maxUsesPerClient} times`} by this client.`,
      );
  }

  const priced = priceOrder(
    drafts.map((draft) => ({
      unitPrice: draft.line.unitPrice,
      quantity: draft.line.quantity,
      tax: draft.tax,
      discountable:
        promo !== null &&
        draft.packageId !== null &&
        (promo.packageIds.length === 0 || promo.packageIds.includes(draft.packageId)),
    })),
    promo
      ? promo.discountKind === 'percent'
        ? { kind: 'percent', percent: promo.discountValue }
        : { kind: 'amount', amount: promo.discountValue }
      : null,
  );
  return {
    lines: drafts.map((draft, index) => {
      const line = priced.lines[index];
      return {
        ...draft.line,
        discount: line?.discount ?? 0,
        net: line?.net ?? 0,
        tax: line?.tax ?? 0,
        total: line?.total ?? 0,
      };
    }),
    subtotal: priced.subtotal,
    discount: priced.discount,
    tax: priced.tax,
    total: priced.total,
    promo,
    sold,
  };
}

/** Writes a priced order for a client. */
function saveBuilt(
  tx: Executor,
  company: Company,
  clientId: string,
  provider: PaymentProvider,
  built: BuiltOrder,
  createdBy: string,
  now: Date,
): Promise<OrderRow> {
  return insertOrder(
    tx,
    company.id,
    {
      clientId,
      provider,
      currency: company.currency,
      subtotal: built.subtotal,
      discount: built.discount,
      tax: built.tax,
      total: built.total,
      promoCodeId: built.promo?.id ?? null,
      promoCode: built.promo?.code ?? null,
      createdBy,
      lines: built.lines,
    },
    now,
  );
}

// ------------------------------------------------------------------------------------------ answers

function lineDto(id: string, line: NewLine): OrderDto['lines'][number] {
  return {
    id,
    kind: line.kind,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    discount: line.discount,
    taxName: line.taxName,
    taxRatePpm: line.taxRatePpm,
    taxInclusive: line.taxInclusive,
    net: line.net,
    tax: line.tax,
    total: line.total,
  };
}

function orderDto(details: OrderDetails): OrderDto {
  const { order } = details;
  return {
    id: order.id,
    number: order.number,
    clientId: order.clientId,
    clientName: details.clientName,
    status: order.status,
    provider: order.provider,
    currency: order.currency,
    lines: details.lines.map((line) => lineDto(line.id, line)),
    subtotal: order.subtotal,
    discount: order.discount,
    tax: order.tax,
    total: order.total,
    paid: order.paid,
    refunded: order.refunded,
    promoCode: order.promoCode,
    payments: details.payments.map((payment) => ({
      id: payment.id,
      kind: payment.kind,
      amount: payment.amount,
      method: payment.method,
      reason: payment.reason,
      at: payment.at.toISOString(),
    })),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}

async function detailsOf(tx: Executor, companyId: string, orderId: string): Promise<OrderDetails> {
  const [details] = await ordersWithDetails(tx, companyId, { orderIds: [orderId] });
  if (!details) throw notFound(ORDER_NOT_FOUND);
  return details;
}

/**
 * The receipt of a payment on an order (or of an order placed to pay at the studio), queued in the
 * caller's transaction through the studio's "Payment receipt" email. Answers the outbox ids.
 */
async function queueReceipt(
  tx: Executor,
  company: Company,
  details: OrderDetails,
  publicUrl: string,
  at: Date,
): Promise<string[]> {
  return queueOrderReceipt(tx, company, details, publicUrl, at);
}

/** The receipt of a payment on an order, queued in the caller's transaction (none when switched off). */
export async function queuePaymentReceipt(
  tx: Executor,
  company: Company,
  orderId: string,
  publicUrl: string,
  at = new Date(),
): Promise<string[]> {
  return queueReceipt(tx, company, await detailsOf(tx, company.id, orderId), publicUrl, at);
}

async function deliver(deps: OrderDeps, emails: string[]) {
  for (const id of emails) deps.jobs?.deliverEmail(id).catch(deps.log);
}

// ---------------------------------------------------------------------------------------- purchases

/** A bought package starts today (company's local date): a membership's first period, a pack's credits. */
async function activatePackages(
  tx: Executor,
  company: Company,
  order: OrderRow,
  sold: PackageRow[],
  actorId: string | null,
  now: Date,
): Promise<void> {
  const startsOn = localDateOf(now, company.timeZone);
  for (const row of sold) {
    const terms = termsOf(row);
    const id = generateId(now.getTime());
    await tx.insert(clientPackages).values({
      companyId: company.id,
      id,
      clientId: order.clientId,
      packageId: row.id,
      orderId: order.id,
      terms,
      status: 'active',
      startsOn,
      paidUntil: terms.kind === 'membership' && terms.period ? periodStart(startsOn, terms.period, 1) : null,
      expiresAt:
        terms.kind === 'class-pack' && terms.expiryFrom === 'purchase' && terms.expiryDays
          ? new Date(now.getTime() + terms.expiryDays * 86_400_000)
          : null,
      createdAt: now,
      updatedAt: now,
    });
    if (terms.kind === 'class-pack' && terms.credits)
      await insertLedger(
        tx,
        company.id,
        {
          clientPackageId: id,
          bookingId: null,
          entry: 'grant',
          credits: terms.credits,
          reason: `Bought: order #${order.number}`,
          actorId,
          at: now,
        },
        now,
      );
  }
}

async function takePayment(
  tx: Executor,
  company: Company,
  order: OrderRow,
  method: PaymentMethod,
  actorId: string | null,
  now: Date,
  publicUrl: string,
  providerRef: string | null = null,
): Promise<string[]> {
  const due = order.total - order.paid;
  if (due > 0)
    await insertPayment(
      tx,
      company.id,
      { orderId: order.id, kind: 'payment', amount: due, method, providerRef, createdBy: actorId },
      now,
    );
  await updateOrder(tx, company.id, order.id, { status: 'paid', paid: order.total, paidAt: now });
  await emitOrderPaid(tx, company.id, order.id, now);
  if (due === 0) return [];
  return queueReceipt(tx, company, await detailsOf(tx, company.id, order.id), publicUrl, now);
}

/**
 * Sells at the desk (`POST /api/orders`): the order is priced, the packages start, and it is either paid
 * now (receipt emailed) or left open for the client to pay at the studio. An Idempotency-Key makes a
 * retried sale answer the first one.
 */
export async function placeOrder(
  deps: OrderDeps,
  actor: Actor,
  body: PlaceOrderValues,
  idempotencyKey: string | undefined,
  now = new Date(),
): Promise<PurchaseDto> {
  if (!maySell(actor)) throw forbidden('Your account cannot sell at the desk.');
  const emails: string[] = [];
  const answer = await withTenant(deps.db, actor.companyId, (tx) =>
    once(tx, actor, idempotencyKey, { action: 'sell', ...body }, async () => {
      const company = await companyOf(tx, actor.companyId);
      const client = await findClient(tx, actor.companyId, body.clientId);
      if (!client) throw notFound('We could not find that client.');
      // One order at a time per client: intro offers and per-client promo limits count what came before.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`client-orders:${actor.companyId}:${client.id}`}))`,
      );
      const built = await buildOrder(tx, company, client.id, body.items, body.promoCode, now);
      const order = await saveBuilt(tx, company, client.id, 'studio', built, actor.userId, now);
      await activatePackages(tx, company, order, built.sold, actor.userId, now);
      if (body.paidWith || order.total === 0)
        emails.push(
          ...(await takePayment(tx, company, order, body.paidWith ?? 'other', actor.userId, now, deps.publicUrl)),
        );
      else
        emails.push(
          ...(await queueReceipt(tx, company, await detailsOf(tx, company.id, order.id), deps.publicUrl, now)),
        );
      return { order: orderDto(await detailsOf(tx, actor.companyId, order.id)), checkoutUrl: null };
    }),
  );
  await deliver(deps, emails);
  return answer;
}

/**
 * A client buys a package (`POST /api/my/orders`). Pay at the studio: the package starts now and the
 * order stays open until the desk takes the money. Online: see the Stripe provider.
 */
export async function buyPackage(
  deps: OrderDeps,
  actor: Actor,
  body: BuyPackageBody & { provider: PaymentProvider },
  idempotencyKey: string | undefined,
  now = new Date(),
  online?: (tx: Executor, order: OrderRow, company: Company) => Promise<string>,
): Promise<PurchaseDto> {
  if (!isClientRole(actor.roleId))
    throw forbidden('Only clients buy packages for themselves; sell at the desk instead.');
  const emails: string[] = [];
  const answer = await withTenant(deps.db, actor.companyId, (tx) =>
    once(tx, actor, idempotencyKey, { action: 'buy', ...body }, async () => {
      const company = await companyOf(tx, actor.companyId);
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`client-orders:${actor.companyId}:${actor.userId}`}))`,
      );
      const built = await buildOrder(
        tx,
        company,
        actor.userId,
        [{ kind: 'package', packageId: body.packageId }],
        body.promoCode ?? null,
        now,
      );
      if (body.provider === 'stripe' && !online)
        throw conflict('This studio does not take payments online yet; choose to pay at the studio.', {
          provider: 'Online payment is not set up',
        });
      const order = await saveBuilt(tx, company, actor.userId, body.provider, built, actor.userId, now);
      let checkoutUrl: string | null = null;
      if (body.provider === 'stripe' && online && order.total > 0)
        checkoutUrl = await online(tx, order, company);
      else {
        await activatePackages(tx, company, order, built.sold, actor.userId, now);
        if (order.total === 0)
          emails.push(...(await takePayment(tx, company, order, 'other', actor.userId, now, deps.publicUrl)));
        else
          emails.push(
            ...(await queueReceipt(tx, company, await detailsOf(tx, company.id, order.id), deps.publicUrl, now)),
          );
      }
      return { order: orderDto(await detailsOf(tx, actor.companyId, order.id)), checkoutUrl };
    }),
  );
  await deliver(deps, emails);
  return answer;
}

/** Online payment confirmed (Stripe webhook): the order is paid, its packages start, the receipt goes out. */
export async function confirmOnlinePayment(
  deps: OrderDeps,
  companyId: string,
  orderId: string,
  providerRef: string,
  now = new Date(),
): Promise<void> {
  const emails = await withTenant(deps.db, companyId, async (tx) => {
    const order = await findOrder(tx, companyId, orderId, { lock: true });
    if (!order || order.status !== 'open') return [];
    const company = await companyOf(tx, companyId);
    // A purchase made online starts its packages now; an order owed at the studio and paid online
    // (the client's balance) has had its packages since it was made.
    if (order.provider === 'stripe') {
      const lines = await tx
        .select({ packageId: orderLines.packageId })
        .from(orderLines)
        .where(
          and(
            eq(orderLines.companyId, companyId),
            eq(orderLines.orderId, orderId),
            eq(orderLines.kind, 'package'),
          ),
        );
      const sold = [];
      for (const line of lines) if (line.packageId) sold.push(await findPackage(tx, companyId, line.packageId));
      await activatePackages(tx, company, order, sold, null, now);
    }
    return takePayment(tx, company, order, 'stripe', null, now, deps.publicUrl, providerRef);
  });
  await deliver(deps, emails);
}

/**
 * The client pays what an order of theirs still owes, online (client Settings › Payment): answers the
 * address of Stripe's page. Another client's order is not found; a paid or cancelled one has nothing due.
 */
export async function payBalanceOnline(
  db: Database,
  actor: Actor,
  orderId: string,
  checkout: (tx: Executor, order: OrderRow) => Promise<string>,
): Promise<string> {
  return withTenant(db, actor.companyId, async (tx) => {
    const order = await findOrder(tx, actor.companyId, orderId, { lock: true });
    if (!order || order.clientId !== actor.userId) throw notFound(ORDER_NOT_FOUND);
    if (order.status !== 'open' || order.total - order.paid <= 0)
      throw conflict(`Order #${order.number} has nothing left to pay.`);
    return checkout(tx, order);
  });
}

export async function previewOrder(
  db: Database,
  actor: Actor,
  body: { clientId?: string | null | undefined; items: OrderItem[]; promoCode: string | null },
  now = new Date(),
): Promise<OrderPreviewDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const company = await companyOf(tx, actor.companyId);
    const clientId = isClientRole(actor.roleId) ? actor.userId : (body.clientId ?? null);
    if (clientId && !(await findClient(tx, actor.companyId, clientId)))
      throw notFound('We could not find that client.');
    const built = await buildOrder(tx, company, clientId, body.items, body.promoCode, now, { preview: true });
    return {
      currency: company.currency,
      lines: built.lines.map((line, index) => lineDto(String(index), line)),
      subtotal: built.subtotal,
      discount: built.discount,
      tax: built.tax,
      total: built.total,
      promoCode: built.promo?.code ?? null,
    };
  });
}

/** The desk takes an open order's money (cash, card terminal, other): receipt emailed. */
export async function payOrder(
  deps: OrderDeps,
  actor: Actor,
  orderId: string,
  method: 'cash' | 'card' | 'other',
  now = new Date(),
): Promise<OrderDto> {
  if (!maySell(actor))
    throw isClientRole(actor.roleId)
      ? notFound(ORDER_NOT_FOUND)
      : forbidden('Your account cannot take payments.');
  const emails: string[] = [];
  const answer = await withTenant(deps.db, actor.companyId, async (tx) => {
    const order = await findOrder(tx, actor.companyId, orderId, { lock: true });
    if (!order) throw notFound(ORDER_NOT_FOUND);
    if (order.status === 'cancelled') throw conflict('This order was cancelled; there is nothing to pay.');
    if (order.status !== 'open') throw conflict(`Order #${order.number} is already paid.`);
    emails.push(
      ...(await takePayment(
          tx,
          await companyOf(tx, actor.companyId),
          order,
          method,
          actor.userId,
          now,
          deps.publicUrl,
        )),
    );
    return orderDto(await detailsOf(tx, actor.companyId, orderId));
  });
  await deliver(deps, emails);
  return answer;
}

/**
 * Refunds part or all of what was paid (never more: the service says so, and the database's CHECK
 * `refunded <= paid` stands behind it). Retried with the same Idempotency-Key, it is recorded once.
 */
export async function refundOrder(
  deps: OrderDeps,
  actor: Actor,
  orderId: string,
  body: { amount: number; reason: string | null; endPackages?: boolean | undefined },
  idempotencyKey: string | undefined,
  now = new Date(),
  online?: (tx: Executor, order: OrderRow, amount: number) => Promise<string>,
): Promise<OrderDto & { endedPackages: string[] }> {
  if (!maySell(actor))
    throw isClientRole(actor.roleId) ? notFound(ORDER_NOT_FOUND) : forbidden('Your account cannot refund.');
  const emails: string[] = [];
  const answer = await withTenant(deps.db, actor.companyId, (tx) =>
    once(tx, actor, idempotencyKey, { action: 'refund', orderId, ...body }, async () => {
      const order = await findOrder(tx, actor.companyId, orderId, { lock: true });
      if (!order) throw notFound(ORDER_NOT_FOUND);
      const left = order.paid - order.refunded;
      if (left <= 0) throw conflict(`Order #${order.number} has nothing paid left to refund.`);
      if (body.amount > left) {
        const { locale } = await companyOf(tx, actor.companyId);
        const message = `You can refund at most ${formatMoney(left, order.currency, locale)} (what was paid and not yet refunded).`;
        throw conflict(message, { amount: message });
      }
      const [lastPayment] = await ordersWithDetails(tx, actor.companyId, { orderIds: [order.id] }).then(
        (rows) => (rows[0]?.payments ?? []).filter((payment) => payment.kind === 'payment').slice(-1),
      );
      const method = lastPayment?.method ?? 'other';
      const providerRef = method === 'stripe' && online ? await online(tx, order, body.amount) : null;
      await insertPayment(
        tx,
        actor.companyId,
        {
          orderId: order.id,
          kind: 'refund',
          amount: body.amount,
          method,
          providerRef,
          reason: body.reason,
          createdBy: actor.userId,
        },
        now,
      );
      const refunded = order.refunded + body.amount;
      await updateOrder(tx, actor.companyId, order.id, {
        refunded,
        status: refunded === order.paid ? 'refunded' : 'partly-refunded',
      });
      await emitRefund(tx, actor.companyId, order.id, { amount: body.amount, reason: body.reason }, now);
      // Taking a pack or membership back: it stops at once (no commitment: the studio chose to refund).
      const ended = body.endPackages
        ? await tx
            .update(clientPackages)
            .set({ status: 'cancelled', pausedFrom: null, pausedUntil: null, endsOn: null, updatedAt: now })
            .where(
              and(
                eq(clientPackages.companyId, actor.companyId),
                eq(clientPackages.orderId, order.id),
                inArray(clientPackages.status, ['active', 'paused']),
              ),
            )
            .returning({ terms: clientPackages.terms })
        : [];
      const details = await detailsOf(tx, actor.companyId, order.id);
      emails.push(
        ...(await queueRefundEmail(
          tx,
          await companyOf(tx, actor.companyId),
          details,
          { amount: body.amount, reason: body.reason },
          deps.publicUrl,
          now,
        )),
      );
      return { ...orderDto(details), endedPackages: ended.map((row) => row.terms.name) };
    }),
  );
  await deliver(deps, emails);
  return answer;
}

export async function listOrders(db: Database, actor: Actor, query: ListOrdersQuery): Promise<OrderListDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const clientId = isClientRole(actor.roleId) ? actor.userId : query.clientId;
    const where = and(
      eq(orders.companyId, actor.companyId),
      clientId ? eq(orders.clientId, clientId) : undefined,
    );
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(orders).where(where);
    const rows = await ordersWithDetails(tx, actor.companyId, {
      ...(clientId ? { clientId } : {}),
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { items: rows.map(orderDto), total };
  });
}

export async function getOrder(db: Database, actor: Actor, orderId: string): Promise<OrderDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    const details = await detailsOf(tx, actor.companyId, orderId);
    if (isClientRole(actor.roleId) && details.order.clientId !== actor.userId)
      throw notFound(ORDER_NOT_FOUND);
    return orderDto(details);
  });
}

// ------------------------------------------------------------------------------------ client account

/** Exported for the client profile (issue 14), which shows what a client holds without the prices. */
export async function clientPackageDtos(
  tx: Executor,
  company: Company,
  rows: ClientPackageRow[],
  now: Date,
): Promise<ClientPackageDto[]> {
  const today = localDateOf(now, company.timeZone);
  const answers: ClientPackageDto[] = [];
  for (const row of rows) {
    const { terms } = row;
    let remaining: number | null = null;
    const period =
      terms.kind === 'membership' && terms.period ? periodOf(row.startsOn, terms.period, today) : null;
    if (terms.kind === 'class-pack' || terms.classLimit !== null) {
      const [sum] = await tx
        .select({ credits: sql<number>`coalesce(sum(${creditLedger.credits}), 0)::int` })
        .from(creditLedger)
        .where(
          and(
            eq(creditLedger.companyId, company.id),
            eq(creditLedger.clientPackageId, row.id),
            terms.kind === 'membership'
              ? eq(creditLedger.periodStart, period?.start ?? row.startsOn)
              : undefined,
          ),
        );
      const credits = Number(sum?.credits ?? 0);
      remaining = terms.kind === 'class-pack' ? credits : Math.max(0, (terms.classLimit ?? 0) + credits);
    }
    const expired = row.status === 'active' && row.expiresAt !== null && row.expiresAt <= now;
    answers.push({
      id: row.id,
      clientId: row.clientId,
      packageId: row.packageId,
      orderId: row.orderId,
      terms,
      status: expired ? 'expired' : row.status,
      startsOn: row.startsOn,
      paidUntil: row.paidUntil,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      remaining,
      cancellableFrom: commitmentEnds(row, today),
      pausedFrom: row.pausedFrom,
      pausedUntil: row.pausedUntil,
      endsOn: row.endsOn,
      createdAt: row.createdAt.toISOString(),
    });
  }
  return answers;
}

export async function clientAccount(
  db: Database,
  actor: Actor,
  clientId: string,
  now = new Date(),
): Promise<ClientAccountDto> {
  if (isClientRole(actor.roleId) && clientId !== actor.userId)
    throw notFound('We could not find that client.');
  if (!isClientRole(actor.roleId) && !maySeeMoney(actor))
    throw forbidden('Your account cannot see client accounts.');
  return withTenant(db, actor.companyId, async (tx) => {
    const company = await companyOf(tx, actor.companyId);
    const client = await findClient(tx, actor.companyId, clientId);
    if (!client) throw notFound('We could not find that client.');
    const held = await tx
      .select()
      .from(clientPackages)
      .where(and(eq(clientPackages.companyId, company.id), eq(clientPackages.clientId, clientId)))
      .orderBy(desc(clientPackages.createdAt));
    const orderRows = await ordersWithDetails(tx, company.id, { clientId, limit: 100 });
    const names = new Map(held.map((row) => [row.id, row.terms.name]));
    const ledger = held.length
      ? await tx
          .select()
          .from(creditLedger)
          .where(
            and(
              eq(creditLedger.companyId, company.id),
              inArray(
                creditLedger.clientPackageId,
                held.map((row) => row.id),
              ),
            ),
          )
          .orderBy(desc(creditLedger.at), desc(creditLedger.id))
          .limit(200)
      : [];
    const [owing] = await tx
      .select({ sum: sql<number>`coalesce(sum(${orders.total} - ${orders.paid}), 0)::int` })
      .from(orders)
      .where(and(eq(orders.companyId, company.id), eq(orders.clientId, clientId), eq(orders.status, 'open')));
    const [card] = await tx
      .select({ paymentMethodId: stripeCustomers.paymentMethodId })
      .from(stripeCustomers)
      .where(and(eq(stripeCustomers.companyId, company.id), eq(stripeCustomers.clientId, clientId)));
    const [stripe] = await tx
      .select({ connected: sql<boolean>`${paymentSettings.stripeSecretKey} is not null` })
      .from(paymentSettings)
      .where(eq(paymentSettings.companyId, company.id));
    return {
      clientId,
      clientName: client.name,
      currency: company.currency,
      balanceOwing: Number(owing?.sum ?? 0),
      payOnline: stripe?.connected ?? false,
      savedCard: Boolean(card?.paymentMethodId),
      deletionRequestedAt: client.deletionRequestedAt?.toISOString() ?? null,
      introOfferAllowed: (await packagesBought(tx, company.id, clientId)).length === 0,
      today: localDateOf(now, company.timeZone),
      packages: await clientPackageDtos(tx, company, held, now),
      orders: orderRows.map(orderDto),
      ledger: ledger.map((entry): LedgerEntryDto => ({
        id: entry.id,
        clientPackageId: entry.clientPackageId,
        packageName: names.get(entry.clientPackageId) ?? '',
        bookingId: entry.bookingId,
        entry: entry.entry,
        credits: entry.credits,
        reason: entry.reason,
        at: entry.at.toISOString(),
      })),
    };
  });
}

/**
 * Pauses (from a day, until a day or until resumed), resumes, or cancels (now, or a membership at the end
 * of its paid period) what a client holds; the rules are in `membership-changes.ts`. A membership with a
 * commitment cannot end before the commitment does, unless the desk waives it (cancelled now):
 * `commitmentWaived` is then the day the commitment would have ended.
 */
export async function changeClientPackage(
  db: Database,
  actor: Actor,
  clientPackageId: string,
  change: PackageChange,
  now = new Date(),
): Promise<{ data: ClientPackageDto; commitmentWaived: string | null }> {
  if (!maySell(actor))
    throw isClientRole(actor.roleId)
      ? notFound('We could not find that package.')
      : forbidden('Your account cannot change client packages.');
  return withTenant(db, actor.companyId, async (tx) => {
    const company = await companyOf(tx, actor.companyId);
    const row = await lockRow(tx, company.id, clientPackageId);
    if (!row) throw notFound('We could not find that package.');
    const today = localDateOf(now, company.timeZone);
    const changes =
      change.kind === 'pause'
        ? pauseChanges(row, change, today)
        : change.kind === 'resume'
          ? resumeChanges(row, today, today)
          : cancelChanges(row, change, today);
    const commitmentWaived = change.kind === 'cancel' && change.waiveCommitment ? commitmentRunning(row, today) : null;
    const updated = await update(tx, row, changes, now);
    const [answer] = await clientPackageDtos(tx, company, [updated], now);
    return { data: answer as ClientPackageDto, commitmentWaived };
  });
}

export type PackageChange =
  | { kind: 'pause'; from: string | null; until: string | null }
  | { kind: 'resume' }
  | { kind: 'cancel'; at: CancelWhen; waiveCommitment?: boolean | undefined };
