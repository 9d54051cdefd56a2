import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';
import { signInTeamMember } from '../../test/team.ts';

const webDist = mkdtempSync(path.join(tmpdir(), 'kinetic-embed-dist-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Kinetic</title><div id="root"></div>');

const { app, db } = await createTestApp({ config: { WEB_DIST_DIR: webDist } });
const url = '/api/settings/embed';

const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

describe('embedding settings', () => {
  it('answers 401 without a session', async () => {
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const put = await app.inject({ method: 'PUT', url, payload: { embedOrigins: [] } });
    expect(put.statusCode).toBe(401);
  });

  it('answers the slug and no sites until the owner lists some; saves them as origins', async () => {
    const owner = await signUpCompany(app);
    const headers = bearer(owner.session.token);
    const before = await app.inject({ method: 'GET', url, headers });
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toEqual({ slug: owner.slug, embedOrigins: [] });

    const save = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { embedOrigins: ['https://www.studio.example/', 'https://book.studio.example:8443'] },
    });
    expect(save.statusCode).toBe(200);
    expect(save.json()).toMatchObject({
      status: 1,
      message: 'Embedding settings saved.',
      data: { embedOrigins: ['https://www.studio.example', 'https://book.studio.example:8443'] },
    });
    const after = await app.inject({ method: 'GET', url, headers });
    expect(after.json().data.embedOrigins).toEqual([
      'https://www.studio.example',
      'https://book.studio.example:8443',
    ]);
  });

  it.each([
    [
      'http://www.studio.example',
      'Enter an https site address without a path, like https://www.your-studio.com',
    ],
    [
      'https://www.studio.example/book',
      'Enter an https site address without a path, like https://www.your-studio.com',
    ],
    [
      "https://a.example 'unsafe-inline'",
      'Enter an https site address without a path, like https://www.your-studio.com',
    ],
  ])('refuses %j with a 400 naming the field', async (origin, message) => {
    const owner = await signUpCompany(app);
    const response = await app.inject({
      method: 'PUT',
      url,
      headers: bearer(owner.session.token),
      payload: { embedOrigins: ['https://ok.example', origin] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe(0);
    expect(JSON.stringify(response.json().errors)).toContain('embedOrigins');
    expect(JSON.stringify(response.json().errors)).toContain(message);
  });

  it('refuses a body without the list (400, not 500)', async () => {
    const owner = await signUpCompany(app);
    const response = await app.inject({
      method: 'PUT',
      url,
      headers: bearer(owner.session.token),
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('embedOrigins');
  });

  it('staff may read but not change the sites (403); clients may do neither', async () => {
    const owner = await signUpCompany(app);
    const staff = await signInTeamMember(app, db.db, owner.session.user.companyId as string, 'staff');
    expect((await app.inject({ method: 'GET', url, headers: staff.headers })).statusCode).toBe(200);
    const put = await app.inject({
      method: 'PUT',
      url,
      headers: staff.headers,
      payload: { embedOrigins: [] },
    });
    expect(put.statusCode).toBe(403);
    const client = await signUpClient(app, owner.slug);
    expect((await app.inject({ method: 'GET', url, headers: bearer(client.session.token) })).statusCode).toBe(
      403,
    );
  });
});

describe('framing of the widget pages (CSP frame-ancestors)', () => {
  it("the widget and the client pages it opens may be framed by the listed sites; team pages and other companies' only by 'self'", async () => {
    const owner = await signUpCompany(app);
    await app.inject({
      method: 'PUT',
      url,
      headers: bearer(owner.session.token),
      payload: { embedOrigins: ['https://www.studio.example'] },
    });
    const other = await signUpCompany(app);
    for (const page of [
      `/${owner.slug}/widget`,
      `/${owner.slug}/widget/classes/details/abc`,
      `/${owner.slug}/client/login`,
      `/${owner.slug}/client/client/client-signup`,
      `/${owner.slug}/client/client/client-signup/edit/abc`,
      `/${owner.slug}/client/client/settings/waiver`,
      `/${owner.slug}/client/client/settings/packages`,
      `/${owner.slug}/client/resetPassword/abc`,
    ]) {
      const response = await app.inject({ method: 'GET', url: page });
      expect(response.statusCode, page).toBe(200);
      expect(frameAncestors(response.headers['content-security-policy']), page).toBe(
        "'self' https://www.studio.example",
      );
      expect(response.headers['x-frame-options'], page).toBeUndefined();
    }
    for (const page of [
      `/${owner.slug}/admin/login`,
      `/${owner.slug}/admin/app/calendar`,
      `/app/settings/companyDetails`,
      `/${other.slug}/widget`,
      `/${other.slug}/client/client`,
      '/nobody/widget',
    ]) {
      const response = await app.inject({ method: 'GET', url: page });
      expect(frameAncestors(response.headers['content-security-policy']), page).toBe("'self'");
      expect(response.headers['x-frame-options'], page).toBe('SAMEORIGIN');
    }
  });
});

describe('GET /embed.js', () => {
  it('is a small script any site may load, cached for an hour', async () => {
    const response = await app.inject({ method: 'GET', url: '/embed.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.body).toContain("'/widget'");
    expect(response.body.length).toBeLessThan(4000);
  });
});
