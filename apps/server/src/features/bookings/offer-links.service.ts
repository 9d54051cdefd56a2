import { and, desc, eq } from 'drizzle-orm';
import type { OfferLinkDto, OfferLinkQuery } from '@kinetic/shared';
import { withPlatform, withTenant, type Database, type Executor } from '../../db/client.ts';
import { bookingEvents } from '../../db/schema/index.ts';
import { HttpError, conflict, notFound } from '../../plugins/errors.ts';
import { assertCompanyAvailable } from '../platform/suspension.ts';
import { findCompanyBySlug } from '../accounts/accounts.repo.ts';
import { classVariables } from './booking-email.ts';
import { localMoment } from './booking-rules.ts';
import { acceptHeldPlace, afterCommit, declineHeldPlace, type BookingDeps } from './bookings.service.ts';
import { findBooking, findClient, lockClass, type BookingRow } from './bookings.repo.ts';
import { verifyOfferSignature } from './offer-links.ts';

/**
 * The "Place offered" email's accept and decline links (offer-links.ts), answered without a session:
 * `GET /api/public/{company}/offers/{bookingId}` reads what the page shows, and the page's buttons POST
 * `…/accept` or `…/decline`. A signature that is not the server's for this company, booking and expiry —
 * or another company's booking — answers 404; a link already used 409, an offer whose time ran out (or
 * that was offered again since, with new links) 410. Nothing changes on a GET.
 */

const offerNotFound = () =>
  notFound(
    'We could not find that offer: the link may have been changed. Open it from your email as it was sent.',
  );

type OfferState = { state: 'open'; note: null } | { state: 'used' | 'expired'; note: string };

/** What became of the offer the link was signed for. */
async function stateOf(
  tx: Executor,
  companyId: string,
  booking: BookingRow,
  expires: number,
  now: Date,
): Promise<OfferState> {
  if (booking.status === 'offered' && booking.offerExpiresAt?.getTime() === expires)
    return expires > now.getTime()
      ? { state: 'open', note: null }
      : {
          state: 'expired',
          note: 'This offer has expired: the place goes to the next person on the waitlist.',
        };
  if (booking.status === 'offered')
    return { state: 'expired', note: 'This offer has expired: a newer email holds the place for you.' };
  // How the offer ended: the booking's first change out of `offered` after the link was signed.
  const [ended] = await tx
    .select({ to: bookingEvents.toStatus, reason: bookingEvents.reason })
    .from(bookingEvents)
    .where(
      and(
        eq(bookingEvents.companyId, companyId),
        eq(bookingEvents.bookingId, booking.id),
        eq(bookingEvents.fromStatus, 'offered'),
      ),
    )
    .orderBy(desc(bookingEvents.at))
    .limit(1);
  if (ended?.reason === 'Offer expired')
    return {
      state: 'expired',
      note: 'This offer has expired: the place went to the next person on the waitlist.',
    };
  if (ended?.to === 'booked')
    return { state: 'used', note: 'This offer was already used: you accepted the place.' };
  if (ended?.reason?.startsWith('Offer declined'))
    return { state: 'used', note: 'This offer was already used: the place was declined.' };
  return { state: 'used', note: 'This offer was already used: the place is no longer held.' };
}

/** The company and booking a well-signed link names, in the company's transaction. */
async function signedOffer<T>(
  db: Database,
  slug: string,
  bookingId: string,
  query: OfferLinkQuery,
  work: (tx: Executor, companyId: string, expires: number) => Promise<T>,
): Promise<T> {
  const company = await withPlatform(db, (tx) => findCompanyBySlug(tx, slug));
  const expires = Number(query.exp);
  if (!company || !verifyOfferSignature(company.id, bookingId, expires, query.sig)) throw offerNotFound();
  // A suspended company's offers are neither shown nor taken (issue 18 §2).
  assertCompanyAvailable(company);
  return withTenant(db, company.id, (tx) => work(tx, company.id, expires));
}

async function describe(
  tx: Executor,
  companyId: string,
  booking: BookingRow,
  expires: number,
  state: OfferState,
): Promise<OfferLinkDto> {
  const cls = await lockClass(tx, companyId, booking.classInstanceId, { lock: false });
  if (!cls) throw offerNotFound();
  const client = await findClient(tx, companyId, booking.clientId);
  const facts = await classVariables(tx, companyId, cls, '');
  return {
    companyName: cls.company.name,
    clientFirstName: client?.name.trim().split(/\s+/)[0] ?? '',
    className: cls.templateName,
    when: localMoment(cls.startsAt, cls.timeZone),
    where: facts.where,
    expires: localMoment(new Date(expires), cls.timeZone),
    ...state,
  };
}

/** `GET`: the held place, and whether the link can still answer it. */
export async function offerLinkInfo(
  db: Database,
  slug: string,
  bookingId: string,
  query: OfferLinkQuery,
  now = new Date(),
): Promise<OfferLinkDto> {
  return signedOffer(db, slug, bookingId, query, async (tx, companyId, expires) => {
    const booking = await findBooking(tx, companyId, bookingId);
    if (!booking) throw offerNotFound();
    return describe(tx, companyId, booking, expires, await stateOf(tx, companyId, booking, expires, now));
  });
}

/** `POST …/accept|decline`: answers the offer once; the confirmation (or the next offer) is emailed. */
export async function answerOfferLink(
  deps: BookingDeps,
  slug: string,
  bookingId: string,
  query: OfferLinkQuery,
  choice: 'accept' | 'decline',
  now = new Date(),
): Promise<{ message: string; data: OfferLinkDto }> {
  return afterCommit(
    deps,
    signedOffer(deps.db, slug, bookingId, query, async (tx, companyId, expires) => {
      const first = await findBooking(tx, companyId, bookingId);
      if (!first) throw offerNotFound();
      // The class first, then the booking: the lock order of every booking change.
      const cls = await lockClass(tx, companyId, first.classInstanceId);
      const booking = await findBooking(tx, companyId, bookingId, { lock: true });
      if (!cls || !booking) throw offerNotFound();
      const state = await stateOf(tx, companyId, booking, expires, now);
      if (state.state === 'used') throw conflict(state.note);
      if (state.state === 'expired') throw new HttpError(410, state.note);
      const by = { actorId: null, cancelledBy: 'client' as const };
      const done =
        choice === 'accept'
          ? await acceptHeldPlace(tx, companyId, cls, booking, by, now, deps.publicUrl)
          : await declineHeldPlace(tx, companyId, cls, booking, by, now, deps.publicUrl);
      const note =
        choice === 'accept'
          ? `You accepted the place: you are booked into ${cls.templateName}. We have emailed you the confirmation.`
          : 'You declined the place: it goes to the next person on the waitlist.';
      return {
        value: {
          message: choice === 'accept' ? 'Place accepted.' : 'Place declined.',
          data: await describe(tx, companyId, done.value, expires, { state: 'used', note }),
        },
        emails: done.emails,
      };
    }),
  );
}
