import { afterAll, describe, expect, it } from 'vitest';
import { EMAIL_TRIGGER_INFO } from '@kinetic/shared';
import { createTestApp } from '../test/harness.ts';
import { startMailCatcher, type CaughtMail } from '../test/mail-catcher.ts';
import { bearer, signUpClient } from '../test/factories.ts';
import { classPack, created, membership } from '../test/packages.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../test/schedule.ts';
import { addDays, dayLabel, localDateLabel } from '../features/fitness-sessions/zoned-time.ts';
import { renewMemberships, RENEWAL_ATTEMPTS } from '../features/orders/renewals.ts';
import { sendPackageNotices, type PackageNoticeDeps } from './package-notices.ts';

/**
 * "Membership renewing soon" and "Pack expiring soon" (issue 16): the job run at chosen instants against
 * the real database, outbox, worker and SMTP server. One notice per renewal date or pack, however often
 * and however concurrently it runs; the studio's switch and the client's "Membership and pack reminders"
 * are followed, and a failed renewal is told all the same.
 */
const mail = await startMailCatcher();
afterAll(() => mail.stop());
const { app, db, jobs } = await createTestApp({ smtpUrl: mail.url });
const deps: PackageNoticeDeps = { db: db.db, jobs, publicUrl: 'http://kinetic.test', log: () => {} };
type Headers = Record<string, string>;
const DAY = 86_400_000;

/** Mail to `address` whose subject starts with `prefix`, once at least `count` arrived (or after 30 s: the worker delivers in order). */
async function mailTo(address: string, prefix: string, count = 1): Promise<CaughtMail[]> {
  const matching = () => mail.mailTo(address).filter((message) => message.subject.startsWith(prefix));
  for (let waited = 0; waited < 30_000 && matching().length < count; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return matching();
}

/** What reached the outbox for `address` with that subject start (written at once; no waiting). */
async function outbox(address: string, prefix: string) {
  const { rows } = await db.pool.query<{ subject: string }>(
    `select subject from email_outbox where "to" = $1 and starts_with(subject, $2)`,
    [address, prefix],
  );
  return rows;
}

async function clientOf(ready: ReadyStudio) {
  const signed = await signUpClient(app, ready.slug);
  return {
    id: signed.session.user._id as string,
    headers: bearer(signed.session.token),
    email: signed.email,
  };
}

/** Sells `body` to a new client at the desk (paid by card); answers the client and what they hold. */
async function holding(ready: ReadyStudio, body: object) {
  const plan = await created(app, ready.headers, '/api/packages', body);
  const client = await clientOf(ready);
  await created(app, ready.headers, '/api/orders', {
    clientId: client.id,
    items: [{ kind: 'package', packageId: plan.id }],
    promoCode: null,
    paidWith: 'card',
  });
  const account = async () =>
    (
      await app.inject({ method: 'GET', url: `/api/clients/${client.id}/account`, headers: ready.headers })
    ).json().data;
  const held = (await account()).packages[0] as {
    id: string;
    paidUntil: string | null;
    expiresAt: string | null;
  };
  return { client, held, account };
}

/** Noon in New York on a local date, `days` from it. */
const noonOn = (date: string, days = 0) => new Date(`${addDays(date, days)}T17:00:00Z`);

const setEmail = (ready: ReadyStudio, trigger: keyof typeof EMAIL_TRIGGER_INFO, enabled: boolean) =>
  app.inject({
    method: 'PUT',
    url: `/api/settings/email/templates/${trigger}`,
    headers: ready.headers,
    payload: {
      enabled,
      subject: EMAIL_TRIGGER_INFO[trigger].subject,
      body: EMAIL_TRIGGER_INFO[trigger].body,
    },
  });

const choose = (headers: Headers, packageReminders: boolean) =>
  app.inject({
    method: 'PUT',
    url: '/api/my/notifications',
    headers,
    payload: {
      bookingConfirmations: true,
      reminders: true,
      waitlist: true,
      packageReminders,
      marketing: false,
    },
  });

describe('membership renewing soon', () => {
  it('goes once per renewal date, even when two runs go at once; again before the next renewal', async () => {
    const ready = await studioReadyToSchedule(app);
    const { client, held, account } = await holding(
      ready,
      membership({ name: 'Unlimited Monthly', price: 12000 }),
    );
    const paidUntil = held.paidUntil as string;
    // Four days before: outside the default three-day notice.
    expect(await sendPackageNotices(deps, noonOn(paidUntil, -4))).toBe(0);
    const due = noonOn(paidUntil, -2);
    const [first, second] = await Promise.all([sendPackageNotices(deps, due), sendPackageNotices(deps, due)]);
    expect(first + second).toBe(1);
    expect(await sendPackageNotices(deps, noonOn(paidUntil, -1))).toBe(0);

    const [notice] = await mailTo(client.email, 'Your Unlimited Monthly renews');
    expect(notice?.to).toEqual([client.email]);
    expect(notice?.subject).toBe(`Your Unlimited Monthly renews on ${localDateLabel(paidUntil)}`);
    expect(notice?.body).toContain(
      `Your Unlimited Monthly renews on ${localDateLabel(paidUntil)} for $120.00.`,
    );
    expect(notice?.body).toContain(`http://kinetic.test/${ready.slug}/client/client/app/settings/packages`);

    // Renewed, the next period's end is a new renewal date: its notice goes once too.
    expect(await renewMemberships({ ...deps, jobs: undefined }, noonOn(paidUntil))).toMatchObject({
      renewed: 1,
    });
    const next = (await account()).packages[0].paidUntil as string;
    expect(next > paidUntil).toBe(true);
    expect(await sendPackageNotices(deps, noonOn(next, -3))).toBe(1);
    expect(await sendPackageNotices(deps, noonOn(next, -2))).toBe(0);
    expect(await outbox(client.email, 'Your Unlimited Monthly renews')).toHaveLength(2);
  });

  it('follows the studio’s notice days, and skips a membership cancelled at the end of its period', async () => {
    const ready = await studioReadyToSchedule(app);
    const settings = (
      await app.inject({ method: 'GET', url: '/api/settings/email', headers: ready.headers })
    ).json().data;
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/settings/email',
      headers: ready.headers,
      payload: {
        senderName: settings.senderName ?? '',
        replyTo: settings.replyTo ?? '',
        brandColour: settings.brandColour,
        showLogo: settings.showLogo,
        footer: settings.footer,
        renewalNoticeDays: 10,
        expiryNoticeDays: settings.expiryNoticeDays,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { client, held } = await holding(ready, membership({ name: 'Monthly' }));
    const ending = await holding(ready, membership({ name: 'Ending' }));
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/client-packages/${ending.held.id}/cancel`,
      headers: ready.headers,
      payload: { at: 'period-end' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const paidUntil = held.paidUntil as string;
    expect(await sendPackageNotices(deps, noonOn(paidUntil, -9))).toBe(1);
    expect(await outbox(client.email, 'Your Monthly renews')).toHaveLength(1);
    expect(await outbox(ending.client.email, 'Your Ending renews')).toHaveLength(0);
  });

  it('a client who turned membership and pack reminders off gets none, but a failed renewal is still told', async () => {
    const ready = await studioReadyToSchedule(app);
    const { client, held } = await holding(ready, membership({ name: 'Monthly', price: 9000 }));
    expect((await choose(client.headers, false)).statusCode).toBe(200);
    const paidUntil = held.paidUntil as string;
    expect(await sendPackageNotices(deps, noonOn(paidUntil, -2))).toBe(0);
    expect(await outbox(client.email, 'Your Monthly renews')).toHaveLength(0);

    const declined = async () => {
      throw new Error('the card was declined');
    };
    const outcome = await renewMemberships({ ...deps, chargeSavedCard: declined }, noonOn(paidUntil));
    // (Memberships of the other tests' studios are due that day too.)
    expect(outcome.failed).toBeGreaterThanOrEqual(1);
    const [failed] = await mailTo(client.email, 'We could not renew');
    expect(failed?.subject).toBe('We could not renew your Monthly');
    expect(failed?.body).toContain(
      'We tried to charge $90.00 to renew your Monthly, but the card was declined.',
    );
    expect(failed?.body).toContain('We will try again tomorrow.');
    expect(RENEWAL_ATTEMPTS).toBeGreaterThan(1);
  });
});

describe('pack expiring soon', () => {
  it('goes once for a pack with credits left, naming the day and the credits; two runs at once send one', async () => {
    const ready = await studioReadyToSchedule(app);
    const { client, held } = await holding(
      ready,
      classPack({ name: '10-Class Pack', credits: 10, expiryDays: 90 }),
    );
    const expiresAt = new Date(held.expiresAt as string);
    expect(await sendPackageNotices(deps, new Date(expiresAt.getTime() - 8 * DAY))).toBe(0);
    const due = new Date(expiresAt.getTime() - 3 * DAY);
    const [first, second] = await Promise.all([sendPackageNotices(deps, due), sendPackageNotices(deps, due)]);
    expect(first + second).toBe(1);
    expect(await sendPackageNotices(deps, new Date(expiresAt.getTime() - DAY))).toBe(0);

    const day = dayLabel(expiresAt, 'America/New_York');
    const [notice] = await mailTo(client.email, 'Your 10-Class Pack expires');
    expect(notice?.subject).toBe(`Your 10-Class Pack expires on ${day}`);
    expect(notice?.body).toContain(`Your 10-Class Pack expires on ${day} with 10 credits left.`);
    expect(await outbox(client.email, 'Your 10-Class Pack expires')).toHaveLength(1);
  });

  it('the studio switched it off: nothing, and nothing claimed (switched on again in time, it goes)', async () => {
    const ready = await studioReadyToSchedule(app);
    expect((await setEmail(ready, 'packExpiringSoon', false)).statusCode).toBe(200);
    const { client, held } = await holding(
      ready,
      classPack({ name: 'Five Pack', credits: 5, expiryDays: 30 }),
    );
    const expiresAt = new Date(held.expiresAt as string);
    expect(await sendPackageNotices(deps, new Date(expiresAt.getTime() - 3 * DAY))).toBe(0);
    expect(await outbox(client.email, 'Your Five Pack expires')).toHaveLength(0);
    expect((await setEmail(ready, 'packExpiringSoon', true)).statusCode).toBe(200);
    expect(await sendPackageNotices(deps, new Date(expiresAt.getTime() - 2 * DAY))).toBe(1);
  });
});

describe('a client the studio deactivated', () => {
  it('gets no pack reminder', async () => {
    const ready = await studioReadyToSchedule(app);
    const { client, held } = await holding(
      ready,
      classPack({ name: 'Quiet Pack', credits: 5, expiryDays: 60 }),
    );
    await db.pool.query('update users set deactivated_at = now() where id = $1', [client.id]);
    const expiresAt = new Date(held.expiresAt as string);
    expect(await sendPackageNotices(deps, new Date(expiresAt.getTime() - 3 * DAY))).toBe(0);
    expect(await outbox(client.email, 'Your Quiet Pack expires')).toEqual([]);
  });
});
