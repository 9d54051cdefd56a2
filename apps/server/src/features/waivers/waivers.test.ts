import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient } from '../../test/factories.ts';
import { classAt, minutesFromNow } from '../../test/bookings.ts';
import { studioReadyToSchedule, type ReadyStudio } from '../../test/schedule.ts';
import { signInTeamMember } from '../../test/team.ts';

/** The client waiver, its versions and signatures, the booking gate, the signed PDF, and the policies (issue 11). */
const { app, db } = await createTestApp();
type Headers = Record<string, string>;

const waiver = (overrides: Record<string, unknown> = {}) => ({
  title: 'Liability waiver',
  text: 'I take part in classes at my own risk and tell the instructor about any injury before class.',
  terms: [{ label: 'I have no injury the instructor does not know about' }, { label: 'I am 18 or older' }],
  askToSignAgain: true,
  ...overrides,
});
const put = (url: string, headers: Headers, payload: object) => app.inject({ method: 'PUT', url, headers, payload });
const post = (url: string, headers: Headers, payload: object) => app.inject({ method: 'POST', url, headers, payload });
const get = (url: string, headers: Headers) => app.inject({ method: 'GET', url, headers });

async function clientOf(ready: ReadyStudio) {
  const signed = await signUpClient(app, ready.slug);
  return { id: signed.session.user._id as string, headers: bearer(signed.session.token) };
}

async function sign(headers: Headers, overrides: Record<string, unknown> = {}) {
  const mine = (await get('/api/my/waiver', headers)).json().data;
  return post('/api/my/waiver/signatures', headers, {
    waiverId: mine.waiver.id,
    acceptedTerms: mine.waiver.terms.map((term: { value: string }) => term.value),
    fullName: 'Chris Client',
    signature: { kind: 'drawn', path: 'M 10 150 L 80 40 L 140 160 L 220 60' },
    ...overrides,
  });
}

describe('waiver', () => {
  it('publishes versions with keyed terms; only managers publish, the team reads, bad input names the field', async () => {
    const ready = await studioReadyToSchedule(app);
    expect((await get('/api/waiver', ready.headers)).json().data).toEqual({ waiver: null, signedCount: 0, clientCount: 0 });
    const bad = await put('/api/waiver', ready.headers, waiver({ text: 'Short', terms: [{ label: '' }] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ text: 'Write the waiver (at least a sentence)' });
    const published = await put('/api/waiver', ready.headers, waiver());
    expect(published.json()).toMatchObject({
      message: 'Waiver version 1 published: clients sign it before their next booking.',
      data: {
        waiver: {
          version: 1,
          signaturesFromVersion: 1,
          terms: [
            { value: 'i-have-no-injury-the-instructor-does-not-know-about', label: 'I have no injury the instructor does not know about' },
            { value: 'i-am-18-or-older', label: 'I am 18 or older' },
          ],
        },
      },
    });
    const staff = await signInTeamMember(app, db.db, ready.companyId, 'staff');
    expect((await get('/api/waiver', staff.headers)).json().data.waiver.version).toBe(1);
    expect((await put('/api/waiver', staff.headers, waiver())).statusCode).toBe(403);
    const client = await clientOf(ready);
    expect((await get('/api/waiver', client.headers)).statusCode).toBe(403);
  });

  it('a client must sign before booking: every term ticked, the current version; then books; the team may override once', async () => {
    const ready = await studioReadyToSchedule(app);
    await put('/api/waiver', ready.headers, waiver());
    const client = await clientOf(ready);
    const cls = await classAt(app, ready, minutesFromNow(3 * 24 * 60), { capacity: 5 });
    const mine = (await get('/api/my/waiver', client.headers)).json().data;
    expect(mine).toMatchObject({ mustSign: true, signature: null, waiver: { version: 1 } });

    const refused = await post(`/api/class-instances/${cls}/bookings`, client.headers, { payWith: 'drop-in' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Sign the studio’s waiver before you book: it is in Settings › Waiver.',
      errors: { waiver: 'Sign the waiver first' },
    });

    const unticked = await sign(client.headers, { acceptedTerms: ['i-am-18-or-older'] });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().message).toBe('Tick every term to sign: “I have no injury the instructor does not know about”.');
    const scribble = await sign(client.headers, { signature: { kind: 'drawn', path: '<script>' } });
    expect(scribble.statusCode).toBe(400);
    const signed = await sign(client.headers, { signature: { kind: 'typed' } });
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json().data).toMatchObject({ mustSign: false, signature: { version: 1, kind: 'typed', fullName: 'Chris Client' } });
    expect((await post(`/api/class-instances/${cls}/bookings`, client.headers, { payWith: 'drop-in' })).statusCode).toBe(200);
    expect((await get('/api/waiver', ready.headers)).json().data).toMatchObject({ signedCount: 1, clientCount: 1 });

    // A typo fixed: earlier signatures still count. A real change: everyone signs again.
    await put('/api/waiver', ready.headers, waiver({ text: `${waiver().text} Thank you.`, askToSignAgain: false }));
    expect((await get('/api/my/waiver', client.headers)).json().data.mustSign).toBe(false);
    const stale = mine.waiver.id;
    await put('/api/waiver', ready.headers, waiver({ terms: [{ label: 'I will bring my own mat' }] }));
    expect((await get('/api/my/waiver', client.headers)).json().data).toMatchObject({ mustSign: true, waiver: { version: 3 } });
    const old = await sign(client.headers, { waiverId: stale });
    expect(old.statusCode).toBe(409);

    const other = await classAt(app, ready, minutesFromNow(4 * 24 * 60), { capacity: 5 });
    const byDesk = await post(`/api/class-instances/${other}/bookings`, ready.headers, { clientId: client.id });
    expect(byDesk.statusCode).toBe(409);
    expect(byDesk.json().message).toMatch(/has not signed the studio’s current waiver/);
    const overridden = await post(`/api/class-instances/${other}/bookings`, ready.headers, { clientId: client.id, overrideWaiver: true });
    expect(overridden.statusCode, overridden.body).toBe(200);
    // A client cannot override for themselves.
    const third = await classAt(app, ready, minutesFromNow(5 * 24 * 60), { capacity: 5 });
    expect((await post(`/api/class-instances/${third}/bookings`, client.headers, { overrideWaiver: true, payWith: 'drop-in' })).statusCode).toBe(409);

    // Removed: nobody signs; what was signed stays on record.
    const removed = await app.inject({ method: 'DELETE', url: '/api/waiver', headers: ready.headers });
    expect(removed.json()).toMatchObject({ message: 'Waiver removed: clients book without signing one.', data: { waiver: null } });
    expect((await get('/api/my/waiver', client.headers)).json().data).toMatchObject({ mustSign: false, waiver: null, signature: { version: 1 } });
    expect((await post(`/api/class-instances/${third}/bookings`, client.headers, { payWith: 'drop-in' })).statusCode).toBe(200);
  });

  it('the signed copy is a PDF with the words signed and the signature; only the client and their studio get it', async () => {
    const ready = await studioReadyToSchedule(app);
    await put('/api/waiver', ready.headers, waiver({ title: 'Studio (Midtown) waiver' }));
    const client = await clientOf(ready);
    const signed = (await sign(client.headers)).json().data.signature;
    const pdf = await get(`/api/waiver-signatures/${signed.id}/pdf`, client.headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="waiver-v1-signed.pdf"');
    const body = pdf.rawPayload.toString('latin1');
    expect(body.startsWith('%PDF-1.4')).toBe(true);
    expect(body).toContain('(Studio \\(Midtown\\) waiver \\(version 1\\)) Tj');
    expect(body).toContain('([x] I am 18 or older) Tj');
    expect(body).toMatch(/\(Signed by Chris Client on \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    // The drawn path, as PDF line operators.
    expect(body).toMatch(/ m [\d. ]+ l [\d. ]+ l [\d. ]+ l S Q/);
    expect(body.trimEnd().endsWith('%%EOF')).toBe(true);

    expect((await get(`/api/waiver-signatures/${signed.id}/pdf`, ready.headers)).statusCode).toBe(200);
    const someoneElse = await clientOf(ready);
    expect((await get(`/api/waiver-signatures/${signed.id}/pdf`, someoneElse.headers)).statusCode).toBe(404);
    const elsewhere = await studioReadyToSchedule(app);
    expect((await get(`/api/waiver-signatures/${signed.id}/pdf`, elsewhere.headers)).statusCode).toBe(404);
  });
});

describe('policies', () => {
  it('the owner writes Policies & Procedures; clients read them', async () => {
    const ready = await studioReadyToSchedule(app);
    const client = await clientOf(ready);
    expect((await get('/api/policies', client.headers)).json().data).toEqual({ text: '', updatedAt: null });
    const saved = await put('/api/policies', ready.headers, { text: '  Cancel 12 hours ahead or a $10 fee applies.  ' });
    expect(saved.json()).toMatchObject({ message: 'Policies saved.', data: { text: 'Cancel 12 hours ahead or a $10 fee applies.' } });
    expect((await get('/api/policies', client.headers)).json().data.text).toBe('Cancel 12 hours ahead or a $10 fee applies.');
    expect((await put('/api/policies', client.headers, { text: 'Mine now' })).statusCode).toBe(403);
    expect((await put('/api/policies', ready.headers, { text: 42 })).statusCode).toBe(400);
  });
});
