import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { classAt, minutesFromNow, setSessionRules, signedInClient } from '../../test/bookings.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { HttpError } from '../../plugins/errors.ts';
import { answerOfferLink } from './offer-links.service.ts';

/**
 * The "Place offered" email's accept and decline links (issue 16): they work without logging in, once;
 * a forged signature or another company's booking answers 404; nothing changes on a GET (mail scanners
 * fetch links).
 */
const { app, db, jobs } = await createTestApp();
const deps = { db: db.db, jobs, publicUrl: 'http://localhost:3000', log: () => {} };

let slot = 0;
/** A full class with one client waiting who has just been offered the place: their links and booking. */
async function heldPlace(ready: ReadyStudio) {
  slot += 1;
  const classId = await classAt(app, ready, minutesFromNow(2 * 24 * 60 + slot * 75), { capacity: 1 });
  const [holder, waiter, next] = [
    await signedInClient(app, ready),
    await signedInClient(app, ready),
    await signedInClient(app, ready),
  ];
  const book = async (headers: Record<string, string>) =>
    (
      await app.inject({
        method: 'POST',
        url: `/api/class-instances/${classId}/bookings`,
        headers,
        payload: { payWith: 'drop-in' },
      })
    ).json().data as { id: string; status: string };
  const place = await book(holder.headers);
  const waiting = await book(waiter.headers);
  await book(next.headers);
  await app.inject({
    method: 'POST',
    url: `/api/bookings/${place.id}/cancel`,
    headers: holder.headers,
    payload: {},
  });
  const { rows } = await db.pool.query<{ text: string }>(
    `select text from email_outbox where "to" = $1 and subject like 'A place is held for you:%'`,
    [waiter.email],
  );
  const links = [...(rows[0]?.text ?? '').matchAll(/https?:\/\/\S+\/offer\/\S+/g)].map(
    (match) => new URL(match[0]),
  );
  const accept = links.find((link) => link.searchParams.get('choice') === 'accept');
  const decline = links.find((link) => link.searchParams.get('choice') === 'decline');
  if (!accept || !decline) throw new Error(`no offer links in: ${rows[0]?.text}`);
  return { classId, waiter, next, bookingId: waiting.id, accept, decline };
}

/** The API address the page calls for a link: `/api/public/{company}/offers/{bookingId}[/verb]?exp&sig`. */
function apiOf(link: URL, verb?: 'accept' | 'decline', slug?: string) {
  const [, company, , , , , bookingId] = link.pathname.split('/');
  const query = new URLSearchParams({
    exp: link.searchParams.get('exp') ?? '',
    sig: link.searchParams.get('sig') ?? '',
  });
  return `/api/public/${slug ?? company}/offers/${bookingId}${verb ? `/${verb}` : ''}?${query.toString()}`;
}

const statusOf = async (bookingId: string) =>
  (await db.pool.query<{ status: string }>('select status from bookings where id = $1', [bookingId])).rows[0]
    ?.status;

describe('waitlist offer links', () => {
  it('the page’s address shows the class without changing anything; accept works once without a session', async () => {
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { waitlistMode: 'offer' });
    const offer = await heldPlace(ready);
    expect(offer.accept.pathname).toBe(`/${ready.slug}/client/client/app/offer/${offer.bookingId}`);

    for (let time = 0; time < 2; time += 1) {
      const read = await app.inject({ method: 'GET', url: apiOf(offer.accept) });
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toMatchObject({
        className: 'Power Yoga',
        clientFirstName: 'Chris',
        state: 'open',
      });
    }
    expect(await statusOf(offer.bookingId)).toBe('offered');

    const accepted = await app.inject({ method: 'POST', url: apiOf(offer.accept, 'accept') });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.state).toBe('used');
    expect(await statusOf(offer.bookingId)).toBe('booked');
    const { rows } = await db.pool.query<{ subject: string }>(
      `select subject from email_outbox where "to" = $1 and subject like 'Booked:%'`,
      [offer.waiter.email],
    );
    expect(rows).toHaveLength(1);

    for (const verb of ['accept', 'decline'] as const) {
      const again = await app.inject({ method: 'POST', url: apiOf(offer[verb], verb) });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This offer was already used: you accepted the place.');
    }
    expect(await statusOf(offer.bookingId)).toBe('booked');
    const after = await app.inject({ method: 'GET', url: apiOf(offer.accept) });
    expect(after.json().data).toMatchObject({
      state: 'used',
      note: 'This offer was already used: you accepted the place.',
    });
  });

  it('decline gives the place to the next person; the link then answers 409', async () => {
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { waitlistMode: 'offer' });
    const offer = await heldPlace(ready);
    const declined = await app.inject({ method: 'POST', url: apiOf(offer.decline, 'decline') });
    expect(declined.statusCode).toBe(200);
    expect(await statusOf(offer.bookingId)).toBe('cancelled');
    const { rows } = await db.pool.query<{ n: number }>(
      `select count(*)::int as n from email_outbox where "to" = $1 and subject like 'A place is held for you:%'`,
      [offer.next.email],
    );
    expect(rows[0]?.n).toBe(1);
    const again = await app.inject({ method: 'POST', url: apiOf(offer.accept, 'accept') });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This offer was already used: the place was declined.');
  });

  it('a forged signature, a changed expiry or another company’s address answers 404 and changes nothing', async () => {
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { waitlistMode: 'offer' });
    const offer = await heldPlace(ready);
    const other = await studioReadyToSchedule(app);

    const forged = new URL(offer.accept);
    const sig = forged.searchParams.get('sig') ?? '';
    forged.searchParams.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    const later = new URL(offer.accept);
    later.searchParams.set('exp', String(Number(later.searchParams.get('exp')) + 3_600_000));
    for (const url of [
      apiOf(forged, 'accept'),
      apiOf(later, 'accept'),
      apiOf(offer.accept, 'accept', other.slug),
      apiOf(forged),
      apiOf(offer.accept, undefined, other.slug),
    ]) {
      const response = await app.inject({ method: url.includes('/accept') ? 'POST' : 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toMatch(/We could not find that offer/);
    }
    expect(await statusOf(offer.bookingId)).toBe('offered');

    const malformed = await app.inject({
      method: 'POST',
      url: `/api/public/${ready.slug}/offers/${offer.bookingId}/accept?exp=1&sig=short`,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/signature \(sig\)/);
  });

  it('an offer whose time ran out answers 410, even before the expiry job has moved it on', async () => {
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { waitlistMode: 'offer', offerHoldMinutes: 15 });
    const offer = await heldPlace(ready);
    const query = {
      exp: offer.accept.searchParams.get('exp') ?? '',
      sig: offer.accept.searchParams.get('sig') ?? '',
    };
    const late = new Date(Number(query.exp) + 60_000);
    const refused = await answerOfferLink(deps, ready.slug, offer.bookingId, query, 'accept', late).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(410);
    expect((refused as HttpError).message).toMatch(/^This offer has expired/);
    expect(await statusOf(offer.bookingId)).toBe('offered');
  });
});
