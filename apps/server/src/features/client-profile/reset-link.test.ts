import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { startMailCatcher, type CaughtMail } from '../../test/mail-catcher.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';
import { signInTeamMember } from '../../test/team.ts';

const mail = await startMailCatcher();
afterAll(() => mail.stop());
const { app, db } = await createTestApp({ smtpUrl: mail.url });

async function waitForMail(address: string): Promise<CaughtMail> {
  for (let waited = 0; waited < 15_000; waited += 100) {
    // A client's sign-up welcome is not what these tests wait for.
    const [message] = mail.mailTo(address).filter((sent) => !sent.subject.startsWith('Welcome to '));
    if (message) return message;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No email reached ${address}`);
}

const send = (clientId: string, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: `/api/clients/${clientId}/reset-link`, headers, payload: {} });

describe('POST /api/clients/{clientId}/reset-link', () => {
  it("emails the client the normal reset link of their client login, usable on the studio's client page", async () => {
    const owner = await signUpCompany(app);
    const client = await signUpClient(app, owner.slug);
    // Sending it is managing a client (issue 15 §2): the front desk may, an instructor by default may not.
    const instructor = await signInTeamMember(app, db.db, owner.session.company.id, 'instructor');
    const refused = await send(client.session.user._id, instructor.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      status: 0,
      message: expect.stringMatching(/Ask the business owner/),
    });
    const staff = await signInTeamMember(app, db.db, owner.session.company.id, 'staff');
    const response = await send(client.session.user._id, staff.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.message).toBe(
      `We emailed Chris Client (${client.email}) a link to choose a new password. It works for one hour.`,
    );
    const message = await waitForMail(client.email);
    expect(message.subject).toContain('Reset your');
    const token = new RegExp(`/${owner.slug}/client/resetPassword/([\\w-]+)`).exec(message.body)?.[1];
    expect(token).toBeTruthy();
    const reset = await app.inject({
      method: 'POST',
      url: '/api/resetpassword',
      payload: { token, password: 'brand-new-pass-7', confirmPassword: 'brand-new-pass-7' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: {
        email: client.email,
        password: 'brand-new-pass-7',
        roleId: 'client',
        companyId: owner.session.company.id,
      },
    });
    expect(login.statusCode).toBe(200);
  });

  it('is rate-limited per client: the fourth link in an hour is refused with a sentence', async () => {
    const owner = await signUpCompany(app);
    const client = await signUpClient(app, owner.slug);
    const headers = bearer(owner.session.token);
    for (let i = 0; i < 3; i++) expect((await send(client.session.user._id, headers)).statusCode).toBe(200);
    const fourth = await send(client.session.user._id, headers);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(
      'Chris Client was already sent 3 reset links this hour. Ask them to check their inbox, or try again later.',
    );
  });

  it("answers 404 for another company's client, 400 for a malformed id and 403 for a client", async () => {
    const owner = await signUpCompany(app);
    const other = await signUpCompany(app);
    const stranger = await signUpClient(app, other.slug);
    const mine = await signUpClient(app, owner.slug);
    const across = await send(stranger.session.user._id, bearer(owner.session.token));
    expect(across.statusCode).toBe(404);
    expect(across.json().message).toBe('We could not find that client.');
    const bad = await send('nope', bearer(owner.session.token));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('clientId');
    expect((await send(mine.session.user._id, bearer(mine.session.token))).statusCode).toBe(403);
    expect(
      mail.mailTo(stranger.email).filter((sent) => !sent.subject.startsWith('Welcome to ')),
    ).toHaveLength(0);
  });
});
