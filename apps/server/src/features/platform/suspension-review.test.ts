import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECK_IN_CODE_LENGTH, COMPANY_UNAVAILABLE_MESSAGE } from '@kinetic/shared';
import { withPlatform } from '../../db/client.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';
import { createTestApp } from '../../test/harness.ts';
import { startMailCatcher } from '../../test/mail-catcher.ts';
import { offerSignature } from '../bookings/offer-links.ts';
import { ensurePlatformAdmin } from '../demo/platform-admin.ts';

/**
 * Review of suspension (issue 18 §2): every way in that needs no session must stop too — calendar feeds,
 * password reset links, the door's check-in pass, waitlist offer links, the widget's studio.
 */
const mail = await startMailCatcher();
afterAll(() => mail.stop());
const { app, db } = await createTestApp({ smtpUrl: mail.url });
const PLATFORM_EMAIL = 'review@platform.example.com';
const PLATFORM_PASSWORD = 'a-long-platform-password-2';
await ensurePlatformAdmin(db.db, PLATFORM_EMAIL, PLATFORM_PASSWORD);

async function suspend(companyId: string) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: PLATFORM_EMAIL, password: PLATFORM_PASSWORD },
    remoteAddress: '203.0.113.90',
  });
  expect(login.statusCode, login.body).toBe(200);
  const response = await app.inject({
    method: 'POST',
    url: `/api/platform/companies/${companyId}/suspend`,
    headers: bearer(login.json().data.token as string),
    payload: { reason: 'Review' },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function resetTokenFor(address: string): Promise<string> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    const message = mail.mailTo(address).find((caught) => caught.subject.includes('Reset'));
    const token = message && /\/resetPassword\/([\w-]+)/.exec(message.body)?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset email reached ${address}`);
}

const resetTokensOf = async (companyId: string) =>
  (
    await withPlatform(db.db, (tx) =>
      tx.execute<{ n: number }>(
        sql`select count(*)::int as n from password_reset_tokens where company_id = ${companyId}`,
      ),
    )
  ).rows[0]?.n;

describe('a suspended company, without a session', () => {
  it('serves no calendar feed, no reset link, no door pass, no offer link and no widget studio', async () => {
    const owner = await signUpCompany(app);
    const companyId = owner.session.company.id as string;
    const client = await signUpClient(app, owner.slug);
    const made = await app.inject({
      method: 'POST',
      url: '/api/my/calendar-feed',
      headers: bearer(client.session.token),
    });
    expect(made.statusCode, made.body).toBe(200);
    const feedPath = new URL(made.json().data.url as string).pathname;
    expect(
      (await app.inject({ method: 'GET', url: feedPath, remoteAddress: '203.0.113.7' })).statusCode,
    ).toBe(200);

    const asked = await app.inject({
      method: 'POST',
      url: '/api/resetPasswordMail',
      payload: { email: owner.email },
    });
    expect(asked.statusCode).toBe(200);
    const token = await resetTokenFor(owner.email);

    await suspend(companyId);

    const feed = await app.inject({ method: 'GET', url: feedPath, remoteAddress: '203.0.113.7' });
    expect(feed.statusCode).toBe(404);
    expect(feed.body).not.toContain('BEGIN:VCALENDAR');

    const validate = await app.inject({
      method: 'POST',
      url: '/api/passwordTokenValidate',
      payload: { token },
    });
    expect(validate.statusCode).toBe(403);
    expect(validate.json().message).toBe(COMPANY_UNAVAILABLE_MESSAGE);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/resetpassword',
      payload: {
        token,
        password: 'a-new-password-for-review-9',
        confirmPassword: 'a-new-password-for-review-9',
      },
    });
    expect(reset.statusCode).toBe(403);
    const before = await resetTokensOf(companyId);
    await app.inject({ method: 'POST', url: '/api/resetPasswordMail', payload: { email: owner.email } });
    expect(await resetTokensOf(companyId)).toBe(before);

    const pass = await app.inject({
      method: 'POST',
      url: `/api/public/${owner.slug}/check-in/pass`,
      payload: {
        fitnessSessionId: 'abcdefabcdefabcdefabcdef',
        classInstanceId: 'abcdefabcdefabcdefabcdef',
        code: 'a'.repeat(CHECK_IN_CODE_LENGTH),
        step: 1,
      },
    });
    expect(pass.statusCode, pass.body).toBe(403);
    expect(pass.json().message).toBe(COMPANY_UNAVAILABLE_MESSAGE);

    const bookingId = 'abcdefabcdefabcdefabcdef';
    const expires = new Date(Date.now() + 3_600_000);
    const offer = await app.inject({
      method: 'POST',
      url: `/api/public/${owner.slug}/offers/${bookingId}/accept?exp=${expires.getTime()}&sig=${offerSignature(companyId, bookingId, expires)}`,
    });
    expect(offer.statusCode, offer.body).toBe(403);
    expect(offer.json().message).toBe(COMPANY_UNAVAILABLE_MESSAGE);

    const widget = await app.inject({
      method: 'GET',
      url: `/api/public/${owner.slug}/studios/abcdefabcdefabcdefabcdef`,
    });
    expect(widget.statusCode, widget.body).toBe(403);
  });
});
