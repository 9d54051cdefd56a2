import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderLineKind, OrderStatus, PaymentMethod, PaymentProvider } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import type { clientPackages } from '../../db/schema/index.ts';
import { companies, creditLedger, orderLines, orders, payments, users } from '../../db/schema/index.ts';
import { conflict } from '../../plugins/errors.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type ClientPackageRow = typeof clientPackages.$inferSelect;
export type LedgerRow = typeof creditLedger.$inferSelect;

export interface NewLine {
  kind: OrderLineKind;
  packageId?: string | null;
  productId?: string | null;
  bookingId?: string | null;
  description: string;
  quantity: number;
  unitPrice: number;
  discount: number;
  taxName: string | null;
  taxRatePpm: number;
  taxInclusive: boolean;
  net: number;
  tax: number;
  total: number;
}

export interface NewOrder {
  clientId: string;
  provider: PaymentProvider;
  currency: string;
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
  promoCodeId: string | null;
  promoCode: string | null;
  createdBy: string | null;
  lines: NewLine[];
}

/** An order of one untaxed line: a drop-in or a fee, owed at the studio until paid. */
export function oneLineOrder(
  line: { kind: 'drop-in' | 'fee'; description: string; amount: number; bookingId: string },
  clientId: string,
  currency: string,
  createdBy: string | null,
): NewOrder {
  const { amount } = line;
  return {
    clientId,
    provider: 'studio',
    currency,
    subtotal: amount,
    discount: 0,
    tax: 0,
    total: amount,
    promoCodeId: null,
    promoCode: null,
    createdBy,
    lines: [
      {
        kind: line.kind,
        bookingId: line.bookingId,
        description: line.description,
        quantity: 1,
        unitPrice: amount,
        discount: 0,
        taxName: null,
        taxRatePpm: 0,
        taxInclusive: false,
        net: amount,
        tax: 0,
        total: amount,
      },
    ],
  };
}

/** The per-company lock that numbers orders; the currency change takes it too (company-details). */
export async function lockCompanyOrders(tx: Executor, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`orders:${companyId}`}))`);
}

/**
 * Writes an order and its lines, numbered after the company's last order. The number is taken under a
 * transaction-scoped advisory lock per company, so two sales at once never get the same receipt number.
 */
export async function insertOrder(
  tx: Executor,
  companyId: string,
  order: NewOrder,
  now: Date,
): Promise<OrderRow> {
  await lockCompanyOrders(tx, companyId);
  const [company] = await tx
    .select({ currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (company && company.currency !== order.currency)
    throw conflict('The studio’s currency changed while this sale was being made; try again.');
  const [last] = await tx
    .select({ number: sql<number>`coalesce(max(${orders.number}), 0)` })
    .from(orders)
    .where(eq(orders.companyId, companyId));
  const { lines, ...columns } = order;
  const [row] = await tx
    .insert(orders)
    .values({
      companyId,
      id: generateId(now.getTime()),
      number: Number(last?.number ?? 0) + 1,
      status: 'open',
      ...columns,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const saved = row as OrderRow;
  if (lines.length > 0)
    await tx.insert(orderLines).values(
      lines.map((line, position) => ({
        companyId,
        id: generateId(now.getTime()),
        orderId: saved.id,
        position,
        ...line,
      })),
    );
  return saved;
}

export async function findOrder(
  tx: Executor,
  companyId: string,
  orderId: string,
  options: { lock?: boolean } = {},
): Promise<OrderRow | undefined> {
  const query = tx
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function updateOrder(
  tx: Executor,
  companyId: string,
  orderId: string,
  changes: Partial<Pick<OrderRow, 'status' | 'paid' | 'refunded' | 'paidAt' | 'checkoutSessionId'>>,
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId)))
    .returning();
  return row as OrderRow;
}

export async function insertPayment(
  tx: Executor,
  companyId: string,
  payment: {
    orderId: string;
    kind: 'payment' | 'refund';
    amount: number;
    method: PaymentMethod;
    providerRef?: string | null;
    reason?: string | null;
    createdBy: string | null;
  },
  now: Date,
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({ companyId, id: generateId(now.getTime()), at: now, ...payment })
    .returning();
  return row as PaymentRow;
}

export interface OrderDetails {
  order: OrderRow;
  clientName: string;
  clientEmail: string;
  lines: OrderLineRow[];
  payments: PaymentRow[];
}

/** Orders with their lines, payments and client, newest first. */
export async function ordersWithDetails(
  tx: Executor,
  companyId: string,
  filter: { orderIds?: string[]; clientId?: string; limit?: number; offset?: number },
): Promise<OrderDetails[]> {
  const rows = await tx
    .select({ order: orders, clientName: users.name, clientEmail: users.email })
    .from(orders)
    .innerJoin(users, and(eq(users.companyId, orders.companyId), eq(users.id, orders.clientId)))
    .where(
      and(
        eq(orders.companyId, companyId),
        filter.orderIds ? inArray(orders.id, filter.orderIds) : undefined,
        filter.clientId ? eq(orders.clientId, filter.clientId) : undefined,
      ),
    )
    .orderBy(desc(orders.number))
    .limit(filter.limit ?? 1000)
    .offset(filter.offset ?? 0);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.order.id);
  const lines = await tx
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.companyId, companyId), inArray(orderLines.orderId, ids)))
    .orderBy(asc(orderLines.position));
  const paid = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.companyId, companyId), inArray(payments.orderId, ids)))
    .orderBy(asc(payments.at), asc(payments.id));
  return rows.map((row) => ({
    ...row,
    lines: lines.filter((line) => line.orderId === row.order.id),
    payments: paid.filter((payment) => payment.orderId === row.order.id),
  }));
}

export async function setOrderStatus(tx: Executor, companyId: string, orderId: string, status: OrderStatus) {
  await tx
    .update(orders)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId)));
}

export async function insertLedger(
  tx: Executor,
  companyId: string,
  entry: Omit<typeof creditLedger.$inferInsert, 'companyId' | 'id'>,
  now: Date,
): Promise<void> {
  await tx.insert(creditLedger).values({ companyId, id: generateId(now.getTime()), ...entry });
}
