import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';

/** PUT /api/me: a person changes their own name and phone (client Account details, team My account). */
const { app } = await createTestApp();
const me = async (headers: Record<string, string>) => (await app.inject({ method: 'GET', url: '/api/me', headers })).json().data.user;
const put = (headers: Record<string, string>, payload: object) => app.inject({ method: 'PUT', url: '/api/me', headers, payload });

describe('my name and phone', () => {
  it('a client changes both; /me answers them; an empty phone is "not given"', async () => {
    const owner = await signUpCompany(app);
    const client = await signUpClient(app, owner.slug);
    const headers = bearer(client.session.token);
    const saved = await put(headers, { name: '  Cleo Client-Smith ', phone: '(404) 555-0199' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Your details are saved.');
    expect(await me(headers)).toMatchObject({ name: 'Cleo Client-Smith', phone: '(404) 555-0199' });
    await put(headers, { name: 'Cleo', phone: '' });
    expect(await me(headers)).toMatchObject({ name: 'Cleo', phone: null });
    // The owner's own record is untouched.
    expect((await me(bearer(owner.session.token))).name).not.toBe('Cleo');
  });

  it('names bad fields (400) and keeps what was saved; without a session, 401', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const before = await me(headers);
    const bad = await put(headers, { name: 'x', phone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ name: 'Enter your name', phone: 'Enter a 10-digit phone number' });
    expect(await me(headers)).toEqual(before);
    expect((await app.inject({ method: 'PUT', url: '/api/me', payload: { name: 'Someone', phone: '' } })).statusCode).toBe(401);
  });
});
