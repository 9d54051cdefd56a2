import { EMAIL_TRIGGER_INFO } from '@kinetic/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { classAt, minutesFromNow, setSessionRules } from '../../test/bookings.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';

/** The client's choice of optional emails (issue 11), and the waitlist emails that follow it. */
const { app, db } = await createTestApp();
type Headers = Record<string, string>;

async function clientOf(ready: ReadyStudio) {
  const signed = await signUpClient(app, ready.slug);
  return {
    id: signed.session.user._id as string,
    headers: bearer(signed.session.token),
    email: signed.email as string,
  };
}
const outboxTo = async (email: string) =>
  // Everything but the sign-up welcome.
  (
    await db.pool.query<{ subject: string }>(
      `select subject from email_outbox where "to" = $1 and subject not like 'Welcome to %'`,
      [email],
    )
  ).rows.map((row) => row.subject);
const put = (headers: Headers, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/my/notifications', headers, payload });

describe('client notifications', () => {
  it('answers the defaults (all but marketing), saves a choice, and names a bad field', async () => {
    const ready = await studioReadyToSchedule(app);
    const client = await clientOf(ready);
    const first = await app.inject({ method: 'GET', url: '/api/my/notifications', headers: client.headers });
    // With the studio's reminder time (Sessions Settings; 24 hours until the owner changes it).
    expect(first.json().data).toEqual({
      bookingConfirmations: true,
      reminders: true,
      waitlist: true,
      packageReminders: true,
      marketing: false,
      reminderHoursBefore: 24,
      notSentByStudio: [],
    });
    const bad = await put(client.headers, {
      bookingConfirmations: true,
      reminders: 'often',
      waitlist: true,
      marketing: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ reminders: 'Say yes or no to class reminders' });
    const badPackages = await put(client.headers, {
      bookingConfirmations: true,
      reminders: true,
      waitlist: true,
      packageReminders: 'no',
      marketing: false,
    });
    expect(badPackages.statusCode).toBe(400);
    expect(badPackages.json().errors).toHaveProperty('packageReminders');
    const saved = await put(client.headers, {
      bookingConfirmations: false,
      reminders: true,
      waitlist: false,
      packageReminders: false,
      marketing: true,
    });
    expect(saved.json()).toMatchObject({
      message: 'Your email choices are saved.',
      data: {
        bookingConfirmations: false,
        reminders: true,
        waitlist: false,
        packageReminders: false,
        marketing: true,
      },
    });
    const read = (
      await app.inject({ method: 'GET', url: '/api/my/notifications', headers: client.headers })
    ).json().data;
    expect(read).toMatchObject({ waitlist: false, packageReminders: false });
    // An older page that does not send the new switch keeps what was chosen.
    await put(client.headers, {
      bookingConfirmations: false,
      reminders: true,
      waitlist: false,
      marketing: true,
    });
    expect(
      (await app.inject({ method: 'GET', url: '/api/my/notifications', headers: client.headers })).json().data
        .packageReminders,
    ).toBe(false);
    expect(
      (await app.inject({ method: 'GET', url: '/api/my/notifications', headers: ready.headers })).statusCode,
    ).toBe(403);
    // The studio switches its class reminder off (Email Settings): the client is told it sends none.
    await app.inject({
      method: 'PUT',
      url: '/api/settings/email/templates/classReminder',
      headers: ready.headers,
      payload: {
        enabled: false,
        subject: EMAIL_TRIGGER_INFO.classReminder.subject,
        body: EMAIL_TRIGGER_INFO.classReminder.body,
      },
    });
    const told = (
      await app.inject({ method: 'GET', url: '/api/my/notifications', headers: client.headers })
    ).json().data;
    expect(told.notSentByStudio).toEqual(['reminders']);
  });

  it('a client who turned waitlist emails off is promoted without an email; one who did not gets it', async () => {
    const ready = await studioReadyToSchedule(app);
    await setSessionRules(app, ready, { waitlistMode: 'auto' });
    const classId = await classAt(app, ready, minutesFromNow(3 * 24 * 60), { capacity: 1, dropInPrice: 0 });
    const [ana, ben, cy] = [await clientOf(ready), await clientOf(ready), await clientOf(ready)];
    await put(ben.headers, {
      bookingConfirmations: true,
      reminders: true,
      waitlist: false,
      marketing: false,
    });
    const book = (headers: Headers) =>
      app.inject({ method: 'POST', url: `/api/class-instances/${classId}/bookings`, headers, payload: {} });
    const anaPlace = (await book(ana.headers)).json().data;
    const benPlace = (await book(ben.headers)).json().data;
    expect(benPlace.status).toBe('waitlisted');
    await book(cy.headers);
    const cancel = (headers: Headers, id: string) =>
      app.inject({ method: 'POST', url: `/api/bookings/${id}/cancel`, headers, payload: {} });
    expect((await cancel(ana.headers, anaPlace.id)).statusCode).toBe(200);
    const benNow = await app.inject({
      method: 'GET',
      url: `/api/my/bookings?classInstanceId=${classId}`,
      headers: ben.headers,
    });
    expect(benNow.json().data.items[0].status).toBe('booked');
    expect(await outboxTo(ben.email)).toEqual([]);
    expect((await cancel(ben.headers, benPlace.id)).statusCode).toBe(200);
    expect(await outboxTo(cy.email)).toContainEqual(expect.stringMatching(/^You[’']re in: Power Yoga, /));
  });
});
