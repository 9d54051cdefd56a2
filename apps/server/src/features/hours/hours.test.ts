import { describe, expect, it } from 'vitest';
import { withTenant } from '../../db/client.ts';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';
import { signInTeamMember } from '../../test/team.ts';
import { bandAt } from './hours.service.ts';

const { app, db } = await createTestApp();

async function owner() {
  const signedUp = await signUpCompany(app);
  return { ...signedUp, headers: bearer(signedUp.session.token) };
}

const add = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: '/api/hours', headers, payload });
const replace = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/hours', headers, payload });
const read = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/hours', headers })).json().data;

describe('peak / non-peak hours', () => {
  it('answers 401 without a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/hours' })).statusCode).toBe(401);
    expect((await add({}, { band: 'peak', day: 'monday', ranges: [] })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/api/hours/peak/monday' })).statusCode).toBe(401);
  });

  it('starts empty with isPeakNonPeakAllowed "0"', async () => {
    const { headers } = await owner();
    expect(await read(headers)).toEqual({ peakHour: {}, nonPeakHour: {}, isPeakNonPeakAllowed: '0' });
  });

  it('adding hours merges lists per day and sets isPeakNonPeakAllowed to 1', async () => {
    const { headers } = await owner();
    const first = await add(headers, {
      band: 'peak',
      day: 'monday',
      ranges: [{ start: '17:00', end: '20:00' }],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Hours added.');
    expect(first.json().data.isPeakNonPeakAllowed).toBe('1');
    await add(headers, { band: 'peak', day: 'monday', ranges: [{ start: '06:00', end: '09:00' }] });
    await add(headers, { band: 'peak', day: 'tuesday', ranges: [{ start: '06:00', end: '09:00' }] });
    await add(headers, { band: 'non-peak', day: 'monday', ranges: [{ start: '09:00', end: '17:00' }] });
    expect(await read(headers)).toEqual({
      peakHour: {
        monday: [
          { start: '06:00', end: '09:00' },
          { start: '17:00', end: '20:00' },
        ],
        tuesday: [{ start: '06:00', end: '09:00' }],
      },
      nonPeakHour: { monday: [{ start: '09:00', end: '17:00' }] },
      isPeakNonPeakAllowed: '1',
    });
  });

  it('saving completes the hours onboarding step', async () => {
    const { headers } = await owner();
    await add(headers, { band: 'peak', day: 'friday', ranges: [{ start: '06:00', end: '09:00' }] });
    const me = await app.inject({ method: 'GET', url: '/api/me', headers });
    expect(me.json().data.onBoardingData).not.toContain('hours');
    expect(me.json().data.onBoardingData).toContain('studios');
  });

  it("editing replaces a day's times", async () => {
    const { headers } = await owner();
    await add(headers, {
      band: 'peak',
      day: 'monday',
      ranges: [
        { start: '06:00', end: '09:00' },
        { start: '17:00', end: '20:00' },
      ],
    });
    await add(headers, { band: 'peak', day: 'tuesday', ranges: [{ start: '06:00', end: '09:00' }] });
    const edit = await replace(headers, {
      band: 'peak',
      day: 'monday',
      ranges: [{ start: '16:00', end: '19:00' }],
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.peakHour).toEqual({
      monday: [{ start: '16:00', end: '19:00' }],
      tuesday: [{ start: '06:00', end: '09:00' }],
    });
  });

  it("deleting removes a day's entry", async () => {
    const { headers } = await owner();
    await add(headers, { band: 'peak', day: 'monday', ranges: [{ start: '06:00', end: '09:00' }] });
    await add(headers, { band: 'non-peak', day: 'monday', ranges: [{ start: '10:00', end: '12:00' }] });
    const removed = await app.inject({ method: 'DELETE', url: '/api/hours/peak/monday', headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({
      peakHour: {},
      nonPeakHour: { monday: [{ start: '10:00', end: '12:00' }] },
      isPeakNonPeakAllowed: '1',
    });
    // Deleting a day that has no entry changes nothing.
    const again = await app.inject({ method: 'DELETE', url: '/api/hours/peak/monday', headers });
    expect(again.statusCode).toBe(200);
  });

  it('refuses an inverted range, naming the day and range', async () => {
    const { headers } = await owner();
    const response = await add(headers, {
      band: 'peak',
      day: 'wednesday',
      ranges: [{ start: '10:00', end: '09:00' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      ranges: 'Wednesday 10:00–09:00: the end must be after the start.',
    });
    expect(response.json().message).toMatch(/Wednesday 10:00–09:00/);
  });

  it('refuses ranges that overlap each other, in one request or with the saved list', async () => {
    const { headers } = await owner();
    const inOne = await add(headers, {
      band: 'peak',
      day: 'monday',
      ranges: [
        { start: '06:00', end: '09:00' },
        { start: '08:00', end: '10:00' },
      ],
    });
    expect(inOne.statusCode).toBe(400);
    expect(inOne.json().errors.ranges).toBe('Monday 08:00–10:00 overlaps 06:00–09:00.');

    await add(headers, { band: 'peak', day: 'monday', ranges: [{ start: '06:00', end: '09:00' }] });
    const withSaved = await add(headers, {
      band: 'peak',
      day: 'monday',
      ranges: [{ start: '08:30', end: '11:00' }],
    });
    expect(withSaved.statusCode).toBe(400);
    expect(withSaved.json().message).toBe('Monday 08:30–11:00 overlaps 06:00–09:00.');
    // Touching ranges are fine: ends are exclusive.
    expect(
      (await add(headers, { band: 'peak', day: 'monday', ranges: [{ start: '09:00', end: '11:00' }] }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses peak and non-peak overlapping on the same day, and keeps what was saved', async () => {
    const { headers } = await owner();
    await add(headers, { band: 'peak', day: 'saturday', ranges: [{ start: '08:00', end: '12:00' }] });
    const clash = await add(headers, {
      band: 'non-peak',
      day: 'saturday',
      ranges: [{ start: '11:00', end: '14:00' }],
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe('Saturday 08:00–12:00 (peak) overlaps 11:00–14:00 (non-peak).');
    const editClash = await replace(headers, {
      band: 'peak',
      day: 'saturday',
      ranges: [{ start: '08:00', end: '12:00' }],
    });
    expect(editClash.statusCode).toBe(200);
    expect(await read(headers)).toEqual({
      peakHour: { saturday: [{ start: '08:00', end: '12:00' }] },
      nonPeakHour: {},
      isPeakNonPeakAllowed: '1',
    });
  });

  it.each([
    [{ band: 'rush', day: 'monday', ranges: [{ start: '06:00', end: '09:00' }] }, 'band'],
    [{ band: 'peak', day: 'funday', ranges: [{ start: '06:00', end: '09:00' }] }, 'day'],
    [{ band: 'peak', day: 'monday', ranges: [] }, 'ranges'],
    [{ band: 'peak', day: 'monday', ranges: [{ start: '6:00', end: '09:00' }] }, 'ranges.0.start'],
    [{ band: 'peak', day: 'monday', ranges: [{ start: '06:00', end: '24:01' }] }, 'ranges.0.end'],
    [{ band: 'peak', day: 'monday', ranges: [{ start: '06:00', end: '25:00' }] }, 'ranges.0.end'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const { headers } = await owner();
    const response = await add(headers, payload);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('answers 400 for an unknown band or day in the delete path', async () => {
    const { headers } = await owner();
    expect((await app.inject({ method: 'DELETE', url: '/api/hours/rush/monday', headers })).statusCode).toBe(
      400,
    );
    expect((await app.inject({ method: 'DELETE', url: '/api/hours/peak/someday', headers })).statusCode).toBe(
      400,
    );
  });

  it('staff and instructors read the hours but get 403 on changes; clients get 403 on both', async () => {
    const { session, slug } = await owner();
    const payload = { band: 'peak', day: 'monday', ranges: [{ start: '06:00', end: '09:00' }] };
    for (const role of ['staff', 'instructor'] as const) {
      const member = await signInTeamMember(app, db.db, session.company.id, role);
      expect(
        (await app.inject({ method: 'GET', url: '/api/hours', headers: member.headers })).statusCode,
      ).toBe(200);
      expect((await add(member.headers, payload)).statusCode).toBe(403);
      expect((await replace(member.headers, payload)).statusCode).toBe(403);
      expect(
        (await app.inject({ method: 'DELETE', url: '/api/hours/peak/monday', headers: member.headers }))
          .statusCode,
      ).toBe(403);
    }
    const client = bearer((await signUpClient(app, slug)).session.token);
    expect((await app.inject({ method: 'GET', url: '/api/hours', headers: client })).statusCode).toBe(403);
    expect((await add(client, payload)).statusCode).toBe(403);
  });

  it("one company's hours are not another's", async () => {
    const first = await owner();
    const second = await owner();
    await add(first.headers, { band: 'peak', day: 'monday', ranges: [{ start: '06:00', end: '09:00' }] });
    expect(await read(second.headers)).toEqual({ peakHour: {}, nonPeakHour: {}, isPeakNonPeakAllowed: '0' });
  });

  it('concurrent additions to one day all merge (the row is locked while it is checked)', async () => {
    const { headers } = await owner();
    const ranges = ['06:00', '08:00', '10:00', '12:00', '14:00', '16:00'].map((start) => ({
      start,
      end: `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00`,
    }));
    const answers = await Promise.all(
      ranges.map((range) => add(headers, { band: 'peak', day: 'thursday', ranges: [range] })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(ranges.map(() => 200));
    expect((await read(headers)).peakHour.thursday).toEqual(ranges);
  });

  it("bandAt answers on the company's wall clock", async () => {
    const { headers, session } = await owner(); // America/New_York
    await add(headers, { band: 'peak', day: 'sunday', ranges: [{ start: '08:00', end: '10:00' }] });
    await add(headers, { band: 'non-peak', day: 'sunday', ranges: [{ start: '10:00', end: '12:00' }] });
    const companyId = session.company.id;
    const band = (iso: string) => withTenant(db.db, companyId, (tx) => bandAt(tx, companyId, new Date(iso)));
    expect(await band('2026-11-01T13:30:00Z')).toBe('peak'); // 08:30 EST, after fall back
    expect(await band('2026-03-08T12:30:00Z')).toBe('peak'); // 08:30 EDT, after spring forward
    expect(await band('2026-03-08T14:30:00Z')).toBe('non-peak');
    expect(await band('2026-03-08T18:30:00Z')).toBe('none');
  });
});
