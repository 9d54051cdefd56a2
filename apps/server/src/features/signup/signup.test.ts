import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { PASSWORD, signUpClient, signUpCompany } from '../../test/factories.ts';

const { app } = await createTestApp();

const companyPayload = (overrides: Record<string, unknown> = {}) => ({
  kind: 'company',
  companyName: 'Peach Pilates',
  slug: `peach-${Date.now().toString(36)}`,
  name: 'Pat Peach',
  email: `pat-${Date.now()}@example.com`,
  password: PASSWORD,
  timeZone: 'America/New_York',
  ...overrides,
});

describe('company sign-up', () => {
  it('creates the company and its admin, logged in, with the whole onboarding ahead', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/signup/company', payload: companyPayload() });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Welcome to Kinetic, Pat Peach.');
    expect(body.data.roleId).toBe('admin');
    expect(body.data.company.kind).toBe('company');
    expect(body.data.onBoardingData[0]).toBe('companyDetails');
  });

  it('a solo sign-up creates a solo company with its instructor', async () => {
    const solo = await signUpCompany(app, { kind: 'solo' });
    expect(solo.session.company.kind).toBe('solo');
    expect(solo.session.roleId).toBe('solo-instructor');
    expect(solo.session.onBoardingData).not.toContain('studios');
  });

  it('refuses reserved words and malformed addresses with a message on the slug', async () => {
    for (const slug of ['app', 'login', 'api', 'widget']) {
      const response = await app.inject({ method: 'POST', url: '/api/signup/company', payload: companyPayload({ slug }) });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.slug).toBe('This address is reserved; choose another');
    }
    const malformed = await app.inject({ method: 'POST', url: '/api/signup/company', payload: companyPayload({ slug: 'Bad Slug!' }) });
    expect(malformed.json().errors.slug).toMatch(/lowercase letters/);
  });

  it('refuses a taken address with 409 and keeps the first company', async () => {
    const first = await signUpCompany(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/signup/company',
      payload: companyPayload({ slug: first.slug, companyName: 'Copycat' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'This address is taken; choose another.', errors: { slug: 'This address is taken; choose another.' } });
    const check = await app.inject({ method: 'POST', url: '/api/checkCompany', payload: { company: first.slug, roleId: 'admin' } });
    expect(check.json().data.companyId).toBe(first.session.company.id);
  });

  it('only one of two simultaneous sign-ups for one address wins', async () => {
    const slug = `race-${Date.now().toString(36)}`;
    const responses = await Promise.all(
      [1, 2, 3].map((n) =>
        app.inject({ method: 'POST', url: '/api/signup/company', payload: companyPayload({ slug, email: `r${n}-${slug}@example.com` }) }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('names every invalid field: weak password, bad email, unknown time zone', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/signup/company',
      payload: companyPayload({ password: 'password', email: 'nope', timeZone: 'Mars/Olympus' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      password: 'Use at least 10 characters, mixing letters with numbers or symbols.',
      email: 'Enter a valid email address',
      timeZone: 'Choose a valid time zone',
    });
  });
});

describe('client sign-up', () => {
  it("joins the company from its client pages, formatted phone kept", async () => {
    const owner = await signUpCompany(app);
    const client = await signUpClient(app, owner.slug);
    expect(client.session.roleId).toBe('client');
    expect(client.session.hostType).toBe('company');
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${client.session.token}` } });
    expect(me.json().data.user.phone).toBe('(404) 555-1234');
    expect(me.json().data.can.manageSettings).toBe(false);
  });

  it('refuses an email that already has a client account there', async () => {
    const owner = await signUpCompany(app);
    const client = await signUpClient(app, owner.slug);
    const again = await app.inject({
      method: 'POST',
      url: '/api/signup/client',
      payload: { company: owner.slug, roleId: 'client', name: 'Again', email: client.email, phone: '', password: PASSWORD },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.email).toMatch(/already has an account here/);
  });

  it('refuses a solo-client sign-up on a company, and a badly formatted phone', async () => {
    const owner = await signUpCompany(app);
    const wrongKind = await app.inject({
      method: 'POST',
      url: '/api/signup/client',
      payload: { company: owner.slug, roleId: 'solo-client', name: 'X', email: 'x@example.com', phone: '', password: PASSWORD },
    });
    expect(wrongKind.statusCode).toBe(404);
    const badPhone = await app.inject({
      method: 'POST',
      url: '/api/signup/client',
      payload: { company: owner.slug, roleId: 'client', name: 'X', email: 'x@example.com', phone: '12345', password: PASSWORD },
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().errors.phone).toBe('Enter a 10-digit phone number');
  });
});
