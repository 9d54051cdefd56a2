import { eventPagePath, signLinkParts, verifyLinkParts } from '../events/event-links.ts';

/**
 * A held place's accept and decline links (the "Place offered" email): they open a small public page
 * (`…/client/app/offer/{bookingId}`) that shows the class and asks — a mail scanner fetching the link
 * changes nothing — and its buttons POST `/api/public/{company}/offers/{bookingId}/accept|decline`. No
 * session is needed, so each link carries an HMAC (the event links' secret) over the company, the
 * booking and the offer's expiry: a place offered again has new links, and the old ones stop working.
 * Single use comes from the booking itself: once it is no longer this offer, the links answer 409/410.
 */
const KIND = 'waitlist-offer';

const parts = (companyId: string, bookingId: string, expires: number) => [
  companyId,
  bookingId,
  String(expires),
];

export function offerSignature(companyId: string, bookingId: string, expiresAt: Date): string {
  return signLinkParts(KIND, parts(companyId, bookingId, expiresAt.getTime()));
}

export function verifyOfferSignature(
  companyId: string,
  bookingId: string,
  expires: number,
  signature: string,
): boolean {
  return verifyLinkParts(KIND, parts(companyId, bookingId, expires), signature);
}

/** The email's two links: the same page, each with its choice first. */
export function offerLinks(
  publicUrl: string,
  company: { slug: string; kind: string },
  companyId: string,
  bookingId: string,
  expiresAt: Date,
): { accept: string; decline: string } {
  const link = (choice: 'accept' | 'decline') => {
    const query = new URLSearchParams({
      exp: String(expiresAt.getTime()),
      sig: offerSignature(companyId, bookingId, expiresAt),
      choice,
    });
    return `${publicUrl}${eventPagePath(company, `offer/${bookingId}`)}?${query.toString()}`;
  };
  return { accept: link('accept'), decline: link('decline') };
}
