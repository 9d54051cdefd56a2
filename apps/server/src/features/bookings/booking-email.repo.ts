import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  classInstances,
  clientPackages,
  creditLedger,
  eventFacilitators,
  events,
  facilitators,
  instructors,
  orders,
  studios,
} from '../../db/schema/index.ts';

/** The studio's address on one line ("1 Main St, Springfield, IL 62701, US"); null when it has none. */
export async function studioAddress(
  tx: Executor,
  companyId: string,
  studioId: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ address: studios.address })
    .from(studios)
    .where(and(eq(studios.companyId, companyId), eq(studios.id, studioId)));
  if (!row) return null;
  const { line1, line2, city, state, postalCode, country } = row.address;
  const region = [state, postalCode].filter(Boolean).join(' ');
  const parts = [line1, line2, city, region, country].map((part) => part?.trim()).filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** An event's outside address (where it takes place when that is not its studio); null at the studio. */
export async function eventAddress(tx: Executor, companyId: string, eventId: string): Promise<string | null> {
  const [row] = await tx
    .select({ address: events.address })
    .from(events)
    .where(and(eq(events.companyId, companyId), eq(events.id, eventId)));
  return row?.address?.trim() || null;
}

/** A package the client holds: its name and kind as bought, and (for a pack) the credits left. */
export async function heldPackage(tx: Executor, companyId: string, clientPackageId: string) {
  const [row] = await tx
    .select({ terms: clientPackages.terms })
    .from(clientPackages)
    .where(and(eq(clientPackages.companyId, companyId), eq(clientPackages.id, clientPackageId)));
  if (!row) return undefined;
  // What is left is the ledger's sum: the grant, less each use, plus each return (issue 10).
  const [left] = await tx
    .select({ sum: sql<number>`coalesce(sum(${creditLedger.credits}), 0)::int` })
    .from(creditLedger)
    .where(and(eq(creditLedger.companyId, companyId), eq(creditLedger.clientPackageId, clientPackageId)));
  return { name: row.terms.name, kind: row.terms.kind, creditsLeft: Number(left?.sum ?? 0) };
}

export async function orderAmounts(tx: Executor, companyId: string, orderId: string) {
  const [row] = await tx
    .select({ total: orders.total, paid: orders.paid, status: orders.status, currency: orders.currency })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.id, orderId)));
  return row;
}

/** Who teaches a class (its instructor), or an event's facilitators ("Ana Diaz and Ben Ode"); '' when none. */
export async function teacherOf(
  tx: Executor,
  companyId: string,
  classInstanceId: string,
  eventId: string | null,
): Promise<string> {
  if (eventId) {
    const rows = await tx
      .select({ name: facilitators.name })
      .from(eventFacilitators)
      .innerJoin(
        facilitators,
        and(
          eq(facilitators.companyId, eventFacilitators.companyId),
          eq(facilitators.id, eventFacilitators.facilitatorId),
        ),
      )
      .where(and(eq(eventFacilitators.companyId, companyId), eq(eventFacilitators.eventId, eventId)))
      .orderBy(facilitators.name);
    const names = rows.map((row) => row.name);
    return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  }
  const [row] = await tx
    .select({ name: instructors.name })
    .from(classInstances)
    .innerJoin(
      instructors,
      and(
        eq(instructors.companyId, classInstances.companyId),
        eq(instructors.id, classInstances.instructorId),
      ),
    )
    .where(and(eq(classInstances.companyId, companyId), eq(classInstances.id, classInstanceId)));
  return row?.name ?? '';
}
