import { afterAll, describe, expect, it } from 'vitest';
import type { StaffMemberDto } from '@kinetic/shared';
import { createTestApp } from '../../test/harness.ts';
import { startMailCatcher, type CaughtMail } from '../../test/mail-catcher.ts';
import { bearer, logIn, PASSWORD, signUpCompany } from '../../test/factories.ts';
import { signInTeamMember } from '../../test/team.ts';
import { dateFromToday, studioReadyToSchedule, weeklyClass } from '../../test/schedule.ts';

const mail = await startMailCatcher();
afterAll(() => mail.stop());
const { app, db } = await createTestApp({ smtpUrl: mail.url });

type Headers = Record<string, string>;
let sequence = 0;
const uniqueEmail = (who: string) =>
  `${who}-${Date.now().toString(36)}${(sequence++).toString(36)}@example.com`;

async function owner() {
  const signedUp = await signUpCompany(app);
  return {
    ...signedUp,
    headers: bearer(signedUp.session.token),
    companyId: signedUp.session.company.id as string,
  };
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

function body(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Indira Patel',
    email: uniqueEmail('indira'),
    phone: '(404) 555-0101',
    role: 'instructor',
    studioIds: [],
    abilities: null,
    ...overrides,
  };
}

async function add(headers: Headers, overrides: Record<string, unknown> = {}): Promise<StaffMemberDto> {
  const response = await call('POST', '/api/staff-members', headers, body(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function waitForMail(address: string, count = 1): Promise<CaughtMail[]> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const messages = mail.mailTo(address);
    if (messages.length >= count) return messages;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No email reached ${address}`);
}

const tokenIn = (message: CaughtMail | undefined) =>
  message && /\/resetPassword\/([\w-]+)/.exec(message.body)?.[1];

/** Follows the invitation emailed to them, chooses a password and logs in on the team login. */
async function acceptInvitation(member: StaffMemberDto, companyId: string, count = 1) {
  const messages = await waitForMail(member.email, count);
  const token = tokenIn(messages[count - 1]);
  const chosen = await app.inject({
    method: 'POST',
    url: '/api/resetpassword',
    payload: { token, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  const login = await logIn(app, { email: member.email, password: PASSWORD, roleId: member.role, companyId });
  expect(login.statusCode, login.body).toBe(200);
  return bearer(login.json().data.token as string);
}

describe('POST /api/staff-members', () => {
  it('adds an instructor, emails an invitation whose link sets a password, and they log in', async () => {
    const studio = await owner();
    const member = await add(studio.headers, { name: 'Indira Patel' });
    expect(member).toMatchObject({
      name: 'Indira Patel',
      role: 'instructor',
      status: 'invited',
      defaultAbilities: true,
    });
    expect(member.abilities).toEqual(['checkIn']);
    expect(member.instructorId).toBeTruthy();
    expect(new Date(member.invitationExpiresAt as string).getTime()).toBeGreaterThan(
      Date.now() + 6 * 86_400_000,
    );

    const [message] = await waitForMail(member.email);
    expect(message?.subject).toMatch(/invited you to .* on Kinetic$/);
    expect(message?.body).toContain('added you as an instructor at');
    const headers = await acceptInvitation(member, studio.companyId);
    const me = (await call('GET', '/api/me', headers)).json().data;
    expect(me.user.roleId).toBe('instructor');
    expect(me.can.checkIn).toBe(true);
    expect(me.can.manageStaff).toBe(false);

    const after = (await call('GET', `/api/staff-members/${member.id}`, studio.headers)).json().data;
    expect(after.status).toBe('active');
    expect(after.invitationExpiresAt).toBeNull();
    // They can be scheduled: their instructors row is on the instructors list.
    const instructors = (await call('GET', '/api/instructors', studio.headers)).json().data.items;
    expect(instructors.map((item: { id: string }) => item.id)).toContain(member.instructorId);
  });

  it('links an existing instructor with the same email instead of making a second one', async () => {
    const studio = await owner();
    const email = uniqueEmail('marco');
    const person = await call('POST', '/api/instructors', studio.headers, {
      name: 'Marco Reyes',
      email,
      phone: null,
      bio: null,
      photo: null,
      active: true,
    });
    const member = await add(studio.headers, { name: 'Marco Reyes', email });
    expect(member.instructorId).toBe(person.json().data.id);
    const listed = (await call('GET', '/api/instructors?status=all', studio.headers)).json().data.items;
    expect(listed.filter((item: { email: string }) => item.email === email)).toHaveLength(1);
  });

  it('refuses an email already in the team (409 at email) and bad input (400 naming the field)', async () => {
    const studio = await owner();
    const member = await add(studio.headers);
    const again = await call(
      'POST',
      '/api/staff-members',
      studio.headers,
      body({ email: member.email.toUpperCase(), role: 'staff' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.email).toBe(`Another staff member already uses ${member.email}.`);
    const owners = await call('POST', '/api/staff-members', studio.headers, body({ email: studio.email }));
    expect(owners.statusCode).toBe(409);

    const badRole = await call('POST', '/api/staff-members', studio.headers, body({ role: 'client' }));
    expect(badRole.statusCode).toBe(400);
    expect(Object.keys(badRole.json().errors)).toContain('role');
    const badEmail = await call('POST', '/api/staff-members', studio.headers, body({ email: 'nope' }));
    expect(badEmail.statusCode).toBe(400);
    expect(Object.keys(badEmail.json().errors)).toContain('email');
    const badAbility = await call(
      'POST',
      '/api/staff-members',
      studio.headers,
      body({ abilities: ['flyPlanes'] }),
    );
    expect(badAbility.statusCode).toBe(400);
    expect(Object.keys(badAbility.json().errors).join()).toContain('abilities');
    const other = await owner();
    const otherStudio = await call('POST', '/api/studios', other.headers, {
      name: 'Elsewhere',
      address: { line1: '1 Main St', line2: '', city: 'Atlanta', state: 'GA', postalCode: '', country: '' },
      phone: '',
      email: '',
      timeZone: 'America/New_York',
      openingHours: {},
      amenities: [],
      rooms: [],
    });
    const foreignStudio = await call(
      'POST',
      '/api/staff-members',
      studio.headers,
      body({ studioIds: [otherStudio.json().data.id] }),
    );
    expect(foreignStudio.statusCode).toBe(400);
    expect(foreignStudio.json().errors.studioIds).toMatch(/Choose studios of your business/);
    const list = (await call('GET', '/api/staff-members?status=all', studio.headers)).json().data;
    expect(list.total).toBe(2); // the owner and the one added
  });

  it('answers 401 without a session, 403 to staff and instructors and to a solo owner', async () => {
    const studio = await owner();
    expect((await call('GET', '/api/staff-members', {})).statusCode).toBe(401);
    for (const role of ['staff', 'instructor'] as const) {
      const member = await signInTeamMember(app, db.db, studio.companyId, role);
      expect((await call('GET', '/api/staff-members', member.headers)).statusCode).toBe(403);
      expect((await call('POST', '/api/staff-members', member.headers, body())).statusCode).toBe(403);
    }
    const solo = await signUpCompany(app, { kind: 'solo' });
    const soloHeaders = bearer(solo.session.token);
    expect((await call('GET', '/api/staff-members', soloHeaders)).statusCode).toBe(403);
    expect((await call('POST', '/api/staff-members', soloHeaders, body())).statusCode).toBe(403);
    expect((await call('GET', '/api/staff-members/overview', soloHeaders)).statusCode).toBe(403);
  });
});

describe('GET and PUT /api/staff-members/{staffId}', () => {
  it("answers 404 for another company's staff member and 400 for a bad id", async () => {
    const studio = await owner();
    const member = await add(studio.headers);
    const other = await owner();
    for (const [method, url] of [
      ['GET', `/api/staff-members/${member.id}`],
      ['PUT', `/api/staff-members/${member.id}`],
      ['POST', `/api/staff-members/${member.id}/deactivate`],
      ['POST', `/api/staff-members/${member.id}/reactivate`],
      ['POST', `/api/staff-members/${member.id}/invitation`],
    ] as const) {
      const answer = await call(method, url, other.headers, method === 'PUT' ? body() : undefined);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().message).toBe('We could not find that staff member.');
    }
    expect((await call('GET', '/api/staff-members/not-an-id', studio.headers)).statusCode).toBe(400);
    // Nothing changed by the refused calls.
    expect((await call('GET', `/api/staff-members/${member.id}`, studio.headers)).json().data.status).toBe(
      'invited',
    );
  });

  it('edits name, role, studios and abilities; the abilities reach GET /api/me on their next request', async () => {
    const ready = await studioReadyToSchedule(app);
    const member = await add(ready.headers, { role: 'staff', name: 'Sam Desk' });
    const headers = await acceptInvitation(member, ready.companyId);
    expect((await call('GET', '/api/me', headers)).json().data.can.runReports).toBe(false);
    expect((await call('GET', '/api/reports/attendance', headers)).statusCode).toBe(403);

    const abilities = ['manageClients', 'runReports', 'checkIn'];
    const edited = await call('PUT', `/api/staff-members/${member.id}`, ready.headers, {
      ...body({ name: 'Sam Front Desk', email: member.email, role: 'staff', studioIds: [ready.studioId] }),
      abilities,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      name: 'Sam Front Desk',
      abilities,
      defaultAbilities: false,
      studios: [{ id: ready.studioId, name: 'Midtown' }],
    });
    const can = (await call('GET', '/api/me', headers)).json().data.can;
    expect(can).toMatchObject({
      runReports: true,
      manageClients: true,
      sellAndRefund: false,
      seeFinancials: false,
      manageSchedule: false,
    });

    // Back to the role's defaults.
    const reset = await call('PUT', `/api/staff-members/${member.id}`, ready.headers, {
      ...body({ name: 'Sam Front Desk', email: member.email, role: 'staff', studioIds: [] }),
      abilities: null,
    });
    expect(reset.json().data).toMatchObject({ defaultAbilities: true, studios: [] });
    expect((await call('GET', '/api/me', headers)).json().data.can.runReports).toBe(false);
  });

  it('a name, email or phone corrected here is the linked instructor’s too (schedule, payroll, public pages)', async () => {
    const ready = await studioReadyToSchedule(app);
    const member = await add(ready.headers, { role: 'instructor', name: 'Ines Instrctor' });
    const email = `ines-${member.id}@example.com`;
    const edited = await call('PUT', `/api/staff-members/${member.id}`, ready.headers, {
      ...body({ name: 'Ines Instructor', email, phone: '(404) 555-0123', role: 'instructor', studioIds: [] }),
      abilities: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const instructor = await call('GET', `/api/instructors/${member.instructorId}`, ready.headers);
    expect(instructor.json().data).toMatchObject({ name: 'Ines Instructor', email, phone: '(404) 555-0123' });
  });

  it('a role change reaches their open session at once (their session carries the new role)', async () => {
    const studio = await owner();
    const member = await add(studio.headers, { role: 'instructor' });
    const headers = await acceptInvitation(member, studio.companyId);
    expect((await call('GET', '/api/staff-members', headers)).statusCode).toBe(403);
    const promoted = await call(
      'PUT',
      `/api/staff-members/${member.id}`,
      studio.headers,
      body({ email: member.email, role: 'admin', abilities: ['checkIn'] }),
    );
    expect(promoted.statusCode).toBe(200);
    // Admins always have everything, whatever was sent.
    expect(promoted.json().data.abilities).toHaveLength(8);
    const me = (await call('GET', '/api/me', headers)).json().data;
    expect(me.user.roleId).toBe('admin');
    expect(me.can.manageStaff).toBe(true);
    expect((await call('GET', '/api/staff-members', headers)).statusCode).toBe(200);
  });
});

describe('an invited person', () => {
  it('whose email is corrected gets the invitation at the new address (the old link stops); search finds by name or email', async () => {
    const studio = await owner();
    const member = await add(studio.headers, { role: 'staff', name: 'Typo Tim' });
    const oldToken = tokenIn((await waitForMail(member.email))[0]);
    const fixed = uniqueEmail('tim');
    const edited = await call(
      'PUT',
      `/api/staff-members/${member.id}`,
      studio.headers,
      body({ name: 'Typo Tim', email: fixed, role: 'staff' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.status).toBe('invited');
    const [message] = await waitForMail(fixed);
    expect(message?.body).toContain('added you as a staff member at');
    expect(
      (await app.inject({ method: 'POST', url: '/api/passwordTokenValidate', payload: { token: oldToken } }))
        .statusCode,
    ).toBe(400);
    await acceptInvitation({ ...member, email: fixed }, studio.companyId);

    const byName = (await call('GET', '/api/staff-members?search=typo', studio.headers)).json().data;
    expect(byName.items.map((item: StaffMemberDto) => item.id)).toEqual([member.id]);
    expect(byName.total).toBe(1);
    const byEmail = (
      await call('GET', `/api/staff-members?search=${encodeURIComponent(fixed.slice(0, 8))}`, studio.headers)
    ).json().data;
    expect(byEmail.items.map((item: StaffMemberDto) => item.id)).toEqual([member.id]);
    expect((await call('GET', '/api/staff-members?search=nobody-here', studio.headers)).json().data).toEqual({
      items: [],
      total: 0,
    });
    expect((await call('GET', '/api/staff-members?status=gone', studio.headers)).statusCode).toBe(400);
  });
});

describe('deactivate, reactivate, resend', () => {
  it('ends their sessions at once, refuses their login and links, keeps their history; reactivate lets them back', async () => {
    const studio = await owner();
    const member = await add(studio.headers, { role: 'staff' });
    const headers = await acceptInvitation(member, studio.companyId);
    expect((await call('GET', '/api/me', headers)).statusCode).toBe(200);

    const off = await call('POST', `/api/staff-members/${member.id}/deactivate`, studio.headers);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.status).toBe('deactivated');
    expect((await call('GET', '/api/me', headers)).statusCode).toBe(401);
    const login = await logIn(app, {
      email: member.email,
      password: PASSWORD,
      roleId: 'staff',
      companyId: studio.companyId,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/^This account has been deactivated/);
    // A forgotten-password request sends them nothing.
    await app.inject({
      method: 'POST',
      url: '/api/resetPasswordMail',
      payload: { email: member.email, roleId: 'staff', companyId: studio.companyId },
    });
    const resets = await db.pool.query(
      'select count(*)::int as n from password_reset_tokens where user_id = $1 and used_at is null',
      [member.id],
    );
    expect(resets.rows[0].n).toBe(0);

    const listed = (await call('GET', '/api/staff-members?status=inactive', studio.headers)).json().data;
    expect(listed.items.map((item: StaffMemberDto) => item.id)).toEqual([member.id]);
    expect(
      (await call('GET', '/api/staff-members', studio.headers))
        .json()
        .data.items.map((item: StaffMemberDto) => item.id),
    ).not.toContain(member.id);

    const on = await call('POST', `/api/staff-members/${member.id}/reactivate`, studio.headers);
    expect(on.json().data.status).toBe('active');
    const back = await logIn(app, {
      email: member.email,
      password: PASSWORD,
      roleId: 'staff',
      companyId: studio.companyId,
    });
    expect(back.statusCode).toBe(200);
  });

  it('deactivating an instructor takes their instructors row off the pickers; the invitation link stops working', async () => {
    const studio = await owner();
    const member = await add(studio.headers);
    const [message] = await waitForMail(member.email);
    await call('POST', `/api/staff-members/${member.id}/deactivate`, studio.headers);
    const token = tokenIn(message);
    const used = await app.inject({
      method: 'POST',
      url: '/api/resetpassword',
      payload: { token, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(used.statusCode).toBe(400);
    const active = (await call('GET', '/api/instructors', studio.headers)).json().data.items;
    expect(active.map((item: { id: string }) => item.id)).not.toContain(member.instructorId);
    const resend = await call('POST', `/api/staff-members/${member.id}/invitation`, studio.headers);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toMatch(/is deactivated. Reactivate them/);
    // Nor through Settings › Instructors' invitation.
    const viaInstructors = await call(
      'POST',
      `/api/instructors/${member.instructorId}/invitation`,
      studio.headers,
    );
    expect(viaInstructors.statusCode).toBe(400); // an inactive instructor is not invited
    await call('PUT', `/api/instructors/${member.instructorId}`, studio.headers, {
      name: member.name,
      email: member.email,
      phone: null,
      bio: null,
      photo: null,
      active: true,
    });
    const stillOff = await call('POST', `/api/instructors/${member.instructorId}/invitation`, studio.headers);
    expect(stillOff.statusCode).toBe(409);
    expect(stillOff.json().message).toBe(
      `${member.name}'s login is deactivated. Reactivate it in Settings › Staff Members.`,
    );
    const again = await call('POST', `/api/staff-members/${member.id}/reactivate`, studio.headers);
    expect(again.json().data.status).toBe('expired');
    const back = (await call('GET', '/api/instructors', studio.headers)).json().data.items;
    expect(back.map((item: { id: string }) => item.id)).toContain(member.instructorId);
  });

  it('resend spends the old link and emails a fresh one; 409 once they chose a password', async () => {
    const studio = await owner();
    const member = await add(studio.headers, { role: 'staff' });
    const first = tokenIn((await waitForMail(member.email))[0]);
    const resent = await call('POST', `/api/staff-members/${member.id}/invitation`, studio.headers);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe(`Invitation sent again to ${member.email}.`);
    const second = tokenIn((await waitForMail(member.email, 2))[1]);
    expect(second).not.toBe(first);
    expect(
      (await app.inject({ method: 'POST', url: '/api/passwordTokenValidate', payload: { token: first } }))
        .statusCode,
    ).toBe(400);
    await acceptInvitation(member, studio.companyId, 2);
    const late = await call('POST', `/api/staff-members/${member.id}/invitation`, studio.headers);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`${member.name} already chose a password and logs in.`);
  });

  it('an expired invitation reads "expired"', async () => {
    const studio = await owner();
    const member = await add(studio.headers, { role: 'staff' });
    await db.pool.query(
      `update password_reset_tokens set expires_at = now() - interval '1 minute' where user_id = $1`,
      [member.id],
    );
    expect((await call('GET', `/api/staff-members/${member.id}`, studio.headers)).json().data.status).toBe(
      'expired',
    );
  });
});

describe('a staff member who may manage staff (not an admin)', () => {
  it('adds and edits within their own reach: no admins, no abilities they lack', async () => {
    const studio = await owner();
    const me = (await call('GET', '/api/staff-members', studio.headers)).json().data
      .items[0] as StaffMemberDto;
    const sam = await add(studio.headers, {
      role: 'staff',
      name: 'Sam Manager',
      abilities: [
        'manageSchedule',
        'manageClients',
        'seeFinancials',
        'sellAndRefund',
        'checkIn',
        'manageStaff',
      ],
    });
    const headers = await acceptInvitation(sam, studio.companyId);

    const admin = await call('POST', '/api/staff-members', headers, body({ role: 'admin' }));
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toBe('Only an admin can make someone an admin.');
    const reports = await call(
      'POST',
      '/api/staff-members',
      headers,
      body({ role: 'staff', abilities: ['runReports', 'checkIn'] }),
    );
    expect(reports.statusCode).toBe(403);
    expect(reports.json().message).toBe('You cannot give abilities you do not have yourself: run reports.');
    const changeOwner = await call(
      'PUT',
      `/api/staff-members/${me.id}`,
      headers,
      body({ name: 'Olive', email: studio.email, role: 'admin' }),
    );
    expect(changeOwner.statusCode).toBe(403);
    expect((await call('POST', `/api/staff-members/${me.id}/deactivate`, headers)).statusCode).toBe(403);
    const self = await call(
      'PUT',
      `/api/staff-members/${sam.id}`,
      headers,
      body({ name: 'Sam Manager', email: sam.email, role: 'admin' }),
    );
    expect(self.statusCode).toBe(403);

    const added = await call('POST', '/api/staff-members', headers, body({ name: 'Ivy New' }));
    expect(added.statusCode, added.body).toBe(201);
    const more = await call(
      'PUT',
      `/api/staff-members/${added.json().data.id}`,
      headers,
      body({
        name: 'Ivy New',
        email: added.json().data.email,
        role: 'instructor',
        abilities: ['checkIn', 'sellAndRefund'],
      }),
    );
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json().data.abilities).toEqual(['sellAndRefund', 'checkIn']);
    // Nothing changed by the refusals: the owner is still the admin.
    expect((await call('GET', `/api/staff-members/${me.id}`, studio.headers)).json().data).toMatchObject({
      role: 'admin',
      status: 'active',
    });
  });
});

describe('a staff member who may manage staff (not an admin), and the email of someone who can do more', () => {
  it('cannot move their login to another address (a reset or invitation link would hand it over); an admin can', async () => {
    const studio = await owner();
    const sam = await add(studio.headers, {
      role: 'staff',
      name: 'Sam Manager',
      abilities: ['manageSchedule', 'manageClients', 'checkIn', 'manageStaff'],
    });
    const samHeaders = await acceptInvitation(sam, studio.companyId);
    // Rita can run reports and manage settings, which Sam cannot; Ivan is still invited with them.
    const rita = await add(studio.headers, {
      role: 'staff',
      name: 'Rita Reports',
      abilities: ['manageSettings', 'runReports', 'checkIn'],
    });
    await acceptInvitation(rita, studio.companyId);
    const ivan = await add(studio.headers, {
      role: 'staff',
      name: 'Ivan Invited',
      abilities: ['manageSettings', 'checkIn'],
    });
    const theirs = uniqueEmail('sam-elsewhere');
    for (const target of [rita, ivan]) {
      const moved = await call(
        'PUT',
        `/api/staff-members/${target.id}`,
        samHeaders,
        body({ name: target.name, email: theirs, role: 'staff', abilities: target.abilities }),
      );
      expect(moved.statusCode, moved.body).toBe(403);
      const more = target === rita ? 'manage settings, run reports' : 'manage settings';
      expect(moved.json().message).toBe(
        `Only an admin can change the email of ${target.name}, who can do more than you (${more}).`,
      );
      const after = (await call('GET', `/api/staff-members/${target.id}`, studio.headers)).json().data;
      expect(after.email).toBe(target.email);
    }
    // No invitation went to Sam's other address.
    expect(mail.mailTo(theirs)).toEqual([]);
    // Someone within Sam's reach can still have their email corrected by Sam; Rita's, by the owner.
    const ola = await add(studio.headers, { role: 'instructor', name: 'Ola Instructor' });
    const fixed = await call(
      'PUT',
      `/api/staff-members/${ola.id}`,
      samHeaders,
      body({ name: ola.name, email: uniqueEmail('ola'), role: 'instructor' }),
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    const byOwner = await call(
      'PUT',
      `/api/staff-members/${rita.id}`,
      studio.headers,
      body({ name: rita.name, email: uniqueEmail('rita'), role: 'staff', abilities: rita.abilities }),
    );
    expect(byOwner.statusCode, byOwner.body).toBe(200);
  });
});

describe('a login racing a change to the person', () => {
  it('a login that checks the password while they are demoted or deactivated starts its session with what committed', async () => {
    const studio = await owner();
    const ada = await add(studio.headers, { role: 'admin', name: 'Ada Admin' });
    await acceptInvitation(ada, studio.companyId);
    const ivy = await add(studio.headers, { role: 'staff', name: 'Ivy Staff' });
    await acceptInvitation(ivy, studio.companyId);

    /** Holds the change open while the person logs in, as the staff-members service writes it; then commits. */
    async function raceLogin(member: StaffMemberDto, change: string) {
      const held = await db.pool.connect();
      try {
        await held.query('begin');
        await held.query(change, [member.id]);
        await held.query('delete from sessions where user_id = $1', [member.id]);
        const login = logIn(app, {
          email: member.email,
          password: PASSWORD,
          roleId: member.role,
          companyId: studio.companyId,
        });
        // Long enough for the login to read the person and check the password.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await held.query('commit');
        return await login;
      } finally {
        held.release();
      }
    }

    // Ada is demoted to instructor: a session she opens meanwhile must not carry admin.
    const demoted = await raceLogin(
      ada,
      `update users set role = 'instructor', updated_at = now() where id = $1`,
    );
    if (demoted.statusCode === 200) {
      const headers = bearer(demoted.json().data.token as string);
      expect((await call('GET', '/api/staff-members', headers)).statusCode).toBe(403);
      expect((await call('GET', '/api/me', headers)).json().data.can.manageStaff).toBe(false);
    } else {
      expect(demoted.statusCode, demoted.body).toBe(200);
    }

    // Ivy is deactivated: the login is refused, no session is left.
    const deactivated = await raceLogin(ivy, `update users set deactivated_at = now() where id = $1`);
    expect(deactivated.statusCode, deactivated.body).toBe(403);
    expect(deactivated.json().message).toMatch(/^This account has been deactivated/);
    const { rows } = await db.pool.query('select count(*)::int as n from sessions where user_id = $1', [
      ivy.id,
    ]);
    expect(rows[0].n).toBe(0);
  });
});

describe('the last admin', () => {
  it('cannot deactivate themselves, and the last admin cannot be deactivated or demoted', async () => {
    const studio = await owner();
    const me = (await call('GET', '/api/staff-members', studio.headers)).json().data
      .items[0] as StaffMemberDto;
    expect(me.isYou).toBe(true);
    const self = await call('POST', `/api/staff-members/${me.id}/deactivate`, studio.headers);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot deactivate yourself. Ask another admin to do it.');
    const demote = await call(
      'PUT',
      `/api/staff-members/${me.id}`,
      studio.headers,
      body({ name: 'Olive Owner', email: studio.email, role: 'staff' }),
    );
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toMatch(/^Olive Owner is the last admin who can log in\./);

    // A second admin who logs in: now either could be demoted, and the other one deactivated.
    const second = await add(studio.headers, { role: 'admin', name: 'Ada Admin' });
    // Invited but without a password yet, Ada cannot run the business: Olive is still the last admin.
    const earlyDemote = await call(
      'PUT',
      `/api/staff-members/${me.id}`,
      studio.headers,
      body({ name: 'Olive Owner', email: studio.email, role: 'staff' }),
    );
    expect(earlyDemote.statusCode).toBe(409);
    expect(earlyDemote.json().message).toMatch(/^Olive Owner is the last admin who can log in\./);
    const secondHeaders = await acceptInvitation(second, studio.companyId);
    const last = await call('POST', `/api/staff-members/${me.id}/deactivate`, secondHeaders);
    expect(last.statusCode).toBe(200);
    const refused = await call(
      'PUT',
      `/api/staff-members/${second.id}`,
      secondHeaders,
      body({ name: 'Ada Admin', email: second.email, role: 'staff' }),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Ada Admin is the last admin who can log in\./);
  });

  it('demoting and deactivating the last two admins at once: one succeeds, the other is refused', async () => {
    // Several businesses at once, so the two requests of each really overlap in the database.
    const pairs = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const studio = await owner();
        const me = (await call('GET', '/api/staff-members', studio.headers)).json().data
          .items[0] as StaffMemberDto;
        const second = await add(studio.headers, { role: 'admin', name: 'Ada Admin' });
        const secondHeaders = await acceptInvitation(second, studio.companyId);
        return { studio, me, second, secondHeaders };
      }),
    );
    const answers = await Promise.all(
      pairs.map(({ studio, me, second, secondHeaders }) =>
        Promise.all([
          call(
            'PUT',
            `/api/staff-members/${me.id}`,
            secondHeaders,
            body({ name: 'Olive Owner', email: studio.email, role: 'staff' }),
          ),
          call('POST', `/api/staff-members/${second.id}/deactivate`, studio.headers),
        ]),
      ),
    );
    for (const [index, [a, b]] of answers.entries()) {
      // One wins; the other is refused: 409 (the last admin) when it got past its session check first, or
      // 403 when the winner's demotion of its author reached that author's session before it was checked.
      const [won, lost] = [a.statusCode, b.statusCode].sort();
      expect(won).toBe(200);
      expect([403, 409]).toContain(lost);
      const admins = await db.pool.query(
        `select count(*)::int as n from users where company_id = $1 and role = 'admin' and deactivated_at is null`,
        [pairs[index]?.studio.companyId],
      );
      expect(admins.rows[0].n).toBe(1);
    }
  });
});

describe('GET /api/staff-members/overview', () => {
  it("lists each person's classes of the week, a substitute's class marked, on the company's clock", async () => {
    const ready = await studioReadyToSchedule(app);
    const member = await add(ready.headers, { name: 'Tara Teacher', studioIds: [ready.studioId] });
    const monday = dateFromToday(8, 1);
    const series = await call(
      'POST',
      '/api/fitness-sessions',
      ready.headers,
      weeklyClass(ready, {
        instructorId: ready.indira,
        schedule: {
          kind: 'weekly',
          weekdays: ['monday', 'wednesday'],
          everyWeeks: 1,
          startDate: monday,
          count: 2,
        },
      }),
    );
    expect(series.statusCode, series.body).toBe(201);
    const classes = (await call('GET', '/api/classes?when=upcoming&pageSize=100', ready.headers)).json().data
      .items as { id: string; localDate: string }[];
    const wednesday = classes.find((item) => item.localDate !== monday);
    const sub = await call('PUT', `/api/class-instances/${wednesday?.id}/instructor`, ready.headers, {
      instructorId: member.instructorId,
    });
    expect(sub.statusCode, sub.body).toBe(200);

    const week = await call('GET', `/api/staff-members/overview?weekOf=${monday}`, ready.headers);
    expect(week.statusCode, week.body).toBe(200);
    const data = week.json().data;
    expect(data.weekStart).toBe(monday);
    expect(data.studios).toEqual([{ id: ready.studioId, name: 'Midtown' }]);
    const tara = data.members.find((entry: { member: StaffMemberDto }) => entry.member.id === member.id);
    expect(tara.member.status).toBe('invited');
    expect(tara.member.studios).toEqual([{ id: ready.studioId, name: 'Midtown' }]);
    expect(tara.classes).toHaveLength(1);
    expect(tara.classes[0]).toMatchObject({
      className: 'Power Yoga',
      studioName: 'Midtown',
      substituteFor: 'Indira Patel',
    });

    const thisWeek = (await call('GET', '/api/staff-members/overview', ready.headers)).json().data;
    expect(thisWeek.weekStart <= thisWeek.today && thisWeek.today <= thisWeek.weekEnd).toBe(true);
    expect(
      (await call('GET', '/api/staff-members/overview?weekOf=2026-02-30', ready.headers)).statusCode,
    ).toBe(400);
    // A week at the edge of the calendar answered weeks like '-000001-12' (or a 500 from the database).
    for (const weekOf of ['0000-01-01', '9999-12-31']) {
      const far = await call('GET', `/api/staff-members/overview?weekOf=${weekOf}`, ready.headers);
      expect(far.statusCode, far.body).toBe(400);
      expect(far.json().errors.weekOf).toBe('Choose a date between 2000 and 2099');
    }
  });
});

describe('OpenAPI', () => {
  it('describes every staff-members call from the shared zod contracts', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = doc.paths as Record<
      string,
      Record<string, { requestBody?: { content: Record<string, { schema: { properties: object } }> } }>
    >;
    for (const path of [
      '/api/staff-members',
      '/api/staff-members/overview',
      '/api/staff-members/{staffId}',
      '/api/staff-members/{staffId}/deactivate',
      '/api/staff-members/{staffId}/reactivate',
      '/api/staff-members/{staffId}/invitation',
    ])
      expect(Object.keys(paths), path).toContain(path);
    const add = paths['/api/staff-members']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(add?.properties ?? {})).toEqual(
      expect.arrayContaining(['name', 'email', 'phone', 'role', 'studioIds', 'abilities']),
    );
  });
});
