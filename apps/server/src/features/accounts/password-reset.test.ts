import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { startMailCatcher, type CaughtMail } from '../../test/mail-catcher.ts';
import { bearer, logIn, PASSWORD, signUpClient, signUpCompany } from '../../test/factories.ts';

const mail = await startMailCatcher();
afterAll(() => mail.stop());
const { app, db } = await createTestApp({ smtpUrl: mail.url });

async function waitForMail(address: string, count = 1): Promise<CaughtMail[]> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    // A client's sign-up welcome is not what these tests wait for.
    const messages = mail.mailTo(address).filter((message) => !message.subject.startsWith('Welcome to '));
    if (messages.length >= count) return messages;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No email reached ${address}`);
}

const tokenIn = (message: CaughtMail) => /\/resetPassword\/([\w-]+)/.exec(message.body)?.[1];

describe('password reset by email (spec §7)', () => {
  it('emails a one-hour link; the token validates, resets once, and the old password stops working', async () => {
    const owner = await signUpCompany(app);
    const request = await app.inject({ method: 'POST', url: '/api/resetPasswordMail', payload: { email: owner.email } });
    expect(request.statusCode).toBe(200);
    expect(request.json().message).toContain('If an account exists for');

    const [message] = await waitForMail(owner.email);
    expect(message?.subject).toContain('Reset your');
    expect(message?.body).toContain('http://localhost:3000/resetPassword/');
    const token = message && tokenIn(message);
    expect(token).toBeTruthy();

    const valid = await app.inject({ method: 'POST', url: '/api/passwordTokenValidate', payload: { token } });
    expect(valid.json()).toEqual({ status: 1, data: { email: owner.email, purpose: 'reset', companyName: expect.any(String) } });

    const reset = await app.inject({
      method: 'POST',
      url: '/api/resetpassword',
      payload: { token, password: 'brand-new-pass-7', confirmPassword: 'brand-new-pass-7' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Your password has been changed. Log in with the new one.');

    expect((await logIn(app, { email: owner.email, password: PASSWORD })).statusCode).toBe(401);
    expect((await logIn(app, { email: owner.email, password: 'brand-new-pass-7' })).statusCode).toBe(200);
    // Sessions from before the reset are ended.
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: bearer(owner.session.token) })).statusCode).toBe(401);

    const reused = await app.inject({
      method: 'POST',
      url: '/api/resetpassword',
      payload: { token, password: 'another-pass-8', confirmPassword: 'another-pass-8' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This reset link has expired or was already used. Ask for a new one.');
    const revalidate = await app.inject({ method: 'POST', url: '/api/passwordTokenValidate', payload: { token } });
    expect(revalidate.statusCode).toBe(400);
  });

  it('answers the same for an address with no account, and sends nothing', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/resetPasswordMail', payload: { email: 'ghost@example.com' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(
      'If an account exists for ghost@example.com, we have emailed it a link to reset the password. The link works for one hour.',
    );
    const { rows } = await db.pool.query(`select count(*)::int as n from email_outbox where "to" = 'ghost@example.com'`);
    expect(rows[0].n).toBe(0);
  });

  it('refuses an expired link', async () => {
    const owner = await signUpCompany(app);
    await app.inject({ method: 'POST', url: '/api/resetPasswordMail', payload: { email: owner.email } });
    const [message] = await waitForMail(owner.email);
    const token = message && tokenIn(message);
    await db.pool.query(`update password_reset_tokens set expires_at = now() - interval '1 second'`);
    const response = await app.inject({
      method: 'POST',
      url: '/api/resetpassword',
      payload: { token, password: 'brand-new-pass-7', confirmPassword: 'brand-new-pass-7' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/expired or was already used/);
  });

  it('a link asked for on a company role page returns to that page', async () => {
    const owner = await signUpCompany(app);
    const client = await signUpClient(app, owner.slug);
    await app.inject({
      method: 'POST',
      url: '/api/resetPasswordMail',
      payload: { email: client.email, companyId: owner.session.company.id, roleId: 'client' },
    });
    const [message] = await waitForMail(client.email);
    expect(message?.body).toContain(`/${owner.slug}/client/resetPassword/`);
    const token = message && tokenIn(message);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/resetpassword',
      payload: { token, password: 'client-new-pass-1', confirmPassword: 'client-new-pass-1' },
    });
    expect(reset.json().data).toEqual({ companySlug: owner.slug, roleId: 'client' });
  });

  it('names mismatched and weak passwords', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/resetpassword',
      payload: { token: 'x', password: 'short', confirmPassword: 'different' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      password: 'Use at least 10 characters, mixing letters with numbers or symbols.',
      confirmPassword: 'The passwords do not match',
    });
    const mismatch = await app.inject({
      method: 'POST',
      url: '/api/resetpassword',
      payload: { token: 'x', password: 'long-enough-1', confirmPassword: 'long-enough-2' },
    });
    expect(mismatch.json().errors).toEqual({ confirmPassword: 'The passwords do not match' });
  });

  it('limits reset emails per address with a 429', async () => {
    const owner = await signUpCompany(app);
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await app.inject({ method: 'POST', url: '/api/resetPasswordMail', payload: { email: owner.email } });
      expect(response.statusCode).toBe(200);
    }
    const blocked = await app.inject({ method: 'POST', url: '/api/resetPasswordMail', payload: { email: owner.email } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/already sent several reset emails/);
  });
});

describe('change password while logged in (authResetpassword)', () => {
  it('requires the current password and keeps only this session', async () => {
    const owner = await signUpCompany(app);
    const second = await logIn(app, { email: owner.email, password: PASSWORD, companyId: owner.session.company.id });
    const otherToken = second.json().data.token;
    const payload = {
      userId: owner.session.user._id,
      companyId: owner.session.company.id,
      password: 'changed-pass-99',
      confirmPassword: 'changed-pass-99',
    };
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/authResetpassword',
      headers: bearer(owner.session.token),
      payload: { ...payload, currentPassword: 'not-it-123' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'The current password is incorrect.' });

    const changed = await app.inject({
      method: 'POST',
      url: '/api/authResetpassword',
      headers: bearer(owner.session.token),
      payload: { ...payload, currentPassword: PASSWORD },
    });
    expect(changed.json()).toEqual({ status: 1, message: 'Your password has been changed.' });
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: bearer(owner.session.token) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: bearer(otherToken) })).statusCode).toBe(401);
    expect((await logIn(app, { email: owner.email, password: 'changed-pass-99' })).statusCode).toBe(200);
  });
});
