import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, PASSWORD, signUpClient, signUpCompany } from '../../test/factories.ts';

/** Changing one's email (Account details): the password, then the link sent to the new address. */
const { app, db } = await createTestApp();
type Headers = Record<string, string>;
const change = (headers: Headers, payload: object) => app.inject({ method: 'PUT', url: '/api/me/email', headers, payload });
const confirm = (token: string) => app.inject({ method: 'POST', url: '/api/email-confirmations', payload: { token } });
const mail = async (to: string) =>
  (await db.pool.query<{ subject: string; text: string }>('select subject, text from email_outbox where "to" = $1 order by created_at', [to])).rows;
const tokenIn = (text: string) => /\/confirm-email\/([\w-]+)/.exec(text)?.[1] ?? '';

describe('change my email', () => {
  it('keeps the old address until the link sent to the new one is opened; the link works once', async () => {
    const owner = await signUpCompany(app);
    const client = await signUpClient(app, owner.slug);
    const headers = bearer(client.session.token);
    const next = `new-${client.email}`;
    const asked = await change(headers, { email: next.toUpperCase(), password: PASSWORD });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(`We sent a link to ${next}. Your email changes when you open it; until then, keep using ${client.email}.`);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers })).json().data.user.email).toBe(client.email);
    expect((await app.inject({ method: 'GET', url: '/api/me/email', headers })).json().data).toMatchObject({ email: client.email, pendingEmail: next });
    const [toNew] = await mail(next);
    const [toOld] = await mail(client.email);
    expect(toOld?.subject).toMatch(/email is being changed$/);
    const token = tokenIn(toNew?.text ?? '');
    expect(token.length).toBeGreaterThan(20);

    const opened = await confirm(token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ message: `Your email is now ${next}.`, data: { email: next, loginPath: `/${owner.slug}/client/login` } });
    expect((await app.inject({ method: 'GET', url: '/api/me', headers })).json().data.user.email).toBe(next);
    // Logs in with the new address.
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: next, password: PASSWORD, companyId: owner.session.company.id, roleId: 'client' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect((await confirm(token)).statusCode).toBe(400);
  });

  it('refuses a wrong password, the same address and one another account uses; bad input 400, no session 401', async () => {
    const owner = await signUpCompany(app);
    const one = await signUpClient(app, owner.slug);
    const other = await signUpClient(app, owner.slug);
    const headers = bearer(one.session.token);
    expect((await change(headers, { email: 'fresh@example.com', password: 'wrong-password' })).json().errors).toEqual({ password: 'The password is incorrect.' });
    expect((await change(headers, { email: one.email, password: PASSWORD })).json().errors).toEqual({ email: 'That is already your email.' });
    const taken = await change(headers, { email: other.email, password: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: 'Another account here already uses this email.' });
    expect((await change(headers, { email: 'not-an-email', password: PASSWORD })).statusCode).toBe(400);
    expect((await app.inject({ method: 'PUT', url: '/api/me/email', payload: { email: 'a@b.co', password: 'x' } })).statusCode).toBe(401);
    expect((await confirm('x'.repeat(43))).json().message).toBe('This link has expired or was already used. Ask for a new one on your account page.');
  });
});
