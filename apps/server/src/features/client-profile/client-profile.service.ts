import { and, desc, eq } from 'drizzle-orm';
import {
  type ClientProfileDto,
  type ProfileBookingListDto,
  type ProfileBookingsQuery,
  type ProfilePackageDto,
} from '@kinetic/shared';
import { withTenant, type Database, type Executor } from '../../db/client.ts';
import { clientPackages } from '../../db/schema/index.ts';
import { actorCan, type Actor } from '../../plugins/auth.ts';
import { companyOrNotFound } from '../accounts/accounts.repo.ts';
import { wantsEmail } from '../client-preferences/client-preferences.service.ts';
import { clientPackageDtos } from '../orders/orders.service.ts';
import { getClientSignupDetails } from '../signup-details/signup-details.service.ts';
import { currentWaiver, hasSignedWaiver } from '../waivers/waivers.service.ts';
import { clientOrNotFound, notesOf } from './client-notes.service.ts';
import {
  balanceOwing,
  bookingHistories,
  bookingsPage,
  lastVisit,
  latestSignedCopy,
} from './client-profile.repo.ts';

/** How many bookings of each list the profile answers at once; the rest come page by page. */
export const PROFILE_BOOKINGS_PAGE = 10;

async function bookingsWithHistory(
  tx: Executor,
  companyId: string,
  clientId: string,
  query: Pick<ProfileBookingsQuery, 'when' | 'page' | 'pageSize'>,
  now: Date,
): Promise<ProfileBookingListDto> {
  const page = await bookingsPage(tx, companyId, clientId, query.when, query.page, query.pageSize, now);
  const histories = await bookingHistories(
    tx,
    companyId,
    clientId,
    page.items.map((item) => item.id),
  );
  return {
    total: page.total,
    items: page.items.map((item) => ({ ...item, history: histories.get(item.id) ?? [] })),
  };
}

/**
 * One client as the team sees them. Both address segments name the client (`clients/profile/{clientId}/
 * {userId}`: a client's sign-up details id is their user id), so the route compares them first; here
 * another company's client is 404 like a missing one. Money is left out (null) for roles that may not see
 * it: decided here, never by the page.
 */
export async function clientProfile(
  db: Database,
  actor: Actor,
  clientId: string,
  now = new Date(),
): Promise<ClientProfileDto> {
  const profile = await withTenant(db, actor.companyId, async (tx) => {
    const client = await clientOrNotFound(tx, actor.companyId, clientId);
    const company = await companyOrNotFound(tx, actor.companyId);
    const waiver = await currentWaiver(tx, actor.companyId);
    const signed = await latestSignedCopy(tx, actor.companyId, clientId);
    const held = await tx
      .select()
      .from(clientPackages)
      .where(and(eq(clientPackages.companyId, actor.companyId), eq(clientPackages.clientId, clientId)))
      .orderBy(desc(clientPackages.createdAt));
    const packages: ProfilePackageDto[] = (await clientPackageDtos(tx, company, held, now)).map((entry) => ({
      id: entry.id,
      name: entry.terms.name,
      kind: entry.terms.kind,
      status: entry.status,
      startsOn: entry.startsOn,
      paidUntil: entry.paidUntil,
      expiresAt: entry.expiresAt,
      remaining: entry.remaining,
    }));
    const page = { page: 1, pageSize: PROFILE_BOOKINGS_PAGE };
    return {
      client: {
        id: client.id,
        name: client.name,
        email: client.email,
        phone: client.phone,
        joinedAt: client.createdAt.toISOString(),
        lastVisitAt: await lastVisit(tx, actor.companyId, clientId),
      },
      marketingConsent: await wantsEmail(tx, actor.companyId, clientId, 'marketing'),
      waiver: {
        status: !waiver
          ? ('none' as const)
          : (await hasSignedWaiver(tx, actor.companyId, clientId))
            ? ('signed' as const)
            : ('unsigned' as const),
        currentVersion: waiver?.version ?? null,
        signed,
      },
      packages,
      upcoming: await bookingsWithHistory(tx, actor.companyId, clientId, { when: 'upcoming', ...page }, now),
      past: await bookingsWithHistory(tx, actor.companyId, clientId, { when: 'past', ...page }, now),
      notes: await notesOf(tx, actor, clientId),
      money: actorCan(actor, 'seeFinancials')
        ? { currency: company.currency, balanceOwing: await balanceOwing(tx, actor.companyId, clientId) }
        : null,
    };
  });
  return { ...profile, signupDetails: await getClientSignupDetails(db, actor, clientId) };
}

/** More of a client's bookings (the profile answers the first page of each list). */
export function clientBookings(
  db: Database,
  actor: Actor,
  clientId: string,
  query: ProfileBookingsQuery,
  now = new Date(),
): Promise<ProfileBookingListDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    await clientOrNotFound(tx, actor.companyId, clientId);
    return bookingsWithHistory(tx, actor.companyId, clientId, query, now);
  });
}
