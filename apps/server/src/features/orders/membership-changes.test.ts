import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { signInTeamMember } from '../../test/team.ts';
import { quickClients } from '../../test/bookings.ts';
import { classPack, created, membership } from '../../test/packages.ts';
import { studioReadyToSchedule } from '../../test/schedule.ts';
import { addDays, dayText } from './membership-changes.ts';
import { renewMemberships } from './renewals.ts';

/**
 * Pausing and cancelling memberships at the desk (issue 10 §6): a pause from a day until a day (it ends by
 * itself), the paid period and the commitment moved on by the days paused, cancelling at the end of the
 * paid period, and the commitment rule.
 */
const { app, db } = await createTestApp();
const deps = { db: db.db, publicUrl: 'http://localhost:3000', log: () => {} };
type Headers = Record<string, string>;

const post = (url: string, headers: Headers, payload?: object) =>
  app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

/** Noon of a local date in New York (the test studio's zone), as the renewal job would see it then. */
const noonOf = (date: string) => new Date(`${date}T17:00:00Z`);

async function member(overrides: Record<string, unknown> = {}) {
  const ready = await studioReadyToSchedule(app);
  const plan = await created(app, ready.headers, '/api/packages', membership({ name: 'Monthly', price: 9000, ...overrides }));
  const [clientId] = (await quickClients(app, ready, 1)) as [string];
  await created(app, ready.headers, '/api/orders', {
    clientId,
    items: [{ kind: 'package', packageId: plan.id }],
    promoCode: null,
    paidWith: 'card',
  });
  const account = async () =>
    (await app.inject({ method: 'GET', url: `/api/clients/${clientId}/account`, headers: ready.headers })).json().data;
  const first = await account();
  const held = first.packages[0];
  const change = (what: 'pause' | 'resume' | 'cancel', payload?: object) =>
    post(`/api/client-packages/${held.id}/${what}`, ready.headers, payload);
  return { ready, clientId, account, held, today: first.today as string, change };
}

describe('membership pauses and cancellations at the desk', () => {
  it('a pause planned from a day until a day starts and ends by itself; the paid period and the commitment run on by the days paused', async () => {
    const { account, held, today, change } = await member({ commitmentPeriods: 3 });
    const from = addDays(today, 5);
    const until = addDays(today, 15);
    const planned = await change('pause', { from, until });
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.json().message).toBe(`Monthly will be paused from ${dayText(from)} until ${dayText(until)}.`);
    expect(planned.json().data).toMatchObject({ status: 'active', pausedFrom: from, pausedUntil: until });

    // The day comes: paused (the job runs hourly, on each company's own calendar).
    await renewMemberships(deps, noonOf(addDays(today, 6)));
    expect((await account()).packages[0]).toMatchObject({ status: 'paused', pausedFrom: from });
    // While paused, the commitment already counts the whole planned pause.
    expect((await account()).packages[0].cancellableFrom).toBe(addDays(held.cancellableFrom, 10));

    // Its until day: active again, paid ten days longer, the commitment ten days later.
    await renewMemberships(deps, noonOf(addDays(today, 16)));
    const resumed = (await account()).packages[0];
    expect(resumed).toMatchObject({ status: 'active', pausedFrom: null, pausedUntil: null });
    expect(resumed.paidUntil).toBe(addDays(held.paidUntil, 10));
    expect(resumed.cancellableFrom).toBe(addDays(held.cancellableFrom, 10));

    // No renewal on the old end of the paid period; the next one from the moved end, once.
    await renewMemberships(deps, noonOf(held.paidUntil));
    expect((await account()).orders).toHaveLength(1);
    await renewMemberships(deps, noonOf(resumed.paidUntil));
    await renewMemberships(deps, noonOf(resumed.paidUntil));
    const renewed = await account();
    expect(renewed.orders).toHaveLength(2);
    expect(renewed.orders[0].lines[0].description).toMatch(new RegExp(`^Monthly: ${resumed.paidUntil} to `));
  });

  it('paused today until resumed at the desk: the paid period runs on by the days it stood still', async () => {
    const { account, held, today, change } = await member();
    const paused = await change('pause', {});
    expect(paused.json()).toMatchObject({ message: 'Monthly paused.', data: { status: 'paused', pausedFrom: today } });
    // Resumed the same day: nothing moves.
    const resumed = await change('resume');
    expect(resumed.json().data).toMatchObject({ status: 'active', paidUntil: held.paidUntil });
    expect(resumed.json().message).toBe(`Monthly resumed: paid until ${dayText(held.paidUntil)}.`);
    // Planned and then called off: nothing moves either.
    await change('pause', { from: addDays(today, 3), until: null });
    const dropped = await change('resume');
    expect(dropped.json().data).toMatchObject({ status: 'active', pausedFrom: null });
    await renewMemberships(deps, noonOf(addDays(today, 4)));
    expect((await account()).packages[0].status).toBe('active');
  });

  it('refuses a pause that starts before today, ends before it starts, or is not for an active membership, naming the field', async () => {
    const { ready, clientId, today, change } = await member();
    const past = await change('pause', { from: addDays(today, -1), until: addDays(today, 10) });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual({ from: 'Pause from today or a later day' });
    const backwards = await change('pause', { from: addDays(today, 5), until: addDays(today, 2) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual({ until: 'Resume on a day after the pause starts' });
    const untilToday = await change('pause', { until: today });
    expect(untilToday.json().errors).toEqual({ until: 'Resume on a day after the pause starts' });
    const impossible = await change('pause', { from: '2026-02-30' });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().errors.from).toBe('That date does not exist');
    const farAhead = await change('pause', { from: addDays(today, 400) });
    expect(farAhead.json().errors).toEqual({ from: 'Plan a pause at most a year ahead' });

    expect((await change('pause', {})).statusCode).toBe(200);
    const twice = await change('pause', {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Monthly is paused; only an active membership can be paused.');

    const pack = await created(app, ready.headers, '/api/packages', classPack());
    await created(app, ready.headers, '/api/orders', {
      clientId,
      items: [{ kind: 'package', packageId: pack.id }],
      promoCode: null,
      paidWith: 'cash',
    });
    const held = (
      await app.inject({ method: 'GET', url: `/api/clients/${clientId}/account`, headers: ready.headers })
    ).json().data.packages.find((item: { terms: { kind: string } }) => item.terms.kind === 'class-pack');
    const packPause = await post(`/api/client-packages/${held.id}/pause`, ready.headers, {});
    expect(packPause.statusCode).toBe(409);
    expect(packPause.json().message).toBe('Only memberships can be paused.');
  });

  it('cancelled at the end of the period: usable until the paid period ends, not renewed, then cancelled', async () => {
    const { account, held, change } = await member();
    const cancelled = await change('cancel', { at: 'period-end' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().message).toBe(`Monthly ends on ${dayText(held.paidUntil)}: it is not renewed.`);
    expect(cancelled.json().data).toMatchObject({ status: 'active', endsOn: held.paidUntil, terms: { autoRenew: false } });
    expect((await change('pause', {})).statusCode).toBe(409);

    await renewMemberships(deps, noonOf(held.paidUntil));
    const after = await account();
    expect(after.packages[0].status).toBe('cancelled');
    expect(after.orders).toHaveLength(1);
  });

  it('the commitment: not before it ends, now or at the end of a period that ends before it', async () => {
    const long = await member({ commitmentPeriods: 3 });
    const now = await long.change('cancel', { at: 'now' });
    expect(now.statusCode).toBe(409);
    expect(now.json().message).toBe(
      `Monthly has a commitment of 3 months; it can be cancelled from ${dayText(long.held.cancellableFrom)}.`,
    );
    const atEnd = await long.change('cancel', { at: 'period-end' });
    expect(atEnd.statusCode).toBe(409);
    expect(atEnd.json().message).toContain(`its paid period ends on ${dayText(long.held.paidUntil)}, before that`);
    expect((await long.account()).packages[0]).toMatchObject({ status: 'active', endsOn: null });

    // A one-month commitment ends with the first paid period: it can end then.
    const short = await member({ commitmentPeriods: 1 });
    expect(short.held.cancellableFrom).toBe(short.held.paidUntil);
    expect((await short.change('cancel', { at: 'now' })).statusCode).toBe(409);
    const ok = await short.change('cancel', { at: 'period-end' });
    expect(ok.json().data).toMatchObject({ endsOn: short.held.paidUntil });
    const badWhen = await short.change('cancel', { at: 'tomorrow' });
    expect(badWhen.statusCode).toBe(400);
    expect(badWhen.json().errors.at).toBe('Choose now or at the end of the paid period');
  });

  it('the desk may waive a commitment that has not ended: refused without the flag, cancelled now with it, and said so', async () => {
    const { ready, clientId, account, held, change } = await member({ commitmentPeriods: 3 });
    // Sold today with 3 months to go: neither now nor at the end of the first paid period.
    expect(held.paidUntil < held.cancellableFrom).toBe(true);
    expect((await change('cancel', { at: 'now' })).statusCode).toBe(409);
    expect((await change('cancel', { at: 'period-end' })).statusCode).toBe(409);
    expect((await change('cancel', { at: 'now', waiveCommitment: false })).statusCode).toBe(409);

    // The waiver cancels now only: with "at the end of the period" it is a 400 naming the field.
    const atEnd = await change('cancel', { at: 'period-end', waiveCommitment: true });
    expect(atEnd.statusCode).toBe(400);
    expect(atEnd.json().errors.waiveCommitment).toBe('Waiving the commitment cancels now: leave out "at", or send "now"');
    const notTrue = await change('cancel', { waiveCommitment: 'yes' });
    expect(notTrue.statusCode).toBe(400);
    expect(notTrue.json().errors.waiveCommitment).toBe('Send true to waive the commitment, or leave it out');

    // Not for an instructor (403) nor the client (404, as for anything not theirs); still active after.
    const instructor = await signInTeamMember(app, db.db, ready.companyId, 'instructor');
    const url = `/api/client-packages/${held.id}/cancel`;
    expect((await post(url, instructor.headers, { waiveCommitment: true })).statusCode).toBe(403);
    const client = await signUpClient(app, ready.slug);
    expect((await post(url, bearer(client.session.token), { waiveCommitment: true })).statusCode).toBe(404);
    expect((await account()).packages[0]).toMatchObject({ status: 'active' });

    // Staff at the desk waive it: cancelled today, the answer names the commitment let go.
    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    const waived = await post(url, staff.headers, { waiveCommitment: true });
    expect(waived.statusCode, waived.body).toBe(200);
    expect(waived.json().message).toBe(
      `Monthly cancelled: its commitment of 3 months, to ${dayText(held.cancellableFrom)}, was waived.`,
    );
    expect(waived.json().data).toMatchObject({ id: held.id, clientId, status: 'cancelled', endsOn: null });
    expect((await account()).packages[0].status).toBe('cancelled');
    // Once cancelled, a second waiver is refused like any cancel.
    expect((await post(url, staff.headers, { waiveCommitment: true })).json().message).toBe('Monthly is already cancelled.');

    // No commitment running: the flag just cancels now, and the message says nothing was waived.
    const free = await member();
    const plain = await free.change('cancel', { waiveCommitment: true });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().message).toBe('Monthly cancelled.');
  });

  it("another company's membership answers 404 to every change; a client cannot change theirs", async () => {
    const theirs = await member();
    const mine = await studioReadyToSchedule(app);
    const url = (what: string) => `/api/client-packages/${theirs.held.id}/${what}`;
    const answers = await Promise.all([
      post(url('pause'), mine.headers, { from: null, until: null }),
      post(url('resume'), mine.headers),
      post(url('cancel'), mine.headers, { at: 'period-end' }),
      post(url('cancel'), mine.headers, { waiveCommitment: true }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);

    const client = await signUpClient(app, theirs.ready.slug);
    const own = await post(url('pause'), bearer(client.session.token), {});
    expect(own.statusCode).toBe(404);
    expect((await theirs.account()).packages[0]).toMatchObject({ status: 'active', pausedFrom: null });
  });
});
