import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { BookingRow, LockedClass } from '../bookings/bookings.repo.ts';
import { ordersWithDetails } from '../orders/orders.repo.ts';
import { emitWebhookEvent } from './emit.ts';

/**
 * What each event's `data` holds (docs/architecture.md, "Issue 18: Webhooks"): ids to look things up
 * with the API, and enough to act without a call (the client's name and email, the class's name and
 * start, amounts in minor units with their currency). Built only when an endpoint listens.
 */

async function clientOf(tx: Executor, companyId: string, clientId: string) {
  const [row] = await tx
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, clientId)));
  return row ?? { id: clientId, name: '', email: '', phone: null };
}

function classOf(
  cls: Pick<
    LockedClass,
    | 'id'
    | 'templateName'
    | 'startsAt'
    | 'endsAt'
    | 'timeZone'
    | 'studioId'
    | 'studioName'
    | 'eventId'
    | 'appointmentTypeId'
  >,
) {
  return {
    id: cls.id,
    kind: cls.appointmentTypeId ? 'appointment' : cls.eventId ? 'event' : 'class',
    name: cls.templateName,
    startsAt: cls.startsAt.toISOString(),
    endsAt: cls.endsAt.toISOString(),
    timeZone: cls.timeZone,
    studio: { id: cls.studioId, name: cls.studioName },
  };
}

function bookingOf(booking: BookingRow, currency: string) {
  return {
    id: booking.id,
    status: booking.status,
    paidWith: booking.paidWith,
    clientPackageId: booking.clientPackageId,
    orderId: booking.orderId,
    cancelledBy: booking.cancelledBy,
    fee:
      booking.feeKind && booking.feeAmount !== null
        ? { kind: booking.feeKind, amount: booking.feeAmount, currency, status: booking.feeStatus }
        : null,
    createdAt: booking.createdAt.toISOString(),
  };
}

export type BookingEventType =
  'booking.created' | 'booking.cancelled' | 'waitlist.promoted' | 'check_in.created';

/**
 * A booking's event, in the caller's transaction: `booking`, `client`, `class`, and `extra` (a cancel's
 * `late` and `reason`, a check-in's `checkedInAt`).
 */
export async function emitBookingEvent(
  tx: Executor,
  companyId: string,
  type: BookingEventType,
  booking: BookingRow,
  cls: LockedClass,
  extra: Record<string, unknown> = {},
  now = new Date(),
): Promise<void> {
  await emitWebhookEvent(
    tx,
    companyId,
    type,
    async () => {
      const client = await clientOf(tx, companyId, booking.clientId);
      return {
        booking: bookingOf(booking, cls.company.currency),
        client: { id: client.id, name: client.name, email: client.email },
        class: classOf(cls),
        ...extra,
      };
    },
    now,
  );
}

async function orderOf(tx: Executor, companyId: string, orderId: string) {
  const [details] = await ordersWithDetails(tx, companyId, { orderIds: [orderId] });
  if (!details) return null;
  const { order } = details;
  return {
    details,
    order: {
      id: order.id,
      number: order.number,
      status: order.status,
      currency: order.currency,
      subtotal: order.subtotal,
      discount: order.discount,
      tax: order.tax,
      total: order.total,
      paid: order.paid,
      refunded: order.refunded,
      promoCode: order.promoCode,
      paidAt: order.paidAt?.toISOString() ?? null,
      createdAt: order.createdAt.toISOString(),
      lines: details.lines.map((line) => ({
        kind: line.kind,
        description: line.description,
        packageId: line.packageId,
        productId: line.productId,
        bookingId: line.bookingId,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        discount: line.discount,
        tax: line.tax,
        total: line.total,
      })),
    },
    client: { id: order.clientId, name: details.clientName, email: details.clientEmail },
  };
}

/** `purchase.created`: an order was paid (at the desk, online, a renewal, a fee); in the payment's transaction. */
export async function emitOrderPaid(tx: Executor, companyId: string, orderId: string, now = new Date()) {
  await emitWebhookEvent(
    tx,
    companyId,
    'purchase.created',
    async () => {
      const found = await orderOf(tx, companyId, orderId);
      if (!found) return { order: { id: orderId } };
      const payment = found.details.payments.filter((row) => row.kind === 'payment').at(-1);
      return {
        order: found.order,
        client: found.client,
        payment: payment
          ? { id: payment.id, amount: payment.amount, currency: found.order.currency, method: payment.method }
          : null,
      };
    },
    now,
  );
}

/** `refund.created`: money given back on an order; in the refund's transaction. */
export async function emitRefund(
  tx: Executor,
  companyId: string,
  orderId: string,
  refund: { amount: number; reason: string | null },
  now = new Date(),
) {
  await emitWebhookEvent(
    tx,
    companyId,
    'refund.created',
    async () => {
      const found = await orderOf(tx, companyId, orderId);
      const row = found?.details.payments.filter((payment) => payment.kind === 'refund').at(-1);
      return {
        refund: {
          id: row?.id ?? null,
          amount: refund.amount,
          currency: found?.order.currency ?? null,
          reason: refund.reason,
          method: row?.method ?? null,
        },
        order: found?.order ?? { id: orderId },
        client: found?.client ?? null,
      };
    },
    now,
  );
}

/** `client.created`: `source` is `signup` (their own account) or `studio` (added by the team), or `import`. */
export async function emitClientCreated(
  tx: Executor,
  companyId: string,
  client: { id: string; name: string; email: string; phone: string | null; createdAt: Date },
  source: 'signup' | 'studio' | 'import',
) {
  await emitWebhookEvent(tx, companyId, 'client.created', {
    client: {
      id: client.id,
      name: client.name,
      email: client.email,
      phone: client.phone,
      createdAt: client.createdAt.toISOString(),
    },
    source,
  });
}
