import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { quickClients } from '../../test/bookings.ts';
import { created, membership } from '../../test/packages.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';
import { renewMemberships, RENEWAL_ATTEMPTS } from './renewals.ts';

/** Membership renewals (issue 10): once per period, at the client's own price; a failing card retries, then pauses. */
const { app, db } = await createTestApp();
const deps = { db: db.db, publicUrl: 'http://localhost:3000', log: () => {} };
const DAY = 86_400_000;

async function memberWith(overrides: Record<string, unknown>) {
  const ready = await studioReadyToSchedule(app);
  const plan = await created(
    app,
    ready.headers,
    '/api/packages',
    membership({ name: 'Monthly', price: 9000, ...overrides }),
  );
  const [clientId] = (await quickClients(app, ready, 1)) as [string];
  await created(app, ready.headers, '/api/orders', {
    clientId,
    items: [{ kind: 'package', packageId: plan.id }],
    promoCode: null,
    paidWith: 'card',
  });
  const account = async () =>
    (
      await app.inject({ method: 'GET', url: `/api/clients/${clientId}/account`, headers: ready.headers })
    ).json().data;
  return { ready, plan, clientId, account };
}

async function emailsTo(clientId: string) {
  const { rows } = await db.pool.query<{ subject: string; text: string }>(
    'select subject, text from email_outbox where "to" = (select email from users where id = $1) order by created_at, id',
    [clientId],
  );
  return rows;
}

describe('membership renewals', () => {
  it('renews once per period at the price the client bought it for, owed at the studio', async () => {
    const { ready, plan, clientId, account } = await memberWith({});
    const before = (await account()).packages[0];
    // The catalogue's price rises; the member keeps theirs.
    await app.inject({
      method: 'PUT',
      url: `/api/packages/${plan.id}`,
      headers: ready.headers,
      payload: membership({ name: 'Monthly', price: 12000 }),
    });

    const later = new Date(Date.now() + 35 * DAY);
    expect(await renewMemberships(deps, later)).toMatchObject({ renewed: 1 });
    expect(await renewMemberships(deps, later)).toMatchObject({ renewed: 0 });
    const after = await account();
    expect(after.packages[0].paidUntil > before.paidUntil).toBe(true);
    expect(after.balanceOwing).toBe(9000);
    expect(after.orders[0]).toMatchObject({ status: 'open', total: 9000, lines: [{ kind: 'renewal' }] });
    const renewed = (await emailsTo(clientId)).find((email) => email.subject.startsWith('Renewed'));
    expect(renewed?.subject).toMatch(/^Renewed: Monthly \(order #\d+\)$/);
    expect(renewed?.text).toContain('$90.00 is due; pay at the studio');
  });

  it('does not renew a membership that does not renew itself, or one that is paused', async () => {
    const once = await memberWith({ autoRenew: false });
    const paused = await memberWith({});
    const held = (await paused.account()).packages[0];
    await app.inject({
      method: 'POST',
      url: `/api/client-packages/${held.id}/pause`,
      headers: paused.ready.headers,
    });
    await renewMemberships(deps, new Date(Date.now() + 35 * DAY));
    expect((await once.account()).orders).toHaveLength(1);
    expect((await paused.account()).orders).toHaveLength(1);
  });

  it('a declined card is retried on the next runs, then the membership is paused and the client told', async () => {
    const { clientId, account } = await memberWith({});
    // The card provider's answer (Stripe's side of the boundary): declined every time.
    const declined = async () => {
      throw new Error('the card was declined');
    };
    for (let attempt = 1; attempt <= RENEWAL_ATTEMPTS; attempt += 1) {
      const at = new Date(Date.now() + (34 + attempt) * DAY);
      const outcome = await renewMemberships({ ...deps, chargeSavedCard: declined }, at);
      expect(outcome).toMatchObject(attempt < RENEWAL_ATTEMPTS ? { failed: 1 } : { paused: 1 });
    }
    const after = await account();
    expect(after.packages[0]).toMatchObject({ status: 'paused' });
    expect(after.orders).toHaveLength(1);
    const failures = (await emailsTo(clientId)).slice(-3);
    expect(failures.map((email) => email.subject)).toEqual(Array(3).fill('We could not renew your Monthly'));
    expect(failures[0]?.text).toContain('We tried to charge $90.00 to renew your Monthly, but the card was declined.');
    expect(failures[0]?.text).toContain('We will try again tomorrow.');
    expect(failures[2]?.text).toContain(`After ${RENEWAL_ATTEMPTS} tries your membership is paused.`);
  });
});
