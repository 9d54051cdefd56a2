import { and, asc, eq, sql } from 'drizzle-orm';
import { isClientRole } from '@kinetic/shared';
import { withTenant, type Database } from '../../db/client.ts';
import {
  appointmentTypes,
  bookings,
  classInstances,
  classTemplates,
  events,
  users,
  waiverSignatures,
} from '../../db/schema/index.ts';
import type { Actor } from '../../plugins/auth.ts';
import { forbidden } from '../../plugins/errors.ts';
import { getMyPreferences } from '../client-preferences/client-preferences.service.ts';
import { clientAccount } from '../orders/orders.service.ts';
import { csv, zipFiles } from './zip.ts';

/**
 * "Download my data" (issue 11): everything the studio holds about the signed-in client — profile,
 * bookings, purchases, payments, credits, signatures and email choices — as `data.json` plus a CSV per
 * list, in one ZIP. Nothing about other clients, and no secrets (password hash, tokens).
 */
export async function myDataArchive(db: Database, actor: Actor, now = new Date()): Promise<Buffer> {
  if (!isClientRole(actor.roleId)) throw forbidden('Only a client downloads their own data here.');
  const { profile, booked, signatures } = await withTenant(db, actor.companyId, async (tx) => {
    const [person] = await tx
      .select({ name: users.name, email: users.email, phone: users.phone, createdAt: users.createdAt })
      .from(users)
      .where(and(eq(users.companyId, actor.companyId), eq(users.id, actor.userId)));
    const rows = await tx
      .select({
        id: bookings.id,
        // A class's template name, the event's title for an event's date, an appointment's type name.
        className: sql<string>`coalesce(${classTemplates.name}, ${events.title}, ${appointmentTypes.name})`,
        startsAt: classInstances.startsAt,
        timeZone: sql<string>`(select time_zone from studios s where s.company_id = ${classInstances.companyId} and s.id = ${classInstances.studioId})`,
        status: bookings.status,
        paidWith: bookings.paidWith,
        cancelledBy: bookings.cancelledBy,
        createdAt: bookings.createdAt,
      })
      .from(bookings)
      .innerJoin(
        classInstances,
        and(
          eq(classInstances.companyId, bookings.companyId),
          eq(classInstances.id, bookings.classInstanceId),
        ),
      )
      .leftJoin(
        classTemplates,
        and(
          eq(classTemplates.companyId, classInstances.companyId),
          eq(classTemplates.id, classInstances.templateId),
        ),
      )
      .leftJoin(
        events,
        and(eq(events.companyId, classInstances.companyId), eq(events.id, classInstances.eventId)),
      )
      .leftJoin(
        appointmentTypes,
        and(
          eq(appointmentTypes.companyId, classInstances.companyId),
          eq(appointmentTypes.id, classInstances.appointmentTypeId),
        ),
      )
      .where(and(eq(bookings.companyId, actor.companyId), eq(bookings.clientId, actor.userId)))
      .orderBy(asc(classInstances.startsAt));
    const signed = await tx
      .select({
        id: waiverSignatures.id,
        version: waiverSignatures.version,
        fullName: waiverSignatures.fullName,
        kind: waiverSignatures.kind,
        acceptedTerms: waiverSignatures.acceptedTerms,
        signedAt: waiverSignatures.signedAt,
        ipAddress: waiverSignatures.ipAddress,
      })
      .from(waiverSignatures)
      .where(
        and(eq(waiverSignatures.companyId, actor.companyId), eq(waiverSignatures.clientId, actor.userId)),
      )
      .orderBy(asc(waiverSignatures.signedAt));
    return { profile: person, booked: rows, signatures: signed };
  });
  const account = await clientAccount(db, actor, actor.userId, now);
  // The client's own choices (the studio's reminder time, answered beside them on the page, is not theirs).
  const {
    reminderHoursBefore: _studioSetting,
    notSentByStudio: _studioChoice,
    ...emails
  } = await getMyPreferences(db, actor);
  const iso = (value: Date) => value.toISOString();

  const data = {
    exportedAt: iso(now),
    profile: profile ? { ...profile, createdAt: iso(profile.createdAt) } : null,
    emailChoices: emails,
    bookings: booked.map((row) => ({ ...row, startsAt: iso(row.startsAt), createdAt: iso(row.createdAt) })),
    packages: account.packages,
    orders: account.orders,
    credits: account.ledger,
    balanceOwing: account.balanceOwing,
    currency: account.currency,
    waiverSignatures: signatures.map((row) => ({ ...row, signedAt: iso(row.signedAt) })),
  };
  return zipFiles(
    [
      { name: 'data.json', content: `${JSON.stringify(data, null, 2)}\n` },
      {
        name: 'bookings.csv',
        content: csv(
          ['class', 'starts_at', 'time_zone', 'status', 'paid_with', 'cancelled_by', 'booked_at'],
          booked.map((row) => [
            row.className,
            iso(row.startsAt),
            row.timeZone,
            row.status,
            row.paidWith,
            row.cancelledBy,
            iso(row.createdAt),
          ]),
        ),
      },
      {
        name: 'orders.csv',
        content: csv(
          ['number', 'date', 'items', 'total', 'paid', 'refunded', 'currency', 'status'],
          account.orders.map((order) => [
            order.number,
            order.createdAt,
            order.lines.map((line) => line.description).join('; '),
            (order.total / 100).toFixed(2),
            (order.paid / 100).toFixed(2),
            (order.refunded / 100).toFixed(2),
            order.currency,
            order.status,
          ]),
        ),
      },
      {
        name: 'credits.csv',
        content: csv(
          ['date', 'package', 'entry', 'credits', 'reason'],
          account.ledger.map((entry) => [
            entry.at,
            entry.packageName,
            entry.entry,
            entry.credits,
            entry.reason,
          ]),
        ),
      },
      {
        name: 'waiver-signatures.csv',
        content: csv(
          ['version', 'full_name', 'kind', 'signed_at', 'ip_address'],
          signatures.map((row) => [row.version, row.fullName, row.kind, iso(row.signedAt), row.ipAddress]),
        ),
      },
    ],
    now,
  );
}
