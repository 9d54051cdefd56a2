import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';

/** Client sign-up details (issue 11 §2): the client's own answers, the team's view, the widget's studio. */
const { app, db } = await createTestApp();
type Headers = Record<string, string>;

async function clientOf(ready: ReadyStudio) {
  const signed = await signUpClient(app, ready.slug);
  return { id: signed.session.user._id as string, headers: bearer(signed.session.token) };
}
const get = (url: string, headers: Headers = {}) => app.inject({ method: 'GET', url, headers });
const put = (headers: Headers, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/my/signup-details', headers, payload });

const ADDRESS = { line1: '12 Auburn Ave', line2: '', city: 'Atlanta', state: 'GA', postalCode: '30303', country: 'USA' };

describe('client sign-up details', () => {
  it('answers 401 without a session', async () => {
    expect((await get('/api/my/signup-details')).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: '/api/my/signup-details', payload: {} })).statusCode).toBe(401);
    expect((await get('/api/clients/0123456789abcdef01234567/signup-details')).statusCode).toBe(401);
  });

  it('answers empty values before the first save, then keeps a round trip with its labels', async () => {
    const ready = await studioReadyToSchedule(app);
    const client = await clientOf(ready);
    const empty = (await get('/api/my/signup-details', client.headers)).json().data;
    expect(empty).toMatchObject({ id: null, clientId: client.id, birthDate: null, age: null, marketingEmails: false });
    expect(empty.address.city).toBeNull();
    expect((await get('/api/me', client.headers)).json().data.clientSignupDetailsId).toBeNull();

    const saved = await put(client.headers, {
      birthDate: '1988-04-02',
      address: ADDRESS,
      emergencyContactName: 'Sam Client',
      emergencyContactPhone: '(404) 555-9876',
      heardAbout: 'friend',
      heardAboutDetail: 'Dana from work',
      neighborhood: 'Old Fourth Ward',
      planningUnit: 'M',
      age: '35-44',
      raceEthnicity: 'prefer_not_to_respond',
      industry: 'professionalNBusinessService',
      incomeBandTo200k: 'between50000-99999',
      incomeBandTo120k: null,
      homeStudioId: ready.studioId,
      marketingEmails: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('Your details are saved.');
    const data = saved.json().data;
    expect(data).toMatchObject({
      id: client.id,
      birthDate: '1988-04-02',
      address: { line1: '12 Auburn Ave', line2: null, city: 'Atlanta', postalCode: '30303' },
      emergencyContactPhone: '(404) 555-9876',
      planningUnit: 'M',
      homeStudioId: ready.studioId,
      homeStudioName: 'Midtown',
      marketingEmails: true,
      labels: {
        heardAbout: 'A friend or family member',
        planningUnit: 'NPU M',
        age: '35–44',
        raceEthnicity: 'Prefer not to respond',
        industry: 'Professional & business services',
        incomeBandTo200k: '$50,000 – $99,999',
        incomeBandTo120k: null,
      },
    });
    // The consent is the client's one marketing preference, not a second store.
    expect((await get('/api/my/notifications', client.headers)).json().data.marketing).toBe(true);
    expect((await get('/api/me', client.headers)).json().data.clientSignupDetailsId).toBe(client.id);

    // A later save that leaves the home studio and the consent out keeps them; cleared answers are null.
    const again = (await put(client.headers, { planningUnit: 'non-atlanta', age: null })).json().data;
    expect(again).toMatchObject({
      id: client.id,
      planningUnit: 'non-atlanta',
      age: null,
      birthDate: null,
      homeStudioId: ready.studioId,
      marketingEmails: true,
      labels: { planningUnit: 'Non-Atlanta', age: null },
    });
  });

  it('names every bad field: keys off their lists, impossible and out-of-range birth dates, a stranger studio', async () => {
    const ready = await studioReadyToSchedule(app);
    const client = await clientOf(ready);
    const bad = await put(client.headers, {
      age: '30-39',
      planningUnit: 'U',
      industry: 'farming',
      incomeBandTo200k: 'between910000-120000',
      raceEthnicity: 'martian',
      heardAbout: 'tv',
      emergencyContactPhone: '12345',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      age: 'Choose one of the listed age ranges',
      planningUnit: 'Choose one of the listed planning units',
      industry: 'Choose one of the listed industries',
      incomeBandTo200k: 'Choose one of the listed income bands',
      raceEthnicity: 'Choose one of the listed answers',
      heardAbout: 'Choose one of the listed answers',
      emergencyContactPhone: 'Enter a 10-digit phone number',
    });
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const [birthDate, message] of [
      [future, 'A birth date cannot be in the future'],
      ['1899-12-31', 'Enter a birth date after 1900'],
      ['1990-02-30', 'Enter a real date (YYYY-MM-DD)'],
      ['yesterday', 'Enter a real date (YYYY-MM-DD)'],
    ]) {
      const response = await put(client.headers, { birthDate });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ birthDate: message });
    }
    const other = await studioReadyToSchedule(app);
    const stranger = await put(client.headers, { homeStudioId: other.studioId });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors).toEqual({ homeStudioId: 'Choose one of the studio’s locations' });
    // Nothing was saved by the rejected requests.
    expect((await get('/api/my/signup-details', client.headers)).json().data.id).toBeNull();
  });

  it('keeps the two defective keys as option-lists.md says: <45-54 reads as 45–54, 910000 is labelled $91,000', async () => {
    const ready = await studioReadyToSchedule(app);
    const client = await clientOf(ready);
    const saved = (await put(client.headers, { age: '<45-54', incomeBandTo120k: 'between910000-120000' })).json().data;
    expect(saved).toMatchObject({
      age: '45-54',
      incomeBandTo120k: 'between910000-120000',
      labels: { age: '45–54', incomeBandTo120k: '$91,000 – $120,000' },
    });
    const stored = await db.pool.query<{ age: string }>('select age from client_signup_details where id = $1', [client.id]);
    expect(stored.rows[0]?.age).toBe('45-54');
    // An answer already stored under the duplicate key (an import) reads as the one offered range.
    await db.pool.query(`update client_signup_details set age = '<45-54' where id = $1`, [client.id]);
    const read = (await get(`/api/clients/${client.id}/signup-details`, ready.headers)).json().data;
    expect(read).toMatchObject({ age: '45-54', labels: { age: '45–54', incomeBandTo120k: '$91,000 – $120,000' } });
  });

  it('the team reads a client’s details; a client may not, and another company’s client is 404', async () => {
    const ready = await studioReadyToSchedule(app);
    const client = await clientOf(ready);
    await put(client.headers, { industry: 'healthcare', marketingEmails: false });
    const seen = await get(`/api/clients/${client.id}/signup-details`, ready.headers);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ id: client.id, industry: 'healthcare', labels: { industry: 'Healthcare' } });
    expect((await get(`/api/clients/${client.id}/signup-details`, client.headers)).statusCode).toBe(403);
    const other = await studioReadyToSchedule(app);
    expect((await get(`/api/clients/${client.id}/signup-details`, other.headers)).statusCode).toBe(404);
    // The owner's own id is not a client's.
    expect((await get(`/api/clients/${ready.session.user._id}/signup-details`, ready.headers)).statusCode).toBe(404);
    expect((await get('/api/clients/not-an-id/signup-details', ready.headers)).statusCode).toBe(400);
  });

  it('a widget page names its studio; another company’s or an unknown studio is 404', async () => {
    const ready = await studioReadyToSchedule(app);
    const found = await get(`/api/public/${ready.slug}/studios/${ready.studioId}`);
    expect(found.json().data).toEqual({ id: ready.studioId, name: 'Midtown' });
    const other = await studioReadyToSchedule(app);
    expect((await get(`/api/public/${ready.slug}/studios/${other.studioId}`)).statusCode).toBe(404);
    expect((await get(`/api/public/no-such-company-x/studios/${ready.studioId}`)).statusCode).toBe(404);
  });
});
