import { afterAll, describe, expect, it } from 'vitest';
import { EMAIL_TRIGGER_INFO } from '@kinetic/shared';
import { createTestApp } from '../../test/harness.ts';
import { startMailCatcher, type CaughtMail } from '../../test/mail-catcher.ts';
import { bearer, logIn, signUpCompany } from '../../test/factories.ts';
import { signInTeamMember } from '../../test/team.ts';

const mail = await startMailCatcher();
afterAll(() => mail.stop());
const { app, db } = await createTestApp({ smtpUrl: mail.url });

type Headers = Record<string, string>;
let sequence = 0;

async function owner() {
  const signedUp = await signUpCompany(app);
  return { ...signedUp, headers: bearer(signedUp.session.token), companyId: signedUp.session.company.id };
}

async function addInstructor(headers: Headers, overrides: Record<string, unknown> = {}, path = 'instructors') {
  const response = await app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers,
    payload: {
      name: 'Indira Patel',
      email: `indira-${Date.now().toString(36)}${(sequence++).toString(36)}@example.com`,
      phone: null,
      bio: null,
      photo: null,
      active: true,
      ...overrides,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: string; email: string | null; login: string };
}

const invite = (headers: Headers, id: string, path = 'instructors') =>
  app.inject({ method: 'POST', url: `/api/${path}/${id}/invitation`, headers });

async function waitForMail(address: string, count = 1): Promise<CaughtMail[]> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const messages = mail.mailTo(address);
    if (messages.length >= count) return messages;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No email reached ${address}`);
}

const tokenIn = (message: CaughtMail | undefined) => message && /\/resetPassword\/([\w-]+)/.exec(message.body)?.[1];
const queuedTo = async (address: string) =>
  (await db.pool.query('select count(*)::int as n from email_outbox where "to" = $1', [address])).rows[0].n as number;

describe('POST /api/instructors/{instructorId}/invitation', () => {
  it('answers 401 without a session, 403 to staff and instructors, 404 for an unknown or another company\'s id', async () => {
    const studio = await owner();
    const person = await addInstructor(studio.headers);
    expect((await invite({}, person.id)).statusCode).toBe(401);
    for (const role of ['staff', 'instructor'] as const) {
      const member = await signInTeamMember(app, db.db, studio.companyId, role);
      expect((await invite(member.headers, person.id)).statusCode).toBe(403);
    }
    const other = await owner();
    const foreign = await invite(other.headers, person.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('We could not find that instructor.');
    expect((await invite(studio.headers, 'not-an-id')).statusCode).toBe(400);
    // Nothing was created by the refused calls.
    expect((await app.inject({ method: 'GET', url: `/api/instructors/${person.id}`, headers: studio.headers })).json().data.login).toBe('none');
  });

  it('refuses a person without an email or who is inactive, naming what to do', async () => {
    const studio = await owner();
    const noEmail = await addInstructor(studio.headers, { email: null, name: 'Noor Email' });
    const answer = await invite(studio.headers, noEmail.id);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe("Add Noor Email's email address first: the invitation is sent there.");
    expect(answer.json().errors).toEqual({ email: "Add Noor Email's email address first: the invitation is sent there." });
    const inactive = await addInstructor(studio.headers, { active: false, name: 'Ina Active' });
    const refused = await invite(studio.headers, inactive.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Ina Active is inactive. Make them active before inviting them.');
  });

  it('emails a link to choose a password; the instructor then logs in, and a second invitation is refused', async () => {
    const studio = await owner();
    const person = await addInstructor(studio.headers);
    const email = person.email as string;
    const sent = await invite(studio.headers, person.id);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(`Invitation sent to ${email}.`);
    expect(sent.json().data.outcome).toBe('emailed');
    expect(sent.json().data.person.login).toBe('invited');
    const listed = await app.inject({ method: 'GET', url: '/api/instructors', headers: studio.headers });
    expect(listed.json().data.items.find((item: { id: string }) => item.id === person.id).login).toBe('invited');

    // Before choosing a password, no password logs in.
    expect((await logIn(app, { email, password: '' })).statusCode).toBe(400);
    expect((await logIn(app, { email, password: 'anything-at-all-1' })).statusCode).toBe(401);

    const [message] = await waitForMail(email);
    // The studio's "Staff invitation" email: who invited them, to which studio, as what.
    expect(message?.to).toEqual([email]);
    expect(message?.subject).toBe(`Olive Owner invited you to ${studio.session.company.name} on Kinetic`);
    expect(message?.body).toContain('Hi Indira,');
    expect(message?.body).toContain(`Olive Owner added you as an instructor at ${studio.session.company.name}`);
    expect(message?.body).toContain('http://localhost:3000/login');
    const token = tokenIn(message);
    expect(token).toBeTruthy();
    const valid = await app.inject({ method: 'POST', url: '/api/passwordTokenValidate', payload: { token } });
    expect(valid.json().data).toEqual({ email, purpose: 'invitation', companyName: studio.session.company.name });

    const chosen = await app.inject({
      method: 'POST',
      url: '/api/resetpassword',
      payload: { token, password: 'teaching-pass-42', confirmPassword: 'teaching-pass-42' },
    });
    expect(chosen.statusCode).toBe(200);
    const login = await logIn(app, { email, password: 'teaching-pass-42' });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.roleId).toBe('instructor');
    expect(login.json().data.company.id).toBe(studio.companyId);

    const after = await app.inject({ method: 'GET', url: `/api/instructors/${person.id}`, headers: studio.headers });
    expect(after.json().data.login).toBe('active');
    const again = await invite(studio.headers, person.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Indira Patel already has a login.');
  });

  it('sends a fresh link when asked again before the first is used, and the old link stops working', async () => {
    const studio = await owner();
    const person = await addInstructor(studio.headers);
    const email = person.email as string;
    expect((await invite(studio.headers, person.id)).statusCode).toBe(200);
    const first = tokenIn((await waitForMail(email))[0]);
    expect((await invite(studio.headers, person.id)).statusCode).toBe(200);
    const second = tokenIn((await waitForMail(email, 2))[1]);
    expect(second).not.toBe(first);
    expect((await app.inject({ method: 'POST', url: '/api/passwordTokenValidate', payload: { token: first } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/api/passwordTokenValidate', payload: { token: second } })).statusCode).toBe(200);
    // Still one login for the address, not one per invitation.
    const logins = await db.pool.query('select count(*)::int as n from users where email = $1', [email]);
    expect(logins.rows[0].n).toBe(1);
  });

  it("links the owner's own login at once when the owner also teaches, without an email", async () => {
    const studio = await owner();
    const me = await addInstructor(studio.headers, { name: 'Olive Owner', email: studio.email });
    const linked = await invite(studio.headers, me.id);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().message).toBe('Olive Owner can now log in with their existing login.');
    expect(linked.json().data).toMatchObject({ outcome: 'linked', person: { login: 'active' } });
    expect(await queuedTo(studio.email)).toBe(0);

    // The same login cannot be linked to a second instructor; nothing is created by the refusal.
    await app.inject({
      method: 'PUT',
      url: `/api/instructors/${me.id}`,
      headers: studio.headers,
      payload: { name: 'Olive Owner', email: null, phone: null, bio: null, photo: null, active: true },
    });
    const second = await addInstructor(studio.headers, { name: 'Olive Again', email: studio.email });
    const refused = await invite(studio.headers, second.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`The login of ${studio.email} already belongs to another instructor.`);
    const still = await app.inject({ method: 'GET', url: `/api/instructors/${second.id}`, headers: studio.headers });
    expect(still.json().data.login).toBe('none');
  });

  it('invites a facilitator the same way, and deleting the login unlinks the person without losing them', async () => {
    const studio = await owner();
    const person = await addInstructor(studio.headers, { name: 'Fran Facilitator' }, 'facilitators');
    const sent = await invite(studio.headers, person.id, 'facilitators');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.person.login).toBe('invited');
    expect((await waitForMail(person.email as string))[0]?.body).toContain('as a facilitator at');

    await db.pool.query(`delete from users where company_id = $1 and email = $2`, [studio.companyId, person.email]);
    const kept = await app.inject({ method: 'GET', url: `/api/facilitators/${person.id}`, headers: studio.headers });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ name: 'Fran Facilitator', login: 'none' });
  });
});

describe('the studio switched the staff invitation email off', () => {
  it('inviting answers 409 naming the setting, and nothing is saved', async () => {
    const studio = await owner();
    const off = await app.inject({
      method: 'PUT',
      url: '/api/settings/email/templates/staffInvitation',
      headers: studio.headers,
      payload: {
        enabled: false,
        subject: EMAIL_TRIGGER_INFO.staffInvitation.subject,
        body: EMAIL_TRIGGER_INFO.staffInvitation.body,
      },
    });
    expect(off.statusCode, off.body).toBe(200);
    const person = await addInstructor(studio.headers);
    const refused = await invite(studio.headers, person.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^The “Staff invitation” email is switched off in Settings › Email Settings/);
    expect(await queuedTo(person.email as string)).toBe(0);
    const listed = await app.inject({ method: 'GET', url: '/api/instructors', headers: studio.headers });
    expect(listed.json().data.items.find((item: { id: string }) => item.id === person.id).login).toBe('none');
  });
});

describe('inviting the login of someone who can do more', () => {
  it('a staff member who manages staff (not an admin) cannot send an admin’s invitation to another address', async () => {
    const studio = await owner();
    // Ada is added as an instructor (linked to an instructors row), then made an admin before she accepts.
    const adaEmail = `ada-${Date.now().toString(36)}${(sequence++).toString(36)}@example.com`;
    const added = await app.inject({
      method: 'POST',
      url: '/api/staff-members',
      headers: studio.headers,
      payload: { name: 'Ada Admin', email: adaEmail, role: 'instructor' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const ada = added.json().data as { id: string; instructorId: string };
    const promoted = await app.inject({
      method: 'PUT',
      url: `/api/staff-members/${ada.id}`,
      headers: studio.headers,
      payload: { name: 'Ada Admin', email: adaEmail, role: 'admin' },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);

    // Sam manages staff and settings, nothing more.
    const sam = await signInTeamMember(app, db.db, studio.companyId, 'staff');
    await db.pool.query(
      `update users set abilities = '{manageSettings,manageStaff,checkIn}' where role = 'staff' and company_id = $1`,
      [studio.companyId],
    );
    const samsOther = `sam-other-${Date.now().toString(36)}@example.com`;
    const moved = await app.inject({
      method: 'PUT',
      url: `/api/instructors/${ada.instructorId}`,
      headers: sam.headers,
      payload: { name: 'Ada Admin', email: samsOther, phone: null, bio: null, photo: null, active: true },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await invite(sam.headers, ada.instructorId);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe(
      'Only an admin can send Ada Admin’s invitation to another address than their login’s.',
    );
    expect(await queuedTo(samsOther)).toBe(0);
    // The owner may (an admin can do everything anyway).
    expect((await invite(studio.headers, ada.instructorId)).statusCode).toBe(200);
  });
});
