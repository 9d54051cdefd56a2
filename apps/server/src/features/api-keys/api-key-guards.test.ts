import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { guardAdmits, guardOf, type ApiRoute, type Guard } from '../../plugins/guards.ts';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpCompany } from '../../test/factories.ts';
import { API_KEY_ABILITIES, isPersonalRoute } from './api-key-auth.ts';

/**
 * How an API key passes the existing guards (issue 18 §3), over every guarded /api route the app
 * registers: a write key is let through exactly where an admin with every ability but manageStaff is,
 * except the routes about a person (403); a read key is refused every write (403) and let through the
 * same reads. Platform routes take platform sessions only (401).
 */
const { app } = await createTestApp();
const owner = await signUpCompany(app);
const keyOf = async (scope: 'read' | 'write') => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: bearer(owner.session.token),
    payload: { name: `${scope} sweep`, scope, rateLimitPerMinute: 6000 },
  });
  return bearer(response.json().data.key as string);
};
const writeKey = await keyOf('write');
const readKey = await keyOf('read');

const UNKNOWN_ID = 'abcdefabcdefabcdefabcdef';
const PARAMS: Record<string, string> = {
  company: owner.slug,
  filename: 'client-report-unknown.csv',
  band: 'peak',
  day: 'monday',
  file: 'unknown.png',
};
const pathOf = (url: string) => url.replace(/:(\w+)/g, (_match, name: string) => PARAMS[name] ?? UNKNOWN_ID);
const key = (route: ApiRoute) => `${route.method} ${route.url}`;
const guardOfRoute = (route: ApiRoute): Guard | undefined =>
  route.onRequest.map(guardOf).find((guard) => guard !== undefined);
const guarded = app.apiRoutes.filter((route) => guardOfRoute(route) !== undefined);

function call(route: ApiRoute, headers: Record<string, string>) {
  const request: InjectOptions = { method: route.method as InjectOptions['method'], url: pathOf(route.url), headers };
  if (!['GET', 'DELETE'].includes(route.method)) request.payload = {};
  return app.inject(request);
}

const isPlatform = (guard: Guard) => guard.roles.length === 0;
const keyAdmitted = (route: ApiRoute, guard: Guard) =>
  !isPersonalRoute(route.url) && guardAdmits(guard, 'admin', API_KEY_ABILITIES);

async function breaches(headers: Record<string, string>, admitted: (route: ApiRoute, guard: Guard) => boolean) {
  const found: string[] = [];
  for (const route of guarded) {
    const guard = guardOfRoute(route) as Guard;
    const response = await call(route, headers);
    if (isPlatform(guard)) {
      if (response.statusCode !== 401) found.push(`${key(route)}: 401 expected, got ${response.statusCode}`);
    } else if (admitted(route, guard)) {
      if (response.statusCode === 401 || response.statusCode === 403)
        found.push(`${key(route)}: let through expected, got ${response.statusCode} ${response.body}`);
    } else if (response.statusCode !== 403 || !(response.json() as { message?: string }).message) {
      found.push(`${key(route)}: 403 expected, got ${response.statusCode} ${response.body}`);
    }
  }
  return found;
}

describe('API keys through the guards', () => {
  it('finds the routes, with person routes and key-admitted routes among them', () => {
    expect(guarded.length).toBeGreaterThan(120);
    expect(guarded.filter((route) => isPersonalRoute(route.url)).map(key)).toEqual(
      expect.arrayContaining(['GET /api/me', 'POST /api/api-keys', 'GET /api/my/bookings']),
    );
    expect(guarded.some((route) => keyAdmitted(route, guardOfRoute(route)!))).toBe(true);
  });

  it('a write key is let through where an admin without manageStaff is, and refused the person routes', async () => {
    expect(await breaches(writeKey, keyAdmitted)).toEqual([]);
  });

  it('a read key is let through the same reads and refused every write', async () => {
    const readAdmitted = (route: ApiRoute, guard: Guard) =>
      keyAdmitted(route, guard) && (route.method === 'GET' || route.method === 'HEAD');
    expect(await breaches(readKey, readAdmitted)).toEqual([]);
  });
});
