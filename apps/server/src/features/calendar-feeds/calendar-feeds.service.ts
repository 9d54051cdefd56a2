import { isClientRole, type CalendarFeedDto, type RoleId } from '@kinetic/shared';
import { withPlatform, withTenant, type Database } from '../../db/client.ts';
import type { CompanyAddress } from '../../db/schema/companies.ts';
import type { Actor } from '../../plugins/auth.ts';
import { notFound, tooManyRequests } from '../../plugins/errors.ts';
import { addressKey, countEvent } from '../../plugins/rate-limit.ts';
import { hashToken, newSecretToken } from '../../plugins/tokens.ts';
import { calendarDocument, type CalendarEvent } from '../bookings/booking-calendar.ts';
import { eventPagePath } from '../events/event-links.ts';
import {
  bookingEntries,
  deleteFeed,
  feedOwner,
  findFeedOf,
  openFeedByHash,
  replaceFeed,
  taughtEntries,
  type BookingEntryRow,
  type ClassPlace,
  type FeedRow,
  type TaughtEntryRow,
} from './calendar-feeds.repo.ts';

/**
 * Private iCal feeds (issue 16): each person's classes as an address a calendar app subscribes to.
 * The address carries a 256-bit random secret; only its SHA-256 is stored, so the address is shown once,
 * when it is made, and a new one replaces the old at once. Docs: docs/architecture.md, "Calendar feeds".
 */

const DAY_MS = 86_400_000;
/** Entries from this many days ago (last month's classes stay in the calendar)… */
const PAST_DAYS = 30;
/** …to this far ahead: past the schedule's horizon (12 weeks) and any event booked far out. */
const AHEAD_DAYS = 400;
/** A withdrawn entry stays this long as CANCELLED, so every calendar that read the feed removes it. */
const CANCELLED_KEPT_DAYS = 30;
/** How often calendar apps are asked to read the feed again. */
const REFRESH_INTERVAL = 'PT1H';
/** A secret is 32 random bytes, base64url: 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Reads of one feed per hour (a calendar polling every five minutes on two devices is 24). A shared
 * address is not limited for feeds that exist: Google reads every subscribed feed from a few addresses.
 */
const READS_PER_FEED = { limit: 120, windowSeconds: 3600 };
/** Addresses that do not exist, per client address in 15 minutes (guessing is hopeless; scanning is load). */
const MISSES_PER_ADDRESS = { limit: 60, windowSeconds: 900 };

const GONE =
  'This calendar address does not work any more. Get the current one from your account’s settings.';
const TOO_OFTEN = 'This calendar address is being read too often. Try again in an hour.';

const dtoOf = (row: FeedRow | undefined, url: string | null = null): CalendarFeedDto => ({
  url,
  webcalUrl: url === null ? null : url.replace(/^https?:/, 'webcal:'),
  createdAt: row ? row.createdAt.toISOString() : null,
  lastReadAt: row?.lastReadAt ? row.lastReadAt.toISOString() : null,
});

export const feedUrlOf = (publicUrl: string, token: string) => `${publicUrl}/api/calendar-feeds/${token}.ics`;

/** Whether I have a live address, and since when (the address itself was shown when it was made). */
export function getMyCalendarFeed(db: Database, actor: Actor): Promise<CalendarFeedDto> {
  return withTenant(db, actor.companyId, async (tx) =>
    dtoOf(await findFeedOf(tx, actor.companyId, actor.userId)),
  );
}

/** A new address, answered in full this once; the old one (if any) stops working in the same commit. */
export async function makeMyCalendarFeed(
  db: Database,
  actor: Actor,
  publicUrl: string,
): Promise<{ feed: CalendarFeedDto; replaced: boolean }> {
  const token = newSecretToken();
  return withTenant(db, actor.companyId, async (tx) => {
    const replaced = (await findFeedOf(tx, actor.companyId, actor.userId)) !== undefined;
    const row = await replaceFeed(tx, actor.companyId, actor.userId, hashToken(token));
    return { feed: dtoOf(row, feedUrlOf(publicUrl, token)), replaced };
  });
}

/** My address stops working; calendars subscribed to it get 404 and keep their last copy. */
export function revokeMyCalendarFeed(db: Database, actor: Actor): Promise<CalendarFeedDto> {
  return withTenant(db, actor.companyId, async (tx) => {
    await deleteFeed(tx, actor.companyId, actor.userId);
    return dtoOf(undefined);
  });
}

type Opened = { kind: 'open'; companyId: string; userId: string } | { kind: 'unknown' } | { kind: 'limited' };

/** The feed a secret opens, counted against its limits (committed even when the answer is 404 or 429). */
function openFeed(db: Database, token: string, clientAddress: string): Promise<Opened> {
  return withPlatform(db, async (tx): Promise<Opened> => {
    const tokenHash = hashToken(token);
    const feed = TOKEN_SHAPE.test(token) ? await openFeedByHash(tx, tokenHash) : undefined;
    if (!feed) {
      const misses = await countEvent(tx, {
        key: `calendar-feed-miss:${addressKey(clientAddress)}`,
        ...MISSES_PER_ADDRESS,
        message: TOO_OFTEN,
      });
      return misses > MISSES_PER_ADDRESS.limit ? { kind: 'limited' } : { kind: 'unknown' };
    }
    const reads = await countEvent(tx, {
      key: `calendar-feed:${tokenHash}`,
      ...READS_PER_FEED,
      message: TOO_OFTEN,
    });
    return reads > READS_PER_FEED.limit ? { kind: 'limited' } : { kind: 'open', ...feed };
  });
}

/** `GET /api/calendar-feeds/{token}.ics`: the person's calendar, or 404 for a revoked or unknown secret. */
export async function calendarFeedFile(
  db: Database,
  request: { token: string; clientAddress: string; publicUrl: string },
  now = new Date(),
): Promise<string> {
  const opened = await openFeed(db, request.token, request.clientAddress);
  if (opened.kind === 'limited') throw tooManyRequests(TOO_OFTEN);
  if (opened.kind === 'unknown') throw notFound(GONE);
  const { companyId, userId } = opened;
  return withTenant(db, companyId, async (tx) => {
    const owner = await feedOwner(tx, companyId, userId);
    // A deactivated or anonymised person's feed ends with their account.
    if (!owner) throw notFound(GONE);
    const company = { name: owner.companyName, slug: owner.companySlug, kind: owner.companyKind };
    const from = new Date(now.getTime() - PAST_DAYS * DAY_MS);
    const to = new Date(now.getTime() + AHEAD_DAYS * DAY_MS);
    const links = { publicUrl: request.publicUrl, company, role: owner.role };
    const events = isClientRole(owner.role)
      ? (await bookingEntries(tx, companyId, userId, from, to)).map((row) => bookingEvent(row, links, now))
      : (await taughtEntries(tx, companyId, userId, from, to)).map((row) => taughtEvent(row, links, now));
    const keptSince = now.getTime() - CANCELLED_KEPT_DAYS * DAY_MS;
    return calendarDocument({
      method: 'PUBLISH',
      feed: { name: `${company.name} – my classes`, refreshInterval: REFRESH_INTERVAL },
      events: events
        .filter(
          (event) =>
            event.status !== 'CANCELLED' ||
            event.withdrawnAt === null ||
            event.withdrawnAt.getTime() >= keptSince,
        )
        .map(({ withdrawnAt: _withdrawnAt, ...event }) => event),
    });
  });
}

interface Links {
  publicUrl: string;
  company: { name: string; slug: string; kind: 'company' | 'solo' };
  role: RoleId;
}

/** A feed entry, with when it was withdrawn (a CANCELLED one leaves the feed 30 days later). */
type FeedEvent = CalendarEvent & { withdrawnAt: Date | null };

function addressLine(address: CompanyAddress): string | null {
  const region = [address.state, address.postalCode].filter(Boolean).join(' ');
  const parts = [address.line1, address.line2, address.city, region, address.country]
    .map((part) => part?.trim())
    .filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** Where: an event's outside address, or the studio (and room) with its address. */
function locationOf(place: ClassPlace): string {
  if (place.eventAddress) return place.eventAddress;
  const studio = place.roomName ? `${place.studioName}, ${place.roomName}` : place.studioName;
  const address = addressLine(place.studioAddress);
  return address ? `${studio}, ${address}` : studio;
}

/** What an entry is, as its description says it. */
const nounOf = (place: ClassPlace) =>
  place.eventId ? 'event' : place.kind === 'appointment' ? 'appointment' : 'class';

/** The client's page of the class (or the event's page; an appointment: their bookings), as in the confirmation email. */
function clientLink(place: ClassPlace, links: Links): string {
  if (place.eventId)
    return `${links.publicUrl}${eventPagePath(links.company, `event/book-event/${place.eventId}`)}`;
  const role = links.company.kind === 'solo' ? 'solo-client' : 'client';
  const area = `${links.publicUrl}/${encodeURIComponent(links.company.slug)}/${role}/client/app`;
  // An appointment has no public page: the client area's home lists their bookings.
  return place.kind === 'appointment' ? area : `${area}/classes/details/${place.classInstanceId}`;
}

/**
 * The team's page of the class (its roster); an appointment's: the Appointment calendar opened on it, or a
 * solo owner's Calendar (spec §6 keeps the Appointment page from solo users), which opens it the same way.
 */
function teamLink(place: ClassPlace, links: Links): string {
  const app = `${links.publicUrl}/${encodeURIComponent(links.company.slug)}/${links.role}/app`;
  if (place.kind !== 'appointment') return `${app}/classes/details/${place.classInstanceId}`;
  const page = links.company.kind === 'solo' ? 'calendar' : 'appointment';
  return `${app}/${page}?appointment=${place.classInstanceId}`;
}

/**
 * A client's booking: UID `{bookingId}@kinetic` and the SEQUENCE of `bookingSequence`, as in the
 * booking's emails, so the feed and the email's `.ics` update one entry. A place offered from the
 * waitlist is TENTATIVE (held, not yet taken); a cancelled booking or class CANCELLED.
 */
function bookingEvent(row: BookingEntryRow, links: Links, now: Date): FeedEvent {
  const link = clientLink(row, links);
  const classCancelled = row.classStatus === 'cancelled';
  const cancelled = classCancelled || row.status === 'cancelled' || row.status === 'late_cancelled';
  const offered = !cancelled && row.status === 'offered';
  const name = `${row.name} (${links.company.name})`;
  const description = classCancelled
    ? `${links.company.name} cancelled this ${nounOf(row)}. ${link}`
    : cancelled
      ? `This booking at ${links.company.name} is cancelled. ${link}`
      : offered
        ? `A place is held for you at ${links.company.name}: accept it before the offer ends. ${link}`
        : `Booked at ${links.company.name}. ${link}`;
  return {
    uid: `${row.bookingId}@kinetic`,
    sequence: row.sequence,
    status: cancelled ? 'CANCELLED' : offered ? 'TENTATIVE' : 'CONFIRMED',
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    summary: cancelled ? `Cancelled: ${name}` : offered ? `Place offered: ${name}` : name,
    location: locationOf(row),
    description,
    url: link,
    stamp: now,
    withdrawnAt: cancelled ? (classCancelled ? row.cancelledAt : row.changedAt) : null,
  };
}

const placesText = (row: TaughtEntryRow) => {
  const booked = `${row.bookedCount} of ${row.capacity} ${row.capacity === 1 ? 'place' : 'places'} booked`;
  return row.waitlistCount > 0 ? `${booked}, ${row.waitlistCount} on the waitlist` : booked;
};

/** A class someone teaches: UID `class-{classInstanceId}@kinetic`, SEQUENCE the class's revision. */
function taughtEvent(row: TaughtEntryRow, links: Links, now: Date): FeedEvent {
  const link = teamLink(row, links);
  const cancelled = row.classStatus === 'cancelled';
  const noun = nounOf(row);
  const role =
    row.part === 'instructor'
      ? `You teach this ${noun}.`
      : row.part === 'assistant'
        ? `You assist in this ${noun}.`
        : `You lead this ${noun}.`;
  const name = row.part === 'assistant' ? `${row.name} (assisting)` : row.name;
  return {
    uid: `class-${row.classInstanceId}@kinetic`,
    sequence: row.sequence,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    summary: cancelled ? `Cancelled: ${name}` : name,
    location: locationOf(row),
    description: cancelled ? `This ${noun} is cancelled. ${link}` : `${role} ${placesText(row)}. ${link}`,
    url: link,
    stamp: now,
    withdrawnAt: cancelled ? row.cancelledAt : null,
  };
}
