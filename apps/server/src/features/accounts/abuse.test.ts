import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, logIn, PASSWORD, signUpCompany } from '../../test/factories.ts';
import { addressKey } from '../../plugins/rate-limit.ts';

const { app, db } = await createTestApp();

async function resetToken(email: string): Promise<string> {
  // Tokens are stored hashed; a test that needs one makes its own through the service's table.
  const { createHash, randomBytes } = await import('node:crypto');
  const token = randomBytes(32).toString('base64url');
  await db.pool.query(
    `insert into password_reset_tokens (id, token_hash, company_id, user_id, expires_at)
     select substr(md5(random()::text), 1, 24), $1, company_id, id, now() + interval '1 hour' from users where email = $2`,
    [createHash('sha256').update(token).digest('hex'), email],
  );
  return token;
}

describe('login abuse', () => {
  it('parallel wrong passwords cannot get past the per-account limit', async () => {
    const owner = await signUpCompany(app);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, attempt) =>
        app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: `192.0.2.${attempt + 1}`,
          payload: { email: owner.email, password: `parallel-guess-${attempt}` },
        }),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(7);
  });

  it('ignores X-Forwarded-For unless the proxy is configured', async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      await app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '192.0.2.200',
        headers: { 'x-forwarded-for': `10.9.${attempt}.1` },
        payload: { email: `rotating-${attempt}@example.com`, password: 'guess-123456' },
      });
    }
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '192.0.2.200',
      headers: { 'x-forwarded-for': '10.9.99.1' },
      payload: { email: 'rotating-last@example.com', password: 'guess-123456' },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('counts IPv6 clients per /64', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
  });

  it('a password reset lifts the account lockout the message points to', async () => {
    const owner = await signUpCompany(app);
    for (let attempt = 0; attempt < 6; attempt++) await logIn(app, { email: owner.email, password: `bad-${attempt}-xxxx` });
    expect((await logIn(app, { email: owner.email, password: PASSWORD })).statusCode).toBe(429);
    const token = await resetToken(owner.email);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/resetpassword',
      payload: { token, password: 'after-lockout-1', confirmPassword: 'after-lockout-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await logIn(app, { email: owner.email, password: 'after-lockout-1' })).statusCode).toBe(200);
  });
});

describe('reset links', () => {
  it('two simultaneous uses of one link: exactly one succeeds', async () => {
    const owner = await signUpCompany(app);
    const token = await resetToken(owner.email);
    const responses = await Promise.all(
      ['first-choice-11', 'second-choice-22', 'third-choice-33'].map((password) =>
        app.inject({ method: 'POST', url: '/api/resetpassword', payload: { token, password, confirmPassword: password } }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('a reset spends every other open link of the account', async () => {
    const owner = await signUpCompany(app);
    const older = await resetToken(owner.email);
    const newer = await resetToken(owner.email);
    await app.inject({
      method: 'POST',
      url: '/api/resetpassword',
      payload: { token: newer, password: 'newest-pass-44', confirmPassword: 'newest-pass-44' },
    });
    const stale = await app.inject({ method: 'POST', url: '/api/passwordTokenValidate', payload: { token: older } });
    expect(stale.statusCode).toBe(400);
  });

  it('limits reset requests per client address', async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/resetPasswordMail',
        remoteAddress: '192.0.2.150',
        payload: { email: `someone-${attempt}@example.com` },
      });
      expect(response.statusCode).toBe(200);
    }
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/resetPasswordMail',
      remoteAddress: '192.0.2.150',
      payload: { email: 'one-more@example.com' },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/from your network/);
  });

  it('limits guesses of the current password when changing it', async () => {
    const owner = await signUpCompany(app);
    const payload = {
      userId: owner.session.user._id,
      companyId: owner.session.company.id,
      password: 'wanted-pass-55',
      confirmPassword: 'wanted-pass-55',
    };
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/authResetpassword',
        headers: bearer(owner.session.token),
        payload: { ...payload, currentPassword: `guess-${attempt}-yyyy` },
      });
      expect(response.statusCode).toBe(400);
    }
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/authResetpassword',
      headers: bearer(owner.session.token),
      payload: { ...payload, currentPassword: PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
  });
});

describe('input the database cannot store', () => {
  it('a NUL character anywhere in a body answers 400, not 500', async () => {
    const cases = [
      { url: '/api/checkCompany', payload: { company: 'a\u0000b', roleId: 'admin' } },
      { url: '/api/signup/company', payload: { kind: 'company', companyName: 'Nul\u0000 Studio', slug: 'nul-studio', name: 'N', email: 'n@example.com', password: PASSWORD, timeZone: 'UTC' } },
    ];
    for (const { url, payload } of cases) {
      const response = await app.inject({ method: 'POST', url, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 0, message: 'Text cannot contain the NUL character or other invalid characters.' });
    }
  });

  it('a malformed multipart upload answers 400', async () => {
    const owner = await signUpCompany(app);
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=nothing-matches']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...bearer(owner.session.token), 'content-type': contentType },
        payload: 'this is not multipart at all',
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json().status).toBe(0);
    }
  });
});
