import { describe, expect, it } from 'vitest';
import { bearer, signUpCompany } from '../../test/factories.ts';
import { createTestApp } from '../../test/harness.ts';
import { ensurePlatformAdmin } from '../demo/platform-admin.ts';

/**
 * Review of support sessions (issue 18 §2): whatever a support login does must end with its support
 * session. An API key would not: it is no session, and it keeps working after the support session ends.
 */
const { app, db } = await createTestApp();
const PLATFORM_EMAIL = 'support-review@platform.example.com';
const PLATFORM_PASSWORD = 'a-long-platform-password-3';
await ensurePlatformAdmin(db.db, PLATFORM_EMAIL, PLATFORM_PASSWORD);

describe('a support login', () => {
  it('cannot create an API key that would outlive its support session', async () => {
    const owner = await signUpCompany(app);
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: PLATFORM_EMAIL, password: PLATFORM_PASSWORD },
      remoteAddress: '203.0.113.91',
    });
    const platform = bearer(login.json().data.token as string);
    const started = await app.inject({
      method: 'POST',
      url: `/api/platform/companies/${owner.session.company.id}/support-sessions`,
      headers: platform,
      payload: { reason: 'Customer asked for help', minutes: 30 },
    });
    expect(started.statusCode, started.body).toBe(200);
    const support = bearer(started.json().data.companySession.token as string);
    const supportSessionId = started.json().data.supportSession.id as string;

    const created = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: support,
      payload: { name: 'Left behind', scope: 'write', rateLimitPerMinute: 60 },
    });
    const key = created.statusCode === 201 ? (created.json().data.key as string) : null;
    const ended = await app.inject({
      method: 'POST',
      url: `/api/platform/companies/${owner.session.company.id}/support-sessions/${supportSessionId}/end`,
      headers: platform,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    if (key) {
      const after = await app.inject({ method: 'GET', url: '/api/studios', headers: bearer(key) });
      expect(after.statusCode, 'the key made in the support session still works after it ended').toBe(401);
    }
    expect(created.statusCode, created.body).toBe(403);
    expect(created.json().message).toMatch(/support session/i);
    // The company's own admin still can.
    const own = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: bearer(owner.session.token),
      payload: { name: 'Ours', scope: 'read', rateLimitPerMinute: 60 },
    });
    expect(own.statusCode, own.body).toBe(201);
  });
});
