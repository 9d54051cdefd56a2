import { formatMoney, priceOrder } from '@kinetic/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { withPlatform, withTenant, type Executor } from '../../db/client.ts';
import { clientPackages, companies, orderLines } from '../../db/schema/index.ts';
import { findCompanyById, type CompanyRow } from '../accounts/accounts.repo.ts';
import { findClient } from '../bookings/bookings.repo.ts';
import { localDateLabel, localDateOf } from '../fitness-sessions/zoned-time.ts';
import { applyDueChanges } from './membership-changes.ts';
import { periodOf, periodStart } from './membership-periods.ts';
import { notify } from '../notifications/notify.ts';
import { emitOrderPaid } from '../webhooks/event-data.ts';
import { orderVariables, packageVariables } from './order-emails.ts';
import {
  insertOrder,
  insertPayment,
  ordersWithDetails,
  updateOrder,
  type ClientPackageRow,
} from './orders.repo.ts';
import type { OrderDeps } from './orders.service.ts';

/** Failed card renewals in a row before the membership is paused (the first failure and two retries). */
export const RENEWAL_ATTEMPTS = 3;
/** A failed card is tried again no sooner than this after the failure (the job itself runs hourly). */
const RETRY_AFTER_MS = 20 * 3_600_000;

/**
 * Charges a client's saved card (Stripe) for a renewal; answers the provider's reference, or throws with
 * a sentence the client can act on. Absent when the company does not take cards: renewals are then owed
 * at the studio.
 */
export type ChargeSavedCard = (
  tx: Executor,
  companyId: string,
  clientId: string,
  amount: number,
  description: string,
) => Promise<string | null>;

export interface RenewalOutcome {
  renewed: number;
  failed: number;
  paused: number;
}

/**
 * Renews every auto-renewing membership whose paid period has ended (on the company's local date): one
 * order per period at the price the client bought it for (their terms, not today's catalogue). Paid by
 * the saved card when there is one, else owed at the studio. A card that fails is tried again on the next
 * run; after three failures in a row the membership is paused and the client told. Run daily by a job
 * and once at start; a membership is locked while it renews, so two servers never renew it twice.
 */
export async function renewMemberships(
  deps: OrderDeps & { chargeSavedCard?: ChargeSavedCard | undefined },
  now = new Date(),
): Promise<RenewalOutcome> {
  // First what the day brings by itself: planned pauses start, pauses end on their until day (so a
  // membership resumed today renews today), memberships cancelled at the end of their period end.
  await applyDueChanges(deps, now);
  const due = await withPlatform(deps.db, (tx) =>
    tx
      .select({ companyId: clientPackages.companyId, id: clientPackages.id })
      .from(clientPackages)
      .innerJoin(companies, eq(companies.id, clientPackages.companyId))
      .where(
        and(
          eq(clientPackages.status, 'active'),
          sql`(${clientPackages.terms} ->> 'autoRenew')::boolean`,
          sql`${clientPackages.paidUntil} <= (${now.toISOString()}::timestamptz at time zone ${companies.timeZone})::date`,
          // The job runs hourly; a card that failed is tried again a day later, not the next hour.
          sql`(${clientPackages.renewalFailures} = 0 or ${clientPackages.updatedAt} <= ${new Date(now.getTime() - RETRY_AFTER_MS).toISOString()}::timestamptz)`,
        ),
      )
      .orderBy(asc(clientPackages.paidUntil))
      .limit(1000),
  );
  const outcome: RenewalOutcome = { renewed: 0, failed: 0, paused: 0 };
  for (const { companyId, id } of due) {
    const emails: string[] = [];
    const result = await withTenant(deps.db, companyId, async (tx) => {
      const [row] = await tx
        .select()
        .from(clientPackages)
        .where(and(eq(clientPackages.companyId, companyId), eq(clientPackages.id, id)))
        .for('update');
      const company = await findCompanyById(tx, companyId);
      const today = company ? localDateOf(now, company.timeZone) : '';
      if (!row || !company || row.status !== 'active' || !row.paidUntil || row.paidUntil > today) return null;
      if (row.renewalFailures > 0 && row.updatedAt.getTime() > now.getTime() - RETRY_AFTER_MS) return null;
      return renewOne(tx, deps, company, row, now, emails);
    }).catch((error: unknown) => {
      deps.log(error);
      return null;
    });
    for (const email of emails) deps.jobs?.deliverEmail(email).catch(deps.log);
    if (result) outcome[result] += 1;
  }
  return outcome;
}

/**
 * What a renewal of this membership costs: the price the client bought it at, with the tax of their
 * order's package line (the renewal job charges it; the "renewing soon" email names it).
 */
export async function renewalPrice(
  tx: Executor,
  companyId: string,
  row: Pick<ClientPackageRow, 'orderId' | 'terms'>,
) {
  const [bought] = await tx
    .select()
    .from(orderLines)
    .where(
      and(
        eq(orderLines.companyId, companyId),
        eq(orderLines.orderId, row.orderId),
        eq(orderLines.kind, 'package'),
      ),
    );
  const tax = bought?.taxName
    ? { name: bought.taxName, ratePpm: bought.taxRatePpm, inclusive: bought.taxInclusive }
    : null;
  const priced = priceOrder([{ unitPrice: row.terms.price, quantity: 1, tax, discountable: false }], null);
  return { tax, priced };
}

async function renewOne(
  tx: Executor,
  deps: { chargeSavedCard?: ChargeSavedCard | undefined; publicUrl: string },
  company: CompanyRow,
  row: ClientPackageRow,
  now: Date,
  emails: string[],
): Promise<keyof RenewalOutcome> {
  const { terms } = row;
  const client = await findClient(tx, company.id, row.clientId);
  if (!terms.period || !row.paidUntil || !client) return 'failed';
  const { tax, priced } = await renewalPrice(tx, company.id, row);
  // Periods count from the start; once paused, the paid period ran on for the days paused, so the next
  // one counts from where the paid one ends.
  const period = periodOf(row.startsOn, terms.period, row.paidUntil);
  const nextPaidUntil =
    row.pausedDays > 0
      ? periodStart(row.paidUntil, terms.period, 1)
      : periodStart(row.startsOn, terms.period, (period?.index ?? 0) + 1);
  const description = `${terms.name}: ${row.paidUntil} to ${nextPaidUntil}`;
  const recipient = { id: client.id, name: client.name, email: client.email };
  const held = packageVariables(
    company,
    { name: terms.name, price: priced.total, date: row.paidUntil },
    deps.publicUrl,
  );

  let reference: string | null = null;
  if (deps.chargeSavedCard && priced.total > 0) {
    try {
      reference = await deps.chargeSavedCard(tx, company.id, row.clientId, priced.total, description);
    } catch (error) {
      const failures = row.renewalFailures + 1;
      const paused = failures >= RENEWAL_ATTEMPTS;
      await tx
        .update(clientPackages)
        // Paused from the day its unpaid period began: resumed, it renews from that day on, not for the
        // time it stood still.
        .set({
          renewalFailures: failures,
          status: paused ? 'paused' : row.status,
          pausedFrom: paused ? row.paidUntil : row.pausedFrom,
          pausedUntil: paused ? null : row.pausedUntil,
          updatedAt: now,
        })
        .where(and(eq(clientPackages.companyId, company.id), eq(clientPackages.id, row.id)));
      const why = error instanceof Error ? error.message : 'the card was declined';
      // Always sent (no client switch): the membership stops if nothing is done.
      const id = await notify(
        tx,
        company.id,
        {
          trigger: 'renewalFailed',
          to: recipient,
          variables: {
            ...held,
            'renewal.problem': why.replace(/[.\s]+$/, ''),
            'renewal.next': paused
              ? `After ${RENEWAL_ATTEMPTS} tries your membership is paused. Update your card or pay at the studio, and the studio will resume it.`
              : 'We will try again tomorrow. To avoid a pause, update your card or pay at the studio.',
          },
        },
        { publicUrl: deps.publicUrl },
      );
      if (id) emails.push(id);
      return paused ? 'paused' : 'failed';
    }
  }

  const paidOnline = reference !== null;
  const order = await insertOrder(
    tx,
    company.id,
    {
      clientId: row.clientId,
      provider: paidOnline ? 'stripe' : 'studio',
      currency: company.currency,
      subtotal: priced.subtotal,
      discount: 0,
      tax: priced.tax,
      total: priced.total,
      promoCodeId: null,
      promoCode: null,
      createdBy: null,
      lines: [
        {
          kind: 'renewal',
          packageId: row.packageId,
          description,
          quantity: 1,
          unitPrice: terms.price,
          discount: 0,
          taxName: tax?.name ?? null,
          taxRatePpm: tax?.ratePpm ?? 0,
          taxInclusive: tax?.inclusive ?? false,
          net: priced.lines[0]?.net ?? 0,
          tax: priced.tax,
          total: priced.total,
        },
      ],
    },
    now,
  );
  if (paidOnline || priced.total === 0) {
    if (priced.total > 0)
      await insertPayment(
        tx,
        company.id,
        {
          orderId: order.id,
          kind: 'payment',
          amount: priced.total,
          method: 'stripe',
          providerRef: reference,
          createdBy: null,
        },
        now,
      );
    await updateOrder(tx, company.id, order.id, { status: 'paid', paid: priced.total, paidAt: now });
    await emitOrderPaid(tx, company.id, order.id, now);
  }
  await tx
    .update(clientPackages)
    .set({ paidUntil: nextPaidUntil, renewalFailures: 0, updatedAt: now })
    .where(and(eq(clientPackages.companyId, company.id), eq(clientPackages.id, row.id)));
  const [details] = await ordersWithDetails(tx, company.id, { orderIds: [order.id] });
  const orderFacts = details ? orderVariables(company, details, deps.publicUrl, now) : {};
  const id = await notify(
    tx,
    company.id,
    {
      trigger: 'membershipRenewed',
      to: recipient,
      variables: {
        ...held,
        // The new period's end, and what the client was charged or owes.
        'package.date': localDateLabel(nextPaidUntil),
        ...orderFacts,
        'order.lines': paidOnline
          ? `${description}. ${formatMoney(priced.total, company.currency, company.locale)} was charged to your saved card.`
          : priced.total > 0
            ? `${description}.`
            : `${description}. Nothing to pay.`,
      },
    },
    { publicUrl: deps.publicUrl },
  );
  if (id) emails.push(id);
  return 'renewed';
}
