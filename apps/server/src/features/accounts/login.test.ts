import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, logIn, PASSWORD, signUpClient, signUpCompany } from '../../test/factories.ts';

const { app } = await createTestApp();

describe('checkCompany (spec §7)', () => {
  it('answers the companyId of an existing company whose kind accepts the role', async () => {
    const owner = await signUpCompany(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/checkCompany',
      payload: { company: owner.slug, roleId: 'client' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ companyId: owner.session.company.id, kind: 'company' });
  });

  it('refuses a role the company kind does not have, and unknown companies', async () => {
    const owner = await signUpCompany(app);
    const soloRole = await app.inject({
      method: 'POST',
      url: '/api/checkCompany',
      payload: { company: owner.slug, roleId: 'solo-client' },
    });
    expect(soloRole.statusCode).toBe(404);
    expect(soloRole.json().message).toMatch(/not available/);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/checkCompany',
      payload: { company: 'no-such-studio', roleId: 'admin' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 0, message: expect.stringContaining('no-such-studio') });
  });

  it('names the invalid role key', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/checkCompany', payload: { company: 'x', roleId: 'boss' } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['roleId']);
  });
});

describe('login (spec §7, §4)', () => {
  it('answers the token, the user cookie fields, onBoardingData in settings order and isSpecial', async () => {
    const owner = await signUpCompany(app);
    const response = await logIn(app, { email: owner.email, password: PASSWORD, roleId: 'admin', companyId: owner.session.company.id });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.token).toMatch(/^[\w-]{40,}$/);
    expect(data.user).toEqual({
      _id: owner.session.user._id,
      companyId: owner.session.company.id,
      soloInstructorId: null,
      clientSignupDetailsId: null,
    });
    expect(data.onBoardingData).toEqual(['companyDetails', 'studios', 'classesSettings', 'hours', 'clientWaiver', 'contractTerms']);
    expect(data.isSpecial).toBe(0);
    expect(data.hostType).toBe('company');
  });

  it('a solo instructor has no studios step and carries its own soloInstructorId', async () => {
    const solo = await signUpCompany(app, { kind: 'solo' });
    const response = await logIn(app, { email: solo.email, password: PASSWORD, roleId: 'solo-instructor', companyId: solo.session.company.id });
    const data = response.json().data;
    expect(data.roleId).toBe('solo-instructor');
    expect(data.hostType).toBe('solo-instructor');
    expect(data.user.soloInstructorId).toBe(data.user._id);
    expect(data.onBoardingData).toEqual(['companyDetails', 'classesSettings', 'hours', 'clientWaiver', 'contractTerms']);
  });

  it('a solo client carries the instructor id and its signup details id; clients have no onboarding', async () => {
    const solo = await signUpCompany(app, { kind: 'solo' });
    const client = await signUpClient(app, solo.slug, { roleId: 'solo-client' });
    expect(client.session.user.soloInstructorId).toBe(solo.session.user._id);
    expect(client.session.user.clientSignupDetailsId).toBe(client.session.user._id);
    expect(client.session.onBoardingData).toEqual([]);
    expect(client.session.hostType).toBe('solo-client');
  });

  it('echoes isSpecial = 1 for the event flows', async () => {
    const owner = await signUpCompany(app);
    const client = await signUpClient(app, owner.slug);
    const response = await logIn(app, { email: client.email, password: PASSWORD, roleId: 'client', companyId: owner.session.company.id, isSpecial: 1 });
    expect(response.json().data.isSpecial).toBe(1);
  });

  it('a wrong password answers 401 with the server message', async () => {
    const owner = await signUpCompany(app);
    const response = await logIn(app, { email: owner.email, password: 'wrong-password-1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 0, message: 'The email or password is incorrect.' });
  });

  it('an unknown email gets the very same answer', async () => {
    const response = await logIn(app, { email: 'nobody@example.com', password: 'whatever-123' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 0, message: 'The email or password is incorrect.' });
  });

  it('a client cannot log in on the admin page, nor an admin on the client page', async () => {
    const owner = await signUpCompany(app);
    const client = await signUpClient(app, owner.slug);
    const companyId = owner.session.company.id;
    expect((await logIn(app, { email: client.email, password: PASSWORD, roleId: 'admin', companyId })).statusCode).toBe(401);
    expect((await logIn(app, { email: owner.email, password: PASSWORD, roleId: 'client', companyId })).statusCode).toBe(401);
  });

  it('at root /login, an email in several companies is asked which company after the password is verified', async () => {
    const email = `multi-${Date.now()}@example.com`;
    const first = await signUpCompany(app, { email, companyName: 'Alpha Studio' });
    const second = await signUpCompany(app, { email, companyName: 'Beta Studio' });

    const wrong = await logIn(app, { email, password: 'not-the-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('Alpha');

    const ask = await logIn(app, { email, password: PASSWORD });
    expect(ask.statusCode).toBe(200);
    const choices = ask.json().data.chooseCompany;
    expect(choices.map((choice: { name: string }) => choice.name)).toEqual(['Alpha Studio', 'Beta Studio']);
    expect(ask.json().data.token).toBeUndefined();

    const chosen = await logIn(app, { email, password: PASSWORD, companyId: second.session.company.id });
    expect(chosen.json().data.company.id).toBe(second.session.company.id);
    expect(chosen.json().data.company.id).not.toBe(first.session.company.id);
  });

  it('stores passwords as argon2id', async () => {
    const owner = await signUpCompany(app);
    const { rows } = await app.deps.db.pool.query('select password_hash from users where email = $1', [owner.email]);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(rows[0].password_hash).not.toContain(PASSWORD);
  });
});

describe('rate limits on login', () => {
  it('answers 429 with a clear message after repeated failures for one account', async () => {
    const owner = await signUpCompany(app);
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await logIn(app, { email: owner.email, password: `wrong-${attempt}-xx` });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await logIn(app, { email: owner.email, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many failed attempts for this account/);
  });

  it('answers 429 per address when one address tries many accounts', async () => {
    const remoteAddress = '203.0.113.77';
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress,
        payload: { email: `spray-${attempt}@example.com`, password: 'guess-123456' },
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      payload: { email: 'another@example.com', password: 'guess-123456' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/from your network/);
    const otherAddress = await app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '203.0.113.78',
      payload: { email: 'another@example.com', password: 'guess-123456' },
    });
    expect(otherAddress.statusCode).toBe(401);
  });

  it('a successful login clears the account counter', async () => {
    const owner = await signUpCompany(app);
    for (let attempt = 0; attempt < 4; attempt++) await logIn(app, { email: owner.email, password: `wrong-${attempt}-yy` });
    expect((await logIn(app, { email: owner.email, password: PASSWORD })).statusCode).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect((await logIn(app, { email: owner.email, password: `wrong-${attempt}-zz` })).statusCode).toBe(401);
    }
  });
});

describe('logout (spec §7)', () => {
  it('revokes the token on the server', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/logout', headers });
    expect(out.json()).toEqual({ status: 1, message: 'You are logged out.' });
    const after = await app.inject({ method: 'GET', url: '/api/me', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Your session has ended. Please log in again.');
  });

  it('records when a session was last used, off the request path (written by the next flush)', async () => {
    const owner = await signUpCompany(app);
    await app.deps.db.pool.query(`update sessions set last_used_at = now() - interval '2 hours'`);
    await app.inject({ method: 'GET', url: '/api/me', headers: bearer(owner.session.token) });
    await app.deps.sessionTouches.flush();
    const { rows } = await app.deps.db.pool.query(
      `select extract(epoch from now() - last_used_at)::int as age from sessions where user_id = $1`,
      [owner.session.user._id],
    );
    expect(rows[0].age).toBeLessThan(60);
  });

  it('an expired session answers 401', async () => {
    const owner = await signUpCompany(app);
    await app.deps.db.pool.query(`update sessions set expires_at = now() - interval '1 second' where user_id = $1`, [owner.session.user._id]);
    const response = await app.inject({ method: 'GET', url: '/api/me', headers: bearer(owner.session.token) });
    expect(response.statusCode).toBe(401);
  });

  it('needs a session', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 0, message: 'Please log in to continue.' });
  });

  it('ignores cookies: only the Authorization header authenticates', async () => {
    const owner = await signUpCompany(app);
    const response = await app.inject({ method: 'GET', url: '/api/me', cookies: { token: owner.session.token } });
    expect(response.statusCode).toBe(401);
  });
});

describe('login on the wrong page names the right one, only after the password is verified', () => {
  // Each case from its own address, so the per-address limit of the cases above does not interfere.
  let hintAddress = 0;
  const logIn = (server: typeof app, payload: Record<string, unknown>) =>
    server.inject({ method: 'POST', url: '/api/login', payload, remoteAddress: `203.0.113.${++hintAddress}` });

  it('a client at the root /login is told their studio’s client login page', async () => {
    const owner = await signUpCompany(app, { companyName: 'Studio Hint' });
    const client = await signUpClient(app, owner.slug);
    const response = await logIn(app, { email: client.email, password: PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      status: 0,
      message: `This is the team login. Clients of Studio Hint log in at /${owner.slug}/client/login.`,
      errors: { loginPath: `/${owner.slug}/client/login` },
    });
  });

  it('a solo instructor’s client at the root /login is sent to the solo client login', async () => {
    const solo = await signUpCompany(app, { kind: 'solo', companyName: 'Jo Moves' });
    const client = await signUpClient(app, solo.slug, { roleId: 'solo-client' });
    const response = await logIn(app, { email: client.email, password: PASSWORD });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(
      `This is the team login. Clients of Jo Moves log in at /${solo.slug}/solo-client/client/app/login.`,
    );
    expect(response.json().errors.loginPath).toBe(`/${solo.slug}/solo-client/client/app/login`);
  });

  it('an admin at the client login page is told the team login page', async () => {
    const owner = await signUpCompany(app, { companyName: 'Studio Team' });
    const response = await logIn(app, {
      email: owner.email,
      password: PASSWORD,
      roleId: 'client',
      companyId: owner.session.company.id,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(
      `This is the client login. The Studio Team team logs in at /${owner.slug}/admin/login.`,
    );
    expect(response.json().errors).toEqual({ loginPath: `/${owner.slug}/admin/login` });
  });

  it('a wrong password for an account of the other kind says only "incorrect"', async () => {
    const owner = await signUpCompany(app, { companyName: 'Studio Quiet' });
    const client = await signUpClient(app, owner.slug);
    const atRoot = await logIn(app, { email: client.email, password: 'not-the-password-1' });
    expect(atRoot.statusCode).toBe(401);
    expect(atRoot.json()).toEqual({ status: 0, message: 'The email or password is incorrect.' });
    const atClientPage = await logIn(app, {
      email: owner.email,
      password: 'not-the-password-1',
      roleId: 'client',
      companyId: owner.session.company.id,
    });
    expect(atClientPage.json()).toEqual({ status: 0, message: 'The email or password is incorrect.' });
  });

  it('on a company page, an account of another kind in another company is not named', async () => {
    const first = await signUpCompany(app);
    const second = await signUpCompany(app);
    const client = await signUpClient(app, first.slug);
    const response = await logIn(app, {
      email: client.email,
      password: PASSWORD,
      roleId: 'admin',
      companyId: second.session.company.id,
    });
    expect(response.json()).toEqual({ status: 0, message: 'The email or password is incorrect.' });
  });

  it('a hint is still a failed attempt: it counts towards the account limit', async () => {
    const owner = await signUpCompany(app);
    const client = await signUpClient(app, owner.slug);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await logIn(app, { email: client.email, password: PASSWORD })).statusCode).toBe(401);
    }
    expect((await logIn(app, { email: client.email, password: PASSWORD })).statusCode).toBe(429);
  });
});
