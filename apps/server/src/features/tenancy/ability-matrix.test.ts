import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ABILITIES, abilitiesOf, type Ability, type RoleId } from '@kinetic/shared';
import { withPlatform } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { guardAdmits, guardOf, type ApiRoute, type Guard } from '../../plugins/guards.ts';
import { createTestApp } from '../../test/harness.ts';
import { bearer, signUpClient, signUpCompany } from '../../test/factories.ts';
import { signInTeamMember } from '../../test/team.ts';

/**
 * The ability matrix (issue 15 §2, §6): every /api route the app registers, with the guard its onRequest
 * hook carries (plugins/guards.ts), called by each kind of person. The server must refuse (403 in the
 * envelope) whoever lacks the role or an ability, and let through whoever has them (any answer but
 * 401/403: an empty body's 400 or an unknown id's 404 is a pass). A route without a guard must be on the
 * short public list below, or the test fails.
 */

/** Routes anyone may call without logging in (sign-up, log-in, public pages, webhooks). */
const PUBLIC = new Set([
  'GET /api/health',
  // Operations (issue 18): the readiness probe; metrics answer 404 unless METRICS_TOKEN is set, then ask for it.
  'GET /api/ready',
  'GET /api/metrics',
  'POST /api/signup/company',
  'POST /api/signup/client',
  'GET /api/public/:company',
  'GET /api/public/:company/class-instances',
  'GET /api/public/:company/class-instances/:classInstanceId',
  'GET /api/public/:company/events',
  'GET /api/public/:company/events/:eventId',
  'GET /api/public/:company/events/:eventId/page',
  'GET /api/public/:company/events/:eventId/users/:userId/cancel',
  'POST /api/public/:company/events/:eventId/users/:userId/cancel',
  'GET /api/public/:company/events/:eventId/users/:userId/calendar.ics',
  'GET /api/public/:company/studios/:studioId',
  'POST /api/public/:company/check-in/pass',
  // A waitlist offer's signed, single-use links (the email's accept/decline) and a private calendar feed.
  'GET /api/public/:company/offers/:bookingId',
  'POST /api/public/:company/offers/:bookingId/accept',
  'POST /api/public/:company/offers/:bookingId/decline',
  'GET /api/calendar-feeds/:token.ics',
  // Private sessions (issue 17): the types and free times a visitor browses before logging in to book.
  'GET /api/public/:company/appointment-types',
  'GET /api/public/:company/appointment-slots',
  'GET /api/uploads/original/:file',
  'POST /api/webhooks/stripe/:companyId',
  // Accounts (features/accounts): the log-in, password and email-link calls before a session exists.
  'POST /api/checkCompany',
  'POST /api/login',
  'POST /api/resetPasswordMail',
  'POST /api/passwordTokenValidate',
  'POST /api/resetpassword',
  'POST /api/email-confirmations',
]);

const { app, db } = await createTestApp();
const company = await signUpCompany(app);
const solo = await signUpCompany(app, { kind: 'solo' });
const companyId = company.session.company.id;
const client = await signUpClient(app, company.slug);
const staff = await signInTeamMember(app, db.db, companyId, 'staff');
const instructor = await signInTeamMember(app, db.db, companyId, 'instructor');
/** A staff member whose stored abilities each case sets (read with the session on every request). */
const chosen = await signInTeamMember(app, db.db, companyId, 'staff');
const chosenId = (await app.inject({ method: 'GET', url: '/api/me', headers: chosen.headers })).json().data
  .user.id as string;

const PEOPLE: { name: string; roleId: RoleId; headers: { authorization: string } }[] = [
  { name: 'admin', roleId: 'admin', headers: bearer(company.session.token) },
  { name: 'staff', roleId: 'staff', headers: staff.headers },
  { name: 'instructor', roleId: 'instructor', headers: instructor.headers },
  { name: 'client', roleId: 'client', headers: bearer(client.session.token) },
  { name: 'solo instructor', roleId: 'solo-instructor', headers: bearer(solo.session.token) },
];

/**
 * Guarded routes the sweeps below do not call with a person's session: logging out ends the session every
 * later call needs (accounts.test covers it). The 401 sweep still calls them.
 */
const NOT_SWEPT = new Set(['POST /api/logout']);

const routes: ApiRoute[] = app.apiRoutes;
const key = (route: ApiRoute) => `${route.method} ${route.url}`;
const guardOfRoute = (route: ApiRoute): Guard | undefined =>
  route.onRequest.map(guardOf).find((guard) => guard !== undefined);
const guarded = routes.filter((route) => guardOfRoute(route) !== undefined);
const undeclared = routes.filter((route) => !guardOfRoute(route) && !PUBLIC.has(key(route)));

/** A path with each parameter filled with a well-formed value no row has (so a let-through answers 400/404). */
const UNKNOWN_ID = 'abcdefabcdefabcdefabcdef';
const PARAMS: Record<string, string> = {
  company: company.slug,
  filename: 'client-report-unknown.csv',
  band: 'peak',
  day: 'monday',
  file: 'unknown.png',
};
const pathOf = (url: string) => url.replace(/:(\w+)/g, (_match, name: string) => PARAMS[name] ?? UNKNOWN_ID);

function call(route: ApiRoute, headers: Record<string, string> = {}) {
  const request: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: pathOf(route.url),
    headers,
  };
  if (!['GET', 'DELETE'].includes(route.method)) request.payload = {};
  return app.inject(request);
}

/** What went against the rule for one person (an empty list passes). */
async function breaches(
  roleId: RoleId,
  headers: Record<string, string>,
  abilities: readonly Ability[],
  list: ApiRoute[],
  guardFor: (route: ApiRoute) => Guard = (route) => guardOfRoute(route) as Guard,
): Promise<string[]> {
  const found: string[] = [];
  for (const route of list) {
    if (NOT_SWEPT.has(key(route))) continue;
    const guard = guardFor(route);
    const response = await call(route, headers);
    if (guardAdmits(guard, roleId, abilities)) {
      if (response.statusCode === 401 || response.statusCode === 403)
        found.push(`${key(route)}: let through expected, got ${response.statusCode} ${response.body}`);
    } else {
      const body = response.json() as { status?: number; message?: string };
      if (response.statusCode !== 403 || body.status !== 0 || !body.message)
        found.push(`${key(route)}: 403 expected, got ${response.statusCode} ${response.body}`);
    }
  }
  return found;
}

async function setAbilities(abilities: readonly Ability[] | null) {
  await withPlatform(db.db, (tx) =>
    tx
      .update(users)
      .set({ abilities: abilities === null ? null : [...abilities] })
      .where(eq(users.id, chosenId)),
  );
}

describe('the ability matrix (issue 15 §2)', () => {
  it('finds the routes and their guards', () => {
    // The collector sees the whole API, not a part of it.
    expect(routes.length).toBeGreaterThan(150);
    expect(guarded.length).toBeGreaterThan(120);
    expect(guarded.some((route) => guardOfRoute(route)!.abilities.includes('runReports'))).toBe(true);
  });

  it('the requirements are the ones reviewed (ability-matrix.routes.md; `vitest -u` after a deliberate change)', async () => {
    const ROLE_SETS: [string, readonly RoleId[]][] = [
      ['anyone signed in', ['admin', 'staff', 'instructor', 'client', 'solo-instructor', 'solo-client']],
      ['team', ['admin', 'staff', 'instructor', 'solo-instructor']],
      ['clients', ['client', 'solo-client']],
      ['team of a company (not solo)', ['admin', 'staff', 'instructor']],
    ];
    const whoOf = (guard: Guard) => {
      if (guard.platform) return 'platform users (a platform session), no company session';
      const roles = [...guard.roles].sort().join(',');
      const named = ROLE_SETS.find(([, set]) => [...set].sort().join(',') === roles)?.[0] ?? roles;
      if (guard.abilities.length === 0) return named;
      const abilities = guard.abilities.join(' + ');
      return guard.clientsForThemselves
        ? `a client for themselves, or team with ${abilities}`
        : `${named} with ${abilities}`;
    };
    const rows = guarded
      .map((route) => `| ${key(route)} | ${whoOf(guardOfRoute(route)!)} |`)
      .sort((a, b) => a.localeCompare(b));
    const table = [
      '# Who may call each guarded route',
      '',
      '| Route | Who |',
      '| --- | --- |',
      ...rows,
      '',
    ].join('\n');
    await expect(table).toMatchFileSnapshot('./ability-matrix.routes.md');
  });

  it('every route that is not public has a guard', () => {
    expect(undeclared.map(key)).toEqual([]);
  });

  it('every route that is not public refuses a caller without a session (401)', async () => {
    const found: string[] = [];
    for (const route of [...guarded, ...undeclared]) {
      const response = await call(route);
      if (response.statusCode !== 401) found.push(`${key(route)}: 401 expected, got ${response.statusCode}`);
    }
    expect(found).toEqual([]);
  });

  it('the public list names only routes that exist and are open', async () => {
    const registered = new Set(routes.map(key));
    expect([...PUBLIC].filter((route) => !registered.has(route))).toEqual([]);
  });

  for (const person of PEOPLE) {
    it(`${person.name} (default abilities): refused where the guard says, let through elsewhere`, async () => {
      const abilities = abilitiesOf(person.roleId, null);
      expect(await breaches(person.roleId, person.headers, abilities, guarded)).toEqual([]);
    });
  }

  it('says why: the team is told whom to ask; a solo instructor, who owns the account, that it is not part of it', async () => {
    const refused = (headers: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/api/staff-members', headers }).then((response) => response.json());
    expect(await refused(staff.headers)).toEqual({
      status: 0,
      message: 'Your account cannot do this. Ask the business owner or an admin for access.',
    });
    expect(await refused(bearer(solo.session.token))).toEqual({
      status: 0,
      message: 'This is not part of a solo instructor’s account.',
    });
  });

  describe('each ability, taken away from one staff member and given back', () => {
    for (const ability of ABILITIES) {
      it(ability, async () => {
        const needing = guarded.filter((route) => {
          const guard = guardOfRoute(route)!;
          return guard.abilities.includes(ability) && guard.roles.includes('staff');
        });
        expect(needing.length, `no route needs ${ability}`).toBeGreaterThan(0);
        const route = needing[0]!;

        await setAbilities(ABILITIES.filter((other) => other !== ability));
        const refused = await call(route, chosen.headers);
        expect(refused.statusCode, `${key(route)} without ${ability}`).toBe(403);
        expect(refused.json()).toMatchObject({ status: 0, message: expect.stringMatching(/cannot/) });

        await setAbilities(ABILITIES);
        const allowed = await call(route, chosen.headers);
        expect([401, 403], `${key(route)} with ${ability}: ${allowed.body}`).not.toContain(
          allowed.statusCode,
        );

        // Every other route that needs it refuses too (the one staff member, without just this ability).
        await setAbilities(ABILITIES.filter((other) => other !== ability));
        const stillAllowed: string[] = [];
        for (const other of needing) {
          if (NOT_SWEPT.has(key(other))) continue;
          const response = await call(other, chosen.headers);
          if (response.statusCode !== 403) stillAllowed.push(`${key(other)}: ${response.statusCode}`);
        }
        expect(stillAllowed).toEqual([]);
        await setAbilities(null);
      });
    }
  });
});
