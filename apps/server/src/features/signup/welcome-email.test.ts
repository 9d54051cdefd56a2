import { afterAll, describe, expect, it } from 'vitest';
import { EMAIL_TRIGGER_INFO } from '@kinetic/shared';
import { createTestApp } from '../../test/harness.ts';
import { startMailCatcher, type CaughtMail } from '../../test/mail-catcher.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';

/**
 * The "Welcome" email (issue 16): a client who creates an account (the sign-up page, an event's account
 * step and the check-in screen all call POST /api/signup/client) is welcomed; a client the team adds at
 * the desk, who has no password, is not. Real database, outbox, worker and SMTP server.
 */
const mail = await startMailCatcher();
afterAll(() => mail.stop());
const { app, db } = await createTestApp({ smtpUrl: mail.url, config: { PUBLIC_URL: 'http://kinetic.test' } });

async function welcomesTo(address: string, wait = true): Promise<CaughtMail[]> {
  const matching = () => mail.mailTo(address).filter((message) => message.subject.startsWith('Welcome to '));
  for (let waited = 0; wait && waited < 30_000 && matching().length === 0; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return matching();
}

const queued = async (address: string) =>
  (
    await db.pool.query<{ n: number }>(
      `select count(*)::int as n from email_outbox where "to" = $1 and subject like 'Welcome to %'`,
      [address],
    )
  ).rows[0]?.n;

describe('welcome email', () => {
  it('a client who signs up is welcomed by name, with a link to their client area', async () => {
    const owner = await signUpCompany(app, { companyName: 'Northside Yoga' });
    const client = await signUpClient(app, owner.slug);
    const [welcome] = await welcomesTo(client.email);
    expect(welcome?.to).toEqual([client.email]);
    expect(welcome?.subject).toBe('Welcome to Northside Yoga');
    expect(welcome?.from).toContain('Northside Yoga');
    expect(welcome?.body).toContain('Hi Chris,');
    expect(welcome?.body).toContain('Welcome to Northside Yoga! Your account is ready');
    expect(welcome?.body).toContain(`http://kinetic.test/${owner.slug}/client/client/app`);
    expect(await queued(client.email)).toBe(1);
  });

  it('a solo instructor’s client gets the solo client area’s link', async () => {
    const owner = await signUpCompany(app, { kind: 'solo' });
    const client = await signUpClient(app, owner.slug, { roleId: 'solo-client' });
    const [welcome] = await welcomesTo(client.email);
    expect(welcome?.body).toContain(`http://kinetic.test/${owner.slug}/solo-client/client/app`);
  });

  it('the studio switched it off: no welcome; a client added at the desk gets none either', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const off = await app.inject({
      method: 'PUT',
      url: '/api/settings/email/templates/welcome',
      headers,
      payload: {
        enabled: false,
        subject: EMAIL_TRIGGER_INFO.welcome.subject,
        body: EMAIL_TRIGGER_INFO.welcome.body,
      },
    });
    expect(off.statusCode, off.body).toBe(200);
    const client = await signUpClient(app, owner.slug);
    expect(await queued(client.email)).toBe(0);

    const on = await app.inject({
      method: 'PUT',
      url: '/api/settings/email/templates/welcome',
      headers,
      payload: {
        enabled: true,
        subject: EMAIL_TRIGGER_INFO.welcome.subject,
        body: EMAIL_TRIGGER_INFO.welcome.body,
      },
    });
    expect(on.statusCode).toBe(200);
    const desk = await app.inject({
      method: 'POST',
      url: '/api/clients',
      headers,
      payload: { name: 'Desk Client', email: `desk-${owner.slug}@example.com`, phone: '' },
    });
    expect(desk.statusCode, desk.body).toBe(200);
    expect(await queued(`desk-${owner.slug}@example.com`)).toBe(0);
  });
});

describe('a name that is a web address', () => {
  it('is refused at sign-up (400 naming the field), so no welcome email carries someone else’s link', async () => {
    const owner = await signUpCompany(app);
    const email = `phish-${Date.now()}@example.com`;
    const answer = await app.inject({
      method: 'POST',
      url: '/api/signup/client',
      remoteAddress: '203.0.113.77',
      payload: {
        company: owner.slug,
        roleId: 'client',
        name: 'https://phish.example/login',
        email,
        phone: '(404) 555-1234',
        password: 'a-long-password-1',
      },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors.name).toBe('Enter a name, not a web address');
    expect(await queued(email)).toBe(0);
  });
});
