import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, PASSWORD, signUpClient, signUpCompany } from '../../test/factories.ts';

/** Changing one's email (Account details): the password, then the link sent to the new address. */
const { app, db } = await createTestApp();
type Headers = Record<string, string>;
const change = (headers: Headers, payload: object) => app.inject({ method: 'PUT', url: '/api/me/email', headers, payload });
const confirm = (token: string) => app.inject({ method: 'POST', url: '/api/email-confirmations', payload: { token } });
const mail = async (to: string) =>
  (await db.pool.query<{ subject: string; text: string }>(`select subject, text from email_outbox where "to" = $1 and subject not like 'Welcome to %' order by created_at`, [to])).rows;
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

  it('cancels a waiting change: the link stops working and the email stays; nothing waiting is fine too; no session 401', async () => {
    const owner = await signUpCompany(app);
    const client = await signUpClient(app, owner.slug);
    const headers = bearer(client.session.token);
    const next = `cancel-${client.email}`;
    expect((await change(headers, { email: next, password: PASSWORD })).statusCode).toBe(200);
    const token = tokenIn((await mail(next))[0]?.text ?? '');

    expect((await app.inject({ method: 'DELETE', url: '/api/me/email' })).statusCode).toBe(401);
    const cancelled = await app.inject({ method: 'DELETE', url: '/api/me/email', headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: `The change to ${next} is cancelled. Your email stays ${client.email}.`,
      data: { email: client.email, pendingEmail: null, pendingUntil: null },
    });
    expect((await app.inject({ method: 'GET', url: '/api/me/email', headers })).json().data.pendingEmail).toBeNull();
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers })).json().data.user.email).toBe(client.email);

    const again = await app.inject({ method: 'DELETE', url: '/api/me/email', headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(`No change of email was waiting. Your email is ${client.email}.`);
  });

  it('sends the link again once a minute at most; the new link works and the earlier one does not', async () => {
    const owner = await signUpCompany(app);
    const client = await signUpClient(app, owner.slug);
    const headers = bearer(client.session.token);
    const resend = (h?: Headers) => app.inject({ method: 'POST', url: '/api/me/email/resend', ...(h ? { headers: h } : {}), payload: {} });

    expect((await resend()).statusCode).toBe(401);
    const nothing = await resend(headers);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ status: 0, message: 'No new email is waiting for its link. Change your email to send one.' });

    const next = `resend-${client.email}`;
    expect((await change(headers, { email: next, password: PASSWORD })).statusCode).toBe(200);
    const soon = await resend(headers);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toMatch(/less than a minute ago/);
    expect(await mail(next)).toHaveLength(1);

    // Two minutes later (the link's clock moved back, as if it had been sent then).
    await db.pool.query(`update users set pending_email_expires_at = pending_email_expires_at - interval '2 minutes' where id = $1`, [client.session.user._id]);
    const sent = await resend(headers);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ message: `We sent a new link to ${next}. The earlier link no longer works.`, data: { email: client.email, pendingEmail: next } });
    const [first, second] = await mail(next);
    expect(second?.subject).toMatch(/^Confirm your new email/);
    // The old address is told once, when the change was asked, not again.
    expect((await mail(client.email)).filter((email) => /being changed/.test(email.subject))).toHaveLength(1);

    expect((await confirm(tokenIn(first?.text ?? ''))).statusCode).toBe(400);
    const opened = await confirm(tokenIn(second?.text ?? ''));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.email).toBe(next);
  });
});
