import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { priceOrder, type PackageKind } from '@kinetic/shared';
import type { Executor } from '../../db/client.ts';
import { generateId } from '../../db/ids.ts';
import type { orderLines, payments } from '../../db/schema/index.ts';
import {
  bookings,
  classInstances,
  classTemplates,
  clientPackages,
  creditLedger,
  fitnessSessions,
  orders,
  packages,
  products,
  promoCodes,
  taxRates,
  users,
} from '../../db/schema/index.ts';
import { localDateOf } from '../fitness-sessions/zoned-time.ts';
import { periodOf, periodStart } from '../orders/membership-periods.ts';
import { insertOrder, insertPayment, updateOrder } from '../orders/orders.repo.ts';
import { termsOf, type PackageRow } from '../packages/catalogue.service.ts';
import {
  insertMany,
  LEDGER_COLUMNS,
  ORDER_COLUMNS,
  ORDER_LINE_COLUMNS,
  PAYMENT_COLUMNS,
} from './bulk-insert.ts';

const DAY = 86_400_000;

type PackageSeed = Omit<typeof packages.$inferInsert, 'companyId' | 'id'>;

const MEMBERSHIPS: PackageSeed[] = [
  {
    kind: 'membership',
    name: 'Unlimited Monthly',
    description: 'Every class, every day, at every studio.',
    price: 14900,
    period: 'month',
    classLimit: null,
    autoRenew: true,
    commitmentPeriods: 0,
    signupFee: 2500,
  },
  {
    kind: 'membership',
    name: '8 Classes a Month',
    description: 'Twice a week, most weeks: eight classes each month.',
    price: 10900,
    period: 'month',
    classLimit: 8,
    autoRenew: true,
    commitmentPeriods: 3,
    signupFee: 0,
  },
];

const PACKS: PackageSeed[] = [
  {
    kind: 'class-pack',
    name: '5-Class Pack',
    description: null,
    price: 9500,
    credits: 5,
    expiryDays: 60,
    expiryFrom: 'purchase',
  },
  {
    kind: 'class-pack',
    name: '10-Class Pack',
    description: 'Our best value for regulars.',
    price: 17000,
    credits: 10,
    expiryDays: 120,
    expiryFrom: 'purchase',
  },
  {
    kind: 'class-pack',
    name: '20-Class Pack',
    description: null,
    price: 30000,
    credits: 20,
    expiryDays: 365,
    expiryFrom: 'purchase',
  },
  {
    kind: 'class-pack',
    name: 'Intro Offer: 3 Classes for $39',
    description: 'New here? Try any three classes in your first month.',
    price: 3900,
    credits: 3,
    expiryDays: 30,
    expiryFrom: 'first-use',
    introOffer: true,
  },
];

/** Who holds what: a regular's index decides (deterministic, so every machine shows the same demo). */
const HOLDINGS: (string | null)[] = [
  'Unlimited Monthly',
  '10-Class Pack',
  'Unlimited Monthly',
  '8 Classes a Month',
  'Unlimited Monthly',
  '20-Class Pack',
  '5-Class Pack',
  'Unlimited Monthly',
  'Intro Offer: 3 Classes for $39',
  null,
];

/**
 * Issue 10's demo catalogue and what the regulars hold: two memberships, three packs and an intro offer,
 * a promo code, a sales tax on retail, services and products; each regular (and Casey Client) bought a
 * package a few weeks ago at the desk, their bookings are paid with it (ledger rows, limits respected),
 * and the rest book as drop-ins — paid when past, owed when to come — with late-cancel fees owed. Added
 * once, when the company has no packages yet.
 */
export async function seedPackages(
  tx: Executor,
  company: { id: string; kind: 'company' | 'solo'; currency: string; timeZone: string },
  now = new Date(),
): Promise<void> {
  const [existing] = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(eq(packages.companyId, company.id))
    .limit(1);
  if (existing) return;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);

  const [salesTax] = await tx
    .insert(taxRates)
    .values({
      companyId: company.id,
      id: generateId(at(60).getTime()),
      name: 'Sales tax',
      ratePpm: 89_000,
      inclusive: false,
    })
    .returning();
  const catalogue = await tx
    .insert(packages)
    .values(
      [...MEMBERSHIPS, ...PACKS].map((seed, index) => ({
        companyId: company.id,
        id: generateId(at(60).getTime() + index * 1000),
        ...seed,
      })),
    )
    .returning();
  const byName = new Map(catalogue.map((row) => [row.name, row]));
  const packIds = catalogue
    .filter((row) => row.kind === 'class-pack' && !row.introOffer)
    .map((row) => row.id);
  await tx.insert(promoCodes).values([
    {
      companyId: company.id,
      id: generateId(at(30).getTime()),
      code: 'WELCOME15',
      discountKind: 'percent',
      discountValue: 15,
      validFrom: null,
      validUntil: null,
      maxUses: 200,
      maxUsesPerClient: 1,
      packageIds: packIds,
    },
  ]);
  await tx.insert(products).values(
    [
      {
        kind: 'product' as const,
        name: 'Grip socks',
        price: 1400,
        taxRateId: salesTax?.id ?? null,
        sku: 'SOCK-GRIP',
      },
      {
        kind: 'product' as const,
        name: 'Water bottle',
        price: 300,
        taxRateId: salesTax?.id ?? null,
        sku: 'H2O-500',
      },
      { kind: 'service' as const, name: 'Mat rental', price: 200, taxRateId: null, sku: null },
      { kind: 'service' as const, name: 'Private session (60 min)', price: 8500, taxRateId: null, sku: null },
    ].map((item, index) => ({
      companyId: company.id,
      id: generateId(at(60).getTime() + index * 1000),
      description: null,
      ...item,
    })),
  );

  const clients = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, company.id), sql`${users.role} in ('client', 'solo-client')`))
    .orderBy(asc(users.id));
  // The bookings to pay for (read first: a client who books more than a pack holds buys the next one).
  const rows = await tx
    .select({
      booking: bookings,
      startsAt: classInstances.startsAt,
      price: fitnessSessions.dropInPrice,
      templateName: classTemplates.name,
    })
    .from(bookings)
    .innerJoin(
      classInstances,
      and(eq(classInstances.companyId, bookings.companyId), eq(classInstances.id, bookings.classInstanceId)),
    )
    .innerJoin(
      fitnessSessions,
      and(
        eq(fitnessSessions.companyId, bookings.companyId),
        eq(fitnessSessions.id, classInstances.fitnessSessionId),
      ),
    )
    .innerJoin(
      classTemplates,
      and(eq(classTemplates.companyId, bookings.companyId), eq(classTemplates.id, classInstances.templateId)),
    )
    .where(
      and(
        eq(bookings.companyId, company.id),
        inArray(bookings.status, ['booked', 'checked_in', 'no_show', 'late_cancelled']),
      ),
    )
    .orderBy(asc(classInstances.startsAt));
  type Holding = { row: typeof clientPackages.$inferSelect; credits: number; used: Map<string, number> };
  const holding = new Map<string, Holding[]>();
  const paidBookings = new Map<string, number>();
  // Top-ups follow the weeks since the packages were bought; earlier classes were paid as drop-ins.
  for (const { booking, price, startsAt } of rows)
    if (price > 0 && startsAt >= at(31))
      paidBookings.set(booking.clientId, (paidBookings.get(booking.clientId) ?? 0) + 1);
  const nextPack = byName.get('10-Class Pack');
  for (const [index, client] of clients.entries()) {
    const name = client.email.startsWith('client@') ? '10-Class Pack' : HOLDINGS[index % HOLDINGS.length];
    const bought = name ? byName.get(name) : undefined;
    // Bought before the demo's four weeks of history: packs 29–31 days ago; memberships 27 days ago, so
    // their first month still runs (nothing renews at the first start).
    const boughtAt = at(bought?.kind === 'membership' ? 27 : 29 + (index % 3));
    const held: Holding[] = bought
      ? [
          {
            row: await sellAtDesk(tx, company, client.id, bought, boughtAt),
            credits: bought.credits ?? 0,
            used: new Map(),
          },
        ]
      : [];
    // A regular whose package does not cover how often they come buys 10-class packs as they go (up to
    // six), as studio regulars do, instead of owing a month of drop-ins. Drop-in clients buy their first
    // pack after a week and a half of paying at the door.
    const wanted = paidBookings.get(client.id) ?? 0;
    let covered =
      bought?.kind === 'class-pack'
        ? (bought.credits ?? 0)
        : bought?.classLimit
          ? bought.classLimit * 2
          : bought
            ? Infinity
            : 0;
    const topUpFrom = bought ? boughtAt : at(20);
    for (let more = 1; nextPack && covered < wanted && more <= 6; more++) {
      const row = await sellAtDesk(
        tx,
        company,
        client.id,
        nextPack,
        new Date(topUpFrom.getTime() + more * 3_600_000),
      );
      held.push({ row, credits: nextPack.credits ?? 0, used: new Map() });
      covered += nextPack.credits ?? 0;
    }
    if (held.length > 0) holding.set(client.id, held);
  }

  // Pay for the bookings: with what the client holds when it covers the class, else as a drop-in.
  const ledger: (typeof creditLedger.$inferInsert)[] = [];
  const sales = await OrderBatch.start(tx, company);
  const updates: {
    id: string;
    paidWith: string;
    clientPackageId: string | null;
    orderId: string | null;
    feeOrderId: string | null;
  }[] = [];
  for (const { booking, startsAt, price, templateName } of rows) {
    const label = `${templateName}, ${localDateOf(startsAt, company.timeZone)}`;
    const classDate = localDateOf(startsAt, company.timeZone);
    // The first package that covers the class and still has room: a membership within its limit, else
    // the next pack that is not used up.
    const roomIn = (entry: Holding) => {
      const { terms } = entry.row;
      if (classDate < entry.row.startsOn || booking.createdAt < entry.row.createdAt) return null;
      if (entry.row.paidUntil && !terms.autoRenew && classDate >= entry.row.paidUntil) return null;
      const period =
        terms.kind === 'membership' && terms.period
          ? periodOf(entry.row.startsOn, terms.period, classDate)
          : null;
      const key = period?.start ?? 'pack';
      const used = entry.used.get(key) ?? 0;
      const limit = terms.kind === 'class-pack' ? entry.credits : (terms.classLimit ?? Infinity);
      return used < limit ? { entry, period, key, used } : null;
    };
    const cover = price > 0 ? (holding.get(booking.clientId) ?? []).map(roomIn).find(Boolean) : undefined;
    const held = cover?.entry;
    let paidWith: PackageKind | 'drop-in' | 'free' = price > 0 ? 'drop-in' : 'free';
    if (cover && held) {
      const { terms } = held.row;
      const { period, key, used } = cover;
      {
        held.used.set(key, used + 1);
        paidWith = terms.kind;
        ledger.push({
          companyId: company.id,
          id: generateId(booking.createdAt.getTime()),
          clientPackageId: held.row.id,
          bookingId: booking.id,
          entry: 'use',
          credits: -1,
          periodStart: period?.start ?? null,
          reason: label,
          actorId: booking.clientId,
          at: booking.createdAt,
        });
      }
    }
    // Past drop-ins were paid at the desk; those to come are owed. Late-cancel fees are owed.
    const orderId =
      paidWith === 'drop-in'
        ? sales.add(
            booking.clientId,
            'drop-in',
            `Drop-in: ${label}`,
            price,
            booking.id,
            booking.createdAt,
            startsAt <= now ? startsAt : null,
          )
        : null;
    const feeOrderId =
      booking.feeKind && booking.feeAmount && booking.feeStatus === 'due'
        ? sales.add(
            booking.clientId,
            'fee',
            `Late-cancellation fee: ${label}`,
            booking.feeAmount,
            booking.id,
            startsAt,
            null,
          )
        : null;
    updates.push({
      id: booking.id,
      paidWith,
      clientPackageId: paidWith === 'membership' || paidWith === 'class-pack' ? (held?.row.id ?? null) : null,
      orderId,
      feeOrderId,
    });
  }
  await sales.save();
  for (let start = 0; start < updates.length; start += 1000) {
    const chunk = updates.slice(start, start + 1000);
    await tx.execute(sql`
      update bookings b
         set paid_with = v."paidWith", client_package_id = v."clientPackageId", order_id = v."orderId", fee_order_id = v."feeOrderId"
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
             as v(id text, "paidWith" text, "clientPackageId" text, "orderId" text, "feeOrderId" text)
       where b.company_id = ${company.id} and b.id = v.id::char(24)`);
  }
  await insertMany(tx, 'credit_ledger', LEDGER_COLUMNS, ledger);
  // A pack whose expiry counts from first use started counting at its first booking.
  for (const { row } of [...holding.values()].flat()) {
    const { terms } = row;
    if (terms.kind !== 'class-pack' || terms.expiryFrom !== 'first-use' || !terms.expiryDays) continue;
    const first = ledger.find((entry) => entry.clientPackageId === row.id);
    if (first?.at)
      await tx
        .update(clientPackages)
        .set({ expiresAt: new Date(first.at.getTime() + terms.expiryDays * DAY) })
        .where(and(eq(clientPackages.companyId, company.id), eq(clientPackages.id, row.id)));
  }
}

/**
 * Many one-line orders (drop-ins and fees), numbered on from the company's last order and written in a
 * few statements: the demo has hundreds, and one round trip each made the first start slow.
 */
export class OrderBatch {
  private readonly orders: (typeof orders.$inferInsert)[] = [];
  private readonly lines: (typeof orderLines.$inferInsert)[] = [];
  private readonly payments: (typeof payments.$inferInsert)[] = [];

  private constructor(
    private readonly tx: Executor,
    private readonly company: { id: string; currency: string },
    private next: number,
  ) {}

  static async start(tx: Executor, company: { id: string; currency: string }) {
    const [last] = await tx
      .select({ number: sql<number>`coalesce(max(${orders.number}), 0)::int` })
      .from(orders)
      .where(eq(orders.companyId, company.id));
    return new OrderBatch(tx, company, Number(last?.number ?? 0) + 1);
  }

  /** Adds an order of one line; `paidAt` set = paid by card then. Answers its id. */
  add(
    clientId: string,
    kind: 'drop-in' | 'fee',
    description: string,
    amount: number,
    bookingId: string,
    at: Date,
    paidAt: Date | null,
  ) {
    const id = generateId(at.getTime());
    const companyId = this.company.id;
    this.orders.push({
      companyId,
      id,
      number: this.next++,
      clientId,
      status: paidAt ? 'paid' : 'open',
      provider: 'studio',
      currency: this.company.currency,
      subtotal: amount,
      discount: 0,
      tax: 0,
      total: amount,
      paid: paidAt ? amount : 0,
      paidAt,
      createdAt: at,
      updatedAt: paidAt ?? at,
    });
    this.lines.push({
      companyId,
      id: generateId(at.getTime()),
      orderId: id,
      position: 0,
      kind,
      bookingId,
      description,
      quantity: 1,
      unitPrice: amount,
      discount: 0,
      net: amount,
      tax: 0,
      total: amount,
    });
    if (paidAt && amount > 0)
      this.payments.push({
        companyId,
        id: generateId(paidAt.getTime()),
        orderId: id,
        kind: 'payment',
        amount,
        method: 'card',
        at: paidAt,
      });
    return id;
  }

  async save() {
    await insertMany(this.tx, 'orders', ORDER_COLUMNS, this.orders);
    await insertMany(this.tx, 'order_lines', ORDER_LINE_COLUMNS, this.lines);
    await insertMany(this.tx, 'payments', PAYMENT_COLUMNS, this.payments);
  }
}

async function payAtDesk(
  tx: Executor,
  companyId: string,
  orderId: string,
  amount: number,
  method: 'cash' | 'card',
  when: Date,
) {
  if (amount > 0)
    await insertPayment(tx, companyId, { orderId, kind: 'payment', amount, method, createdBy: null }, when);
  await updateOrder(tx, companyId, orderId, { status: 'paid', paid: amount, paidAt: when });
}

/** A desk sale of one package, paid by card, with the package started on the day it was bought. */
async function sellAtDesk(
  tx: Executor,
  company: { id: string; currency: string; timeZone: string },
  clientId: string,
  bought: PackageRow,
  when: Date,
) {
  const lines: { description: string; price: number; kind: 'package' | 'signup-fee' }[] = [
    { description: bought.name, price: bought.price, kind: 'package' },
  ];
  if (bought.kind === 'membership' && bought.signupFee > 0)
    lines.push({ description: `Sign-up fee: ${bought.name}`, price: bought.signupFee, kind: 'signup-fee' });
  const priced = priceOrder(
    lines.map((line) => ({ unitPrice: line.price, quantity: 1, tax: null, discountable: false })),
    null,
  );
  const order = await insertOrder(
    tx,
    company.id,
    {
      clientId,
      provider: 'studio',
      currency: company.currency,
      subtotal: priced.subtotal,
      discount: 0,
      tax: 0,
      total: priced.total,
      promoCodeId: null,
      promoCode: null,
      createdBy: null,
      lines: lines.map((line, index) => ({
        kind: line.kind,
        packageId: bought.id,
        description: line.description,
        quantity: 1,
        unitPrice: line.price,
        discount: 0,
        taxName: null,
        taxRatePpm: 0,
        taxInclusive: false,
        net: priced.lines[index]?.net ?? line.price,
        tax: 0,
        total: priced.lines[index]?.total ?? line.price,
      })),
    },
    when,
  );
  await payAtDesk(tx, company.id, order.id, priced.total, 'card', when);
  const terms = termsOf(bought);
  const startsOn = localDateOf(when, company.timeZone);
  const [held] = await tx
    .insert(clientPackages)
    .values({
      companyId: company.id,
      id: generateId(when.getTime()),
      clientId,
      packageId: bought.id,
      orderId: order.id,
      terms,
      status: 'active',
      startsOn,
      paidUntil: terms.period ? periodStart(startsOn, terms.period, 1) : null,
      expiresAt:
        terms.kind === 'class-pack' && terms.expiryDays && terms.expiryFrom === 'purchase'
          ? new Date(when.getTime() + terms.expiryDays * DAY)
          : null,
      createdAt: when,
      updatedAt: when,
    })
    .returning();
  if (terms.kind === 'class-pack' && terms.credits && held)
    await tx.insert(creditLedger).values({
      companyId: company.id,
      id: generateId(when.getTime()),
      clientPackageId: held.id,
      bookingId: null,
      entry: 'grant',
      credits: terms.credits,
      reason: `Bought: order #${order.number}`,
      actorId: null,
      at: when,
    });
  return held as typeof clientPackages.$inferSelect;
}
