import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './test/harness.ts';
import { bearer, signUpCompany } from './test/factories.ts';

/** A built web app as Vite lays it out: hashed files under assets/, the rest at the top. */
const webDist = mkdtempSync(path.join(tmpdir(), 'kinetic-web-dist-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Kinetic</title><div id="root"></div>');
writeFileSync(
  path.join(webDist, 'widget.html'),
  '<!doctype html><title>Book a class</title><div id="root"></div>',
);
writeFileSync(path.join(webDist, 'assets', 'index-B4x9Qk2a.js'), 'console.log("app")');
writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{}');

const { app } = await createTestApp({ config: { WEB_DIST_DIR: webDist } });

describe('caching and headers of the web app', () => {
  it('serves content-hashed assets immutable for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-B4x9Qk2a.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has browsers revalidate index.html, the service worker and the manifest on every visit', async () => {
    for (const url of [
      '/index.html',
      '/sw.js',
      '/manifest.webmanifest',
      '/app/settings/companyDetails',
      '/studio/client/login',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('a missing asset is not answered with the app page (a stale chunk must fail, not parse HTML)', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ status: 0, message: 'There is no GET /assets/gone-123.js.' });
  });

  it("every page carries helmet's headers: a strict CSP and no framing by other sites", async () => {
    for (const url of ['/app/settings/companyDetails', '/assets/index-B4x9Qk2a.js', '/api/docs']) {
      const response = await app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe/);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security'], url).toContain('max-age=31536000');
    }
  });

  it('API answers (data, never documents) allow nothing to run or frame them', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/api/me']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['strict-transport-security'], url).toContain('max-age=31536000');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });
});

describe("the booking widget's own page (issue 12 §5)", () => {
  const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

  it("answers the widget's schedule addresses with widget.html, framable by the sites the studio lists", async () => {
    const owner = await signUpCompany(app);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/settings/embed',
      headers: bearer(owner.session.token),
      payload: { embedOrigins: ['https://www.studio.example'] },
    });
    expect(saved.statusCode).toBe(200);
    for (const url of [
      `/${owner.slug}/widget`,
      `/${owner.slug}/widget/`,
      `/${owner.slug}/widget/0123456789abcdef01234567`,
      `/${owner.slug}/widget?from=2026-12-01`,
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Book a class</title>');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(frameAncestors(response.headers['content-security-policy']), url).toBe(
        "'self' https://www.studio.example",
      );
      expect(String(response.headers['content-security-policy']), url).toContain("script-src 'self'");
      expect(response.headers['x-frame-options'], url).toBeUndefined();
    }
  });

  it("leaves the widget's class page, the client pages it opens and every other page to the app", async () => {
    const owner = await signUpCompany(app);
    for (const url of [
      `/${owner.slug}/widget/classes/details/0123456789abcdef01234567`,
      `/${owner.slug}/client/login`,
      `/${owner.slug}/0123456789abcdef01234567/client/login`,
      '/app/calendar',
      '/login',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>Kinetic</title>');
    }
  });

  it("another company's widget and an unknown one get the widget page, framable only by Kinetic itself", async () => {
    for (const url of ['/nobody/widget', '/nobody/widget/x']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body, url).toContain('<title>Book a class</title>');
      expect(frameAncestors(response.headers['content-security-policy']), url).toBe("'self'");
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});
