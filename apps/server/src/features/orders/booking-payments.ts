import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatMoney, type PaymentOptionsDto } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import { clientPackages, companyHours, creditLedger } from '../../db/schema/index.ts';
import { HttpError, conflict } from '../../plugins/errors.ts';
import type { BookingRow, LockedClass } from '../bookings/bookings.repo.ts';
import { updateBooking } from '../bookings/bookings.repo.ts';
import { localDateOf } from '../fitness-sessions/zoned-time.ts';
import { bandOfInstant } from '../hours/band-at.ts';
import { periodOf } from './membership-periods.ts';
import {
  findOrder,
  insertLedger,
  insertOrder,
  oneLineOrder,
  setOrderStatus,
  type ClientPackageRow,
} from './orders.repo.ts';

/**
 * How a booking pays (issue 10): the best thing the client holds that the class accepts — an unlimited
 * membership, then a membership with classes left this period, then the pack that expires soonest — or
 * a drop-in (an order to pay), or nothing when the class is free. A credit is used when a place is taken
 * (booked or held as an offer), returned when it is given back in time, and each use and return is one
 * ledger row, unique per booking.
 */
export type PaymentPlan =
  | { kind: 'membership' | 'class-pack'; clientPackage: ClientPackageRow; periodStart: string | null }
  | { kind: 'drop-in'; price: number }
  | { kind: 'free' };

export interface PaymentChoice {
  /** The client's own choice of package (must be usable). */
  clientPackageId?: string | null | undefined;
  /** Whether a drop-in payment is acceptable when no package pays. */
  dropIn: boolean;
  /** The booker chose the drop-in ("Pay with: Drop-in") although a package could pay: no credit is used. */
  preferDropIn?: boolean | undefined;
}

interface Usable {
  row: ClientPackageRow;
  rank: number;
  periodStart: string | null;
  expiresAt: number;
}

/** 402 with a sentence: no package of the client's pays for this class and they did not choose a drop-in. */
export class PaymentRequired extends HttpError {
  constructor(message: string) {
    super(402, message, { payment: message });
  }
}

async function creditsLeft(
  tx: Executor,
  companyId: string,
  clientPackageId: string,
  periodStart: string | null,
) {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${creditLedger.credits}), 0)::int` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.companyId, companyId),
        eq(creditLedger.clientPackageId, clientPackageId),
        periodStart === null ? undefined : eq(creditLedger.periodStart, periodStart),
      ),
    );
  return Number(row?.sum ?? 0);
}

/** Why a held package cannot pay for a class, or null when it can (with its rank and period). */
async function judge(
  tx: Executor,
  companyId: string,
  row: ClientPackageRow,
  cls: LockedClass,
  band: () => Promise<string>,
  now: Date,
): Promise<{ problem: string } | Usable> {
  const { terms } = row;
  if (row.status !== 'active') return { problem: `${terms.name} is ${row.status}.` };
  if (cls.eventPackageIds !== null) {
    // An event names the packages that may pay for it; none = pay per event.
    if (!cls.eventPackageIds.includes(row.packageId))
      return { problem: `${terms.name} does not pay for ${cls.templateName}.` };
  } else if (
    terms.templateIds.length > 0 &&
    (cls.templateId === null || !terms.templateIds.includes(cls.templateId))
  )
    return { problem: `${terms.name} is not valid for ${cls.templateName}.` };
  if (terms.studioIds.length > 0 && !terms.studioIds.includes(cls.studioId))
    return { problem: `${terms.name} is not valid at ${cls.studioName}.` };
  if (terms.offPeakOnly && (await band()) === 'peak')
    return { problem: `${terms.name} is for off-peak classes only.` };
  const classDate = localDateOf(cls.startsAt, cls.company.timeZone);
  if (terms.kind === 'membership') {
    if (classDate < row.startsOn) return { problem: `${terms.name} starts on ${row.startsOn}.` };
    if (row.paidUntil && classDate >= row.paidUntil && !terms.autoRenew)
      return { problem: `${terms.name} ends before this class.` };
    const period = terms.period ? periodOf(row.startsOn, terms.period, classDate) : null;
    if (terms.classLimit === null)
      return { row, rank: 0, periodStart: period?.start ?? null, expiresAt: Infinity };
    const used = -(await creditsLeft(tx, companyId, row.id, period?.start ?? null));
    if (used >= terms.classLimit)
      return { problem: `${terms.name}: all ${terms.classLimit} classes of this ${terms.period} are used.` };
    return { row, rank: 1, periodStart: period?.start ?? null, expiresAt: Infinity };
  }
  if (row.expiresAt && (row.expiresAt <= now || row.expiresAt <= cls.startsAt))
    return { problem: `${terms.name} expires before this class.` };
  if ((await creditsLeft(tx, companyId, row.id, null)) <= 0)
    return { problem: `${terms.name} has no credits left.` };
  return { row, rank: 2, periodStart: null, expiresAt: row.expiresAt?.getTime() ?? Number.MAX_SAFE_INTEGER };
}

/**
 * Decides how a booking of `cls` by `clientId` pays. The client's active packages are locked (after the
 * class, always in that order), so two bookings racing for a pack's last credit run one after the other.
 */
/** Every package the client holds, judged for `cls`: usable (with rank and period) or why not. */
async function judgeAll(
  tx: Executor,
  companyId: string,
  clientId: string,
  cls: LockedClass,
  now: Date,
  options: { lock: boolean },
) {
  const query = tx
    .select()
    .from(clientPackages)
    .where(
      and(
        eq(clientPackages.companyId, companyId),
        eq(clientPackages.clientId, clientId),
        inArray(clientPackages.status, ['active']),
      ),
    )
    .orderBy(asc(clientPackages.id));
  const held = options.lock ? await query.for('update') : await query;
  let bandOfClass: string | undefined;
  const band = async () => {
    if (bandOfClass === undefined) {
      const [row] = await tx.select().from(companyHours).where(eq(companyHours.companyId, companyId));
      bandOfClass = bandOfInstant(
        { peakHour: row?.peakHour ?? {}, nonPeakHour: row?.nonPeakHour ?? {} },
        cls.company.timeZone,
        cls.startsAt,
      );
    }
    return bandOfClass;
  };
  const judged = [];
  for (const row of held) judged.push({ row, verdict: await judge(tx, companyId, row, cls, band, now) });
  return judged;
}

function bestOf(judged: Awaited<ReturnType<typeof judgeAll>>): Usable | undefined {
  return judged
    .map((entry) => entry.verdict)
    .filter((verdict): verdict is Usable => !('problem' in verdict))
    .sort((a, b) => a.rank - b.rank || a.expiresAt - b.expiresAt || a.row.id.localeCompare(b.row.id))[0];
}

/**
 * Decides how a booking of `cls` by `clientId` pays. The client's active packages are locked (after the
 * class, always in that order), so two bookings racing for a pack's last credit run one after the other.
 */
export async function choosePayment(
  tx: Executor,
  companyId: string,
  clientId: string,
  cls: LockedClass,
  choice: PaymentChoice,
  now: Date,
): Promise<PaymentPlan> {
  const judged = await judgeAll(tx, companyId, clientId, cls, now, { lock: true });
  if (choice.clientPackageId) {
    const mine = judged.find((entry) => entry.row.id === choice.clientPackageId);
    if (!mine)
      throw conflict('That package is not one you hold now.', {
        clientPackageId: 'Choose a package you hold',
      });
    if ('problem' in mine.verdict)
      throw conflict(mine.verdict.problem, { clientPackageId: mine.verdict.problem });
    return { kind: mine.row.terms.kind, clientPackage: mine.row, periodStart: mine.verdict.periodStart };
  }
  // A free class costs nothing: no credit is spent on it unless the client chose a package themselves.
  if (cls.dropInPrice === 0) return { kind: 'free' };
  if (choice.preferDropIn) return { kind: 'drop-in', price: cls.dropInPrice };
  const best = bestOf(judged);
  if (best) return { kind: best.row.terms.kind, clientPackage: best.row, periodStart: best.periodStart };
  if (!choice.dropIn) {
    const price = formatMoney(cls.dropInPrice, cls.company.currency, cls.company.locale);
    const why = judged
      .map((entry) => ('problem' in entry.verdict ? entry.verdict.problem : ''))
      .filter(Boolean);
    throw new PaymentRequired(
      `${why.length > 0 ? `${why.join(' ')} ` : 'No package of yours covers this class. '}Buy a package, or book as a drop-in for ${price}.`,
    );
  }
  return { kind: 'drop-in', price: cls.dropInPrice };
}

/**
 * What booking `cls` would pay with, for the client to see before confirming: each package they hold
 * (usable, with what is left, or why not), the one chosen by default, and the drop-in price.
 */
export async function paymentOptions(
  tx: Executor,
  companyId: string,
  clientId: string,
  cls: LockedClass,
  now: Date,
): Promise<PaymentOptionsDto> {
  const judged = await judgeAll(tx, companyId, clientId, cls, now, { lock: false });
  const best = bestOf(judged);
  const price = formatMoney(cls.dropInPrice, cls.company.currency, cls.company.locale);
  const packages = [];
  for (const { row, verdict } of judged) {
    const usable = !('problem' in verdict);
    let remaining: number | null = null;
    if (row.terms.kind === 'class-pack') remaining = await creditsLeft(tx, companyId, row.id, null);
    else if (row.terms.classLimit !== null) {
      const period = row.terms.period
        ? periodOf(row.startsOn, row.terms.period, localDateOf(cls.startsAt, cls.company.timeZone))
        : null;
      remaining = Math.max(
        0,
        row.terms.classLimit + (await creditsLeft(tx, companyId, row.id, period?.start ?? null)),
      );
    }
    packages.push({
      clientPackageId: row.id,
      name: row.terms.name,
      kind: row.terms.kind,
      remaining,
      usable,
      problem: 'problem' in verdict ? verdict.problem : null,
    });
  }
  const chosen =
    cls.dropInPrice === 0
      ? { kind: 'free' as const, clientPackageId: null, label: 'Free' }
      : best
        ? {
            kind: best.row.terms.kind,
            clientPackageId: best.row.id,
            label:
              best.row.terms.kind === 'membership'
                ? `Uses your ${best.row.terms.name}`
                : `Uses 1 credit of your ${best.row.terms.name}`,
          }
        : { kind: 'drop-in' as const, clientPackageId: null, label: `Drop-in: ${price}, paid at the studio` };
  return { currency: cls.company.currency, dropInPrice: cls.dropInPrice, best: chosen, packages };
}

/** Records a plan on a booking: the ledger's use, or a drop-in order to pay at the studio. */
export async function applyPayment(
  tx: Executor,
  companyId: string,
  booking: BookingRow,
  cls: LockedClass,
  plan: PaymentPlan,
  actorId: string | null,
  now: Date,
): Promise<BookingRow> {
  if (plan.kind === 'free') return updateBooking(tx, companyId, booking.id, { paidWith: 'free' });
  if (plan.kind === 'drop-in') {
    const description = `Drop-in: ${cls.templateName}, ${localDateOf(cls.startsAt, cls.timeZone)}`;
    const order = await insertOrder(
      tx,
      companyId,
      oneLineOrder(
        { kind: 'drop-in', description, amount: plan.price, bookingId: booking.id },
        booking.clientId,
        cls.company.currency,
        actorId,
      ),
      now,
    );
    return updateBooking(tx, companyId, booking.id, {
      paidWith: 'drop-in',
      orderId: order.id,
      clientPackageId: null,
    });
  }
  const { clientPackage } = plan;
  await insertLedger(
    tx,
    companyId,
    {
      clientPackageId: clientPackage.id,
      bookingId: booking.id,
      entry: 'use',
      credits: -1,
      periodStart: plan.periodStart,
      reason: `${cls.templateName}, ${localDateOf(cls.startsAt, cls.timeZone)}`,
      actorId,
      at: now,
    },
    now,
  );
  // A pack whose expiry counts from first use starts counting now.
  const { terms } = clientPackage;
  if (
    terms.kind === 'class-pack' &&
    terms.expiryFrom === 'first-use' &&
    terms.expiryDays &&
    !clientPackage.expiresAt
  )
    await tx
      .update(clientPackages)
      .set({ expiresAt: new Date(now.getTime() + terms.expiryDays * 86_400_000), updatedAt: now })
      .where(and(eq(clientPackages.companyId, companyId), eq(clientPackages.id, clientPackage.id)));
  return updateBooking(tx, companyId, booking.id, {
    paidWith: terms.kind,
    clientPackageId: clientPackage.id,
    orderId: null,
  });
}

/**
 * A place given back in time (cancelled in time, an offer declined or run out, the class cancelled by the
 * studio): the credit comes back and an unpaid drop-in order is cancelled. Idempotent per booking.
 */
export async function releasePayment(
  tx: Executor,
  companyId: string,
  booking: BookingRow,
  reason: string,
  actorId: string | null,
  now: Date,
): Promise<void> {
  if (booking.clientPackageId) {
    const [use] = await tx
      .select()
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.companyId, companyId),
          eq(creditLedger.bookingId, booking.id),
          eq(creditLedger.entry, 'use'),
        ),
      );
    if (use)
      await tx
        .insert(creditLedger)
        .values({
          companyId,
          id: generateId(now.getTime()),
          clientPackageId: use.clientPackageId,
          bookingId: booking.id,
          entry: 'return',
          credits: -use.credits,
          periodStart: use.periodStart,
          reason,
          actorId,
          at: now,
        })
        .onConflictDoNothing();
  }
  if (booking.orderId) await cancelIfOpen(tx, companyId, booking.orderId);
}

async function cancelIfOpen(tx: Executor, companyId: string, orderId: string) {
  const order = await findOrder(tx, companyId, orderId, { lock: true });
  if (order?.status === 'open' && order.paid === 0) await setOrderStatus(tx, companyId, orderId, 'cancelled');
}

/** A late-cancel or no-show fee becomes an order the client owes (pay at the studio). */
export async function chargeFee(
  tx: Executor,
  companyId: string,
  booking: BookingRow,
  cls: LockedClass,
  fee: { kind: 'late_cancel' | 'no_show'; amount: number },
  actorId: string | null,
  now: Date,
): Promise<string> {
  const label = fee.kind === 'late_cancel' ? 'Late-cancellation fee' : 'No-show fee';
  const description = `${label}: ${cls.templateName}, ${localDateOf(cls.startsAt, cls.timeZone)}`;
  const order = await insertOrder(
    tx,
    companyId,
    oneLineOrder(
      { kind: 'fee', description, amount: fee.amount, bookingId: booking.id },
      booking.clientId,
      cls.company.currency,
      actorId,
    ),
    now,
  );
  return order.id;
}

/** A fee waived or corrected: its unpaid order is cancelled (a paid one stays, for a refund). */
export async function dropFee(tx: Executor, companyId: string, booking: BookingRow): Promise<void> {
  if (booking.feeOrderId) await cancelIfOpen(tx, companyId, booking.feeOrderId);
}
