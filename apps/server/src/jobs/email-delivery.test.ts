import { afterAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../db/embedded.ts';
import { createTestApp } from '../test/harness.ts';
import { startMailCatcher } from '../test/mail-catcher.ts';
import { signUpCompany } from '../test/factories.ts';

describe('email outbox delivered by the job worker', () => {
  it('loses nothing while the SMTP server is down and delivers once it is back', async () => {
    const port = await findFreePort();
    const { app, db } = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const owner = await signUpCompany(app);
    const response = await app.inject({ method: 'POST', url: '/api/resetPasswordMail', payload: { email: owner.email } });
    expect(response.statusCode).toBe(200);

    // Nothing listens yet: the worker records a failed attempt and keeps the email pending.
    let row: { status: string; attempts: number; last_error: string | null } | undefined;
    for (let waited = 0; waited < 10_000 && !(row && row.attempts > 0); waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const result = await db.pool.query<NonNullable<typeof row>>('select status, attempts, last_error from email_outbox');
      row = result.rows[0];
    }
    expect(row?.status).toBe('pending');
    expect(row?.last_error).toMatch(/ECONNREFUSED/);

    const mail = await startMailCatcher(undefined, port);
    afterAll(() => mail.stop());
    for (let waited = 0; waited < 20_000 && mail.mailTo(owner.email).length === 0; waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(mail.mailTo(owner.email)).toHaveLength(1);
    const { rows } = await db.pool.query('select status, sent_at from email_outbox');
    expect(rows[0].status).toBe('sent');
    expect(rows[0].sent_at).toBeInstanceOf(Date);
  }, 40_000);
});
