import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';

/**
 * Signed links of an event booking (issue 12 §2): the confirmation email's cancel link and the booked
 * page's calendar file open without a session, so each carries an HMAC-SHA256 over what it acts on —
 * its purpose, the company, the event, the client and the booking — with a secret only the server knows.
 * Changing any id (or using a link for another purpose) breaks the signature; it is compared in
 * constant time.
 *
 * The secret: `LINK_SECRET` when set (32+ characters); else derived from `PAYMENTS_SECRET` (a separate key
 * per purpose, so neither reveals the other); else random per process (links then stop working at the
 * next start; a warning says so at start-up).
 */
export type EventLinkPurpose = 'cancel' | 'calendar';

let secret: Buffer = randomBytes(32);
let ephemeral = true;

/** Chooses the secret from the configuration; answers whether it is a per-process one. */
export function configureEventLinks(config: Pick<Config, 'LINK_SECRET' | 'PAYMENTS_SECRET'>): { ephemeral: boolean } {
  if (config.LINK_SECRET) {
    secret = Buffer.from(config.LINK_SECRET, 'utf8');
    ephemeral = false;
  } else if (config.PAYMENTS_SECRET) {
    secret = createHmac('sha256', config.PAYMENTS_SECRET).update('kinetic:event-links:v1').digest();
    ephemeral = false;
  } else if (!ephemeral) {
    secret = randomBytes(32);
    ephemeral = true;
  }
  return { ephemeral };
}

export interface EventLinkSubject {
  companyId: string;
  eventId: string;
  userId: string;
  bookingId: string;
}

const message = (purpose: EventLinkPurpose, subject: EventLinkSubject) =>
  ['kinetic-event-link', purpose, subject.companyId, subject.eventId, subject.userId, subject.bookingId]
    .map((part) => part.toLowerCase())
    .join('\n');

/** base64url of HMAC-SHA256 (43 characters). */
export function signEventLink(purpose: EventLinkPurpose, subject: EventLinkSubject): string {
  return createHmac('sha256', secret).update(message(purpose, subject)).digest('base64url');
}

/** True only for the signature this server would make for exactly this purpose and subject. */
export function verifyEventLink(purpose: EventLinkPurpose, subject: EventLinkSubject, signature: string): boolean {
  const expected = Buffer.from(signEventLink(purpose, subject), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}

/** Where an event page lives for a company's clients (`/{slug}/{client|solo-client}/client/app/...`). */
export function eventPagePath(company: { slug: string; kind: string }, page: string): string {
  const role = company.kind === 'solo' ? 'solo-client' : 'client';
  return `/${encodeURIComponent(company.slug)}/${role}/client/app/${page}`;
}

/** The confirmation email's cancel link: `user/event/cancel-event/{eventId}/{userId}?booking=…&sig=…`. */
export function cancelLinkOf(
  publicUrl: string,
  company: { slug: string; kind: string },
  subject: EventLinkSubject,
): string {
  const query = new URLSearchParams({ booking: subject.bookingId, sig: signEventLink('cancel', subject) });
  return `${publicUrl}${eventPagePath(company, `user/event/cancel-event/${subject.eventId}/${subject.userId}`)}?${query.toString()}`;
}

/** The booked page's calendar file: no session needed, so it is signed too. */
export function calendarLinkOf(company: { slug: string }, subject: EventLinkSubject): string {
  const query = new URLSearchParams({ booking: subject.bookingId, sig: signEventLink('calendar', subject) });
  return `/api/public/${encodeURIComponent(company.slug)}/events/${subject.eventId}/users/${subject.userId}/calendar.ics?${query.toString()}`;
}

/**
 * Another kind of signed link with the same secret (a waitlist offer's accept and decline links,
 * bookings/offer-links.ts): HMAC-SHA256 over `kind` and `parts`, base64url. The leading words differ
 * from the event links', so no signature of one kind is valid for another.
 */
export function signLinkParts(kind: string, parts: readonly string[]): string {
  return createHmac('sha256', secret)
    .update(['kinetic-link', kind, ...parts].map((part) => part.toLowerCase()).join('\n'))
    .digest('base64url');
}

/** True only for the signature {@link signLinkParts} makes for exactly this kind and these parts. */
export function verifyLinkParts(kind: string, parts: readonly string[], signature: string): boolean {
  const expected = Buffer.from(signLinkParts(kind, parts), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
