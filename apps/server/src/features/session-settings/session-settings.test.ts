import { describe, expect, it } from 'vitest';
import { SESSION_SETTINGS_DEFAULTS } from '@kinetic/shared';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';
import { signInTeamMember } from '../../test/team.ts';

const { app, db } = await createTestApp();
const url = '/api/settings/sessions';

const rules = (overrides: Record<string, unknown> = {}) => ({
  bookingOpensDaysBefore: 21,
  bookingClosesMinutesBefore: 30,
  freeCancellationHoursBefore: 24,
  lateCancelFee: 1000,
  noShowFee: 1500,
  waitlistEnabled: true,
  waitlistMode: 'auto',
  offerHoldMinutes: 45,
  waitlistCutoffMinutesBefore: 120,
  maxWaitlistLength: 10,
  checkInOpensMinutesBefore: 30,
  ...overrides,
});

describe('session settings', () => {
  it('answers 401 without a session', async () => {
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url, payload: rules() })).statusCode).toBe(401);
  });

  it('answers the defaults until saved', async () => {
    const owner = await signUpCompany(app);
    const response = await app.inject({ method: 'GET', url, headers: bearer(owner.session.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ...SESSION_SETTINGS_DEFAULTS,
      reminderHoursBefore: 24,
      saved: false,
      currency: 'USD',
    });
    expect(response.json().data).toMatchObject({
      bookingOpensDaysBefore: 14,
      bookingClosesMinutesBefore: 0,
      freeCancellationHoursBefore: 12,
      lateCancelFee: 0,
      noShowFee: 0,
      waitlistEnabled: true,
      waitlistMode: 'offer',
      offerHoldMinutes: 30,
      waitlistCutoffMinutesBefore: 60,
      maxWaitlistLength: 20,
      checkInOpensMinutesBefore: 60,
    });
  });

  it('saves the rules, completes the classesSettings onboarding step, and a second save replaces them', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const save = await app.inject({ method: 'PUT', url, headers, payload: rules() });
    expect(save.statusCode).toBe(200);
    expect(save.json().message).toBe('Session settings saved.');
    expect(save.json().data).toEqual({ ...rules(), reminderHoursBefore: 24, saved: true, currency: 'USD' });
    const me = await app.inject({ method: 'GET', url: '/api/me', headers });
    expect(me.json().data.onBoardingData).not.toContain('classesSettings');

    await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: rules({ noShowFee: '', maxWaitlistLength: '', waitlistEnabled: false }),
    });
    const again = await app.inject({ method: 'GET', url, headers });
    expect(again.json().data).toMatchObject({
      noShowFee: 0,
      maxWaitlistLength: null,
      waitlistEnabled: false,
      saved: true,
    });
  });

  it('reads numbers typed as text, the way a form sends them', async () => {
    const owner = await signUpCompany(app);
    const save = await app.inject({
      method: 'PUT',
      url,
      headers: bearer(owner.session.token),
      payload: rules({ bookingOpensDaysBefore: '7', lateCancelFee: ' 500 ' }),
    });
    expect(save.statusCode).toBe(200);
    expect(save.json().data).toMatchObject({ bookingOpensDaysBefore: 7, lateCancelFee: 500 });
  });

  it.each([
    ['bookingOpensDaysBefore', '', 'Enter how many days ahead booking opens'],
    ['bookingOpensDaysBefore', -1, 'Must be 0 or more'],
    ['bookingOpensDaysBefore', 366, 'Booking can open at most 365 days ahead'],
    ['bookingOpensDaysBefore', 1.5, 'Use a whole number'],
    ['bookingOpensDaysBefore', 1e21, 'Must be at most 100,000,000,000,000,000,000'],
    ['bookingOpensDaysBefore', '1e2x', 'Enter a number'],
    [
      'bookingClosesMinutesBefore',
      10_081,
      'Booking can close at most 10,080 minutes (7 days) before the start',
    ],
    [
      'bookingClosesMinutesBefore',
      null,
      'Enter how many minutes before the start booking closes (0 = at the start)',
    ],
    [
      'freeCancellationHoursBefore',
      721,
      'Free cancellation can end at most 720 hours (30 days) before the start',
    ],
    ['lateCancelFee', 100_000_001, 'A fee can be at most 1,000,000.00'],
    ['lateCancelFee', 9.99, 'Use a whole number'],
    ['noShowFee', -5, 'Must be 0 or more'],
    ['waitlistEnabled', 'yes', 'Choose whether classes have a waitlist'],
    ['waitlistMode', 'lottery', 'Choose automatic promotion or offers'],
    ['offerHoldMinutes', 0, 'An offer must be held at least 1 minute'],
    ['offerHoldMinutes', 1441, 'An offer can be held at most 1,440 minutes (24 hours)'],
    [
      'waitlistCutoffMinutesBefore',
      10_081,
      'The waitlist cut-off can be at most 10,080 minutes (7 days) before the start',
    ],
    ['maxWaitlistLength', 0, 'A waitlist needs room for at least 1 person (leave empty for no limit)'],
    ['maxWaitlistLength', 1001, 'A waitlist can hold at most 1,000 people'],
    [
      'checkInOpensMinutesBefore',
      1441,
      'Check-in can open at most 1,440 minutes (24 hours) before the start',
    ],
  ])('answers 400 naming %s when it is %j', async (field, value, message) => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const response = await app.inject({ method: 'PUT', url, headers, payload: rules({ [field]: value }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe(0);
    expect(response.json().errors).toEqual({ [field]: message });
    const after = await app.inject({ method: 'GET', url, headers });
    expect(after.json().data.saved).toBe(false);
  });

  it('saves the class reminder time; a body without it keeps the saved one', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const save = await app.inject({ method: 'PUT', url, headers, payload: rules({ reminderHoursBefore: '36' }) });
    expect(save.statusCode).toBe(200);
    expect(save.json().data.reminderHoursBefore).toBe(36);
    await app.inject({ method: 'PUT', url, headers, payload: rules({ lateCancelFee: 700 }) });
    const after = await app.inject({ method: 'GET', url, headers });
    expect(after.json().data).toMatchObject({ reminderHoursBefore: 36, lateCancelFee: 700 });
  });

  it.each([
    ['', 'Enter how many hours before a class its reminder goes'],
    [0, 'A reminder goes at least 1 hour before the class'],
    [169, 'A reminder can go at most 168 hours (7 days) before the class'],
    [2.5, 'Use a whole number'],
    ['soon', 'Enter a number'],
  ])('answers 400 naming reminderHoursBefore when it is %j, and keeps the saved time', async (value, message) => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    await app.inject({ method: 'PUT', url, headers, payload: rules({ reminderHoursBefore: 12 }) });
    const response = await app.inject({ method: 'PUT', url, headers, payload: rules({ reminderHoursBefore: value }) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 0, errors: { reminderHoursBefore: message } });
    expect((await app.inject({ method: 'GET', url, headers })).json().data.reminderHoursBefore).toBe(12);
  });

  it('staff and instructors read the rules but get 403 on saving; clients get 403 on both', async () => {
    const owner = await signUpCompany(app);
    for (const role of ['staff', 'instructor'] as const) {
      const member = await signInTeamMember(app, db.db, owner.session.company.id, role);
      expect((await app.inject({ method: 'GET', url, headers: member.headers })).statusCode).toBe(200);
      expect(
        (await app.inject({ method: 'PUT', url, headers: member.headers, payload: rules() })).statusCode,
      ).toBe(403);
    }
    const client = await signUpClient(app, owner.slug);
    expect((await app.inject({ method: 'GET', url, headers: bearer(client.session.token) })).statusCode).toBe(
      403,
    );
    expect(
      (await app.inject({ method: 'PUT', url, headers: bearer(client.session.token), payload: rules() }))
        .statusCode,
    ).toBe(403);
  });

  it("one company's rules are not another's", async () => {
    const first = await signUpCompany(app);
    const second = await signUpCompany(app);
    await app.inject({ method: 'PUT', url, headers: bearer(first.session.token), payload: rules() });
    const other = await app.inject({ method: 'GET', url, headers: bearer(second.session.token) });
    expect(other.json().data.saved).toBe(false);
  });

  it('a solo instructor saves rules too', async () => {
    const solo = await signUpCompany(app, { kind: 'solo' });
    const save = await app.inject({
      method: 'PUT',
      url,
      headers: bearer(solo.session.token),
      payload: rules(),
    });
    expect(save.statusCode).toBe(200);
  });
});
