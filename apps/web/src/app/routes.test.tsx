import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ReactElement } from 'react';
import { adminAppRoute } from './admin-routes.tsx';
import { routeSetFor, routesFor, type RouteSet } from './routes.tsx';

/**
 * The matched route's full pattern, or '*' when only the not-found route matches. Below the route sets'
 * `app/*`, the admin route table (loaded with the first admin page) matches the rest.
 */
function patternOf(set: RouteSet | RouteObject[], pathname: string): string {
  const matches = matchRoutes(typeof set === 'string' ? routesFor(set) : set, pathname) ?? [];
  const last = matches.at(-1);
  if (!last || last.route.path === '*') return '*';
  const pattern = matches
    .map((match) => match.route.path ?? '')
    .filter((path) => path && path !== '/')
    .join('/');
  if (!pattern.endsWith('app/*')) return pattern;
  const inAdmin = patternOf([adminAppRoute()], `/${last.params['*'] ?? ''}`);
  return inAdmin === '*' ? '*' : [pattern.slice(0, -2), inAdmin].filter(Boolean).join('/');
}

const ID = '0123456789abcdef01234567';

describe('route sets chosen by the hosttype cookie (spec §2)', () => {
  it('maps host types to route sets; no cookie uses the company set, uber its own', () => {
    expect(routeSetFor('company')).toBe('company');
    expect(routeSetFor('uber')).toBe('uber');
    expect(routeSetFor(null)).toBe('company');
    expect(routeSetFor('solo-instructor')).toBe('solo-instructor');
    expect(routeSetFor('solo-client')).toBe('solo-client');
  });

  it.each(['company', 'solo-instructor', 'solo-client'] as const)(
    'the %s set offers the four public routes under the root and /{company}/{roleId}/',
    (set) => {
      for (const prefix of ['', '/acme/admin']) {
        expect(patternOf(set, `${prefix}/login`)).toMatch(/login$/);
        expect(patternOf(set, `${prefix}/forgotPassword`)).toMatch(/forgotPassword$/);
        expect(patternOf(set, `${prefix}/resetPassword/abc`)).toMatch(/resetPassword\/:token$/);
        expect(patternOf(set, `${prefix}/check-in/${ID}`)).toMatch(/check-in\/:fitnessSessionId$/);
      }
    },
  );

  it('the check-in pages (issue 13) are under the root, /{company}/{roleId}/ and the client group’s app/', () => {
    for (const prefix of ['', '/acme/client', '/acme/client/client/app']) {
      expect(patternOf('company', `${prefix}/check-in/${ID}`)).toMatch(/check-in\/:fitnessSessionId$/);
      expect(patternOf('company', `${prefix}/checked-in/${ID}`)).toMatch(/(^|\/)checked-in\/:fitnessSessionId$/);
      expect(patternOf('company', `${prefix}/account-checked-in/${ID}/${ID}`)).toMatch(
        /account-checked-in\/:fitnessSessionId\/:classInstanceId$/,
      );
      expect(patternOf('company', `${prefix}/account-sign-up/${ID}/${ID}/Ym9iQGV4YW1wbGUuY29t`)).toMatch(
        /account-sign-up\/:fitnessSessionId\/:classInstanceId\/:emailId$/,
      );
    }
  });

  it('only the uber set loads the platform area (issue 18 §2), beside the public routes', () => {
    const platformRoute = (set: RouteSet) => matchRoutes(routesFor(set), '/platform/companies/abc')?.at(-1)?.route;
    expect(patternOf('uber', '/platform')).toBe('platform/*');
    expect(platformRoute('uber')?.lazy).toBeDefined();
    expect(patternOf('uber', '/login')).toBe('login');
    expect(patternOf('uber', '/acme/client/client')).toBe('*');
    // Every other set only sends the address to the login: the area's chunk is never loaded there.
    for (const set of ['company', 'solo-instructor', 'solo-client'] as const) {
      expect(platformRoute(set)?.lazy).toBeUndefined();
      expect(platformRoute(set)?.element).toBeDefined();
    }
  });

  it('a platform user opening the company app (a bookmark, an old tab) lands in the platform area', () => {
    for (const path of ['/app', '/app/clients', '/app/settings/supportAccess']) {
      const route = matchRoutes(routesFor('uber'), path)?.at(-1)?.route;
      expect(route?.lazy).toBeUndefined();
      expect((route?.element as ReactElement<{ to: string }> | undefined)?.props.to).toBe('/platform');
    }
  });

  it('the company set has every group: app, {company}/{roleId}/app, widget and client', () => {
    expect(patternOf('company', '/app')).toBe('app');
    expect(patternOf('company', '/app/settings/companyDetails')).toBe('app/settings/companyDetails');
    // Two segments are the admin app's, not a company and a role ("app", "classes").
    expect(patternOf('company', '/app/classes')).toBe('app/classes');
    expect(patternOf('company', '/app/calendar')).toBe('app/calendar');
    expect(patternOf('solo-instructor', '/app/studios')).toBe('app/studios');
    expect(patternOf('company', '/acme/admin')).toBe(':company/:roleId');
    expect(patternOf('company', '/acme/admin/app/calendar')).toBe(':company/:roleId/app/calendar');
    expect(patternOf('company', '/acme/widget')).toBe(':company/widget');
    expect(patternOf('company', '/acme/widget/anything')).toBe(':company/widget/:widgetStudioId');
    expect(patternOf('company', `/acme/widget/classes/details/${ID}`)).toBe(
      ':company/widget/classes/details/:classInstanceId',
    );
    expect(patternOf('company', '/acme/client/client')).toBe(':company/:roleId/client');
    expect(patternOf('company', '/acme/client/client/settings/account-details')).toBe(
      ':company/:roleId/client/settings/account-details',
    );
    expect(patternOf('company', '/acme/client/client/client-signup')).toBe(
      ':company/:roleId/client/client-signup',
    );
    expect(patternOf('company', '/signup')).toBe('signup');
  });

  it('the solo-instructor set has only the app, widget and solo-client groups', () => {
    expect(patternOf('solo-instructor', '/jo/solo-instructor/app')).toBe(':company/:roleId/app');
    expect(patternOf('solo-instructor', '/jo/widget/x')).toBe(':company/widget/:widgetStudioId');
    expect(patternOf('solo-instructor', `/jo/solo-client/client/app/classes/details/${ID}`)).toBe(
      ':company/solo-client/client/app/classes/details/:classInstanceId',
    );
    expect(patternOf('solo-instructor', '/jo/solo-client/client')).toBe('*');
    expect(patternOf('solo-instructor', '/jo/solo-client/client/settings/account-details')).toBe('*');
  });

  it('a held place’s offer page (the “Place offered” email’s links, issue 16) is public in every client group', () => {
    expect(patternOf('company', `/acme/client/client/app/offer/${ID}`)).toBe(
      ':company/:roleId/client/app/offer/:bookingId',
    );
    expect(patternOf('solo-client', `/jo/solo-client/client/app/offer/${ID}`)).toBe(
      ':company/:roleId/client/app/offer/:bookingId',
    );
    expect(patternOf('solo-instructor', `/jo/solo-client/client/app/offer/${ID}`)).toBe(
      ':company/solo-client/client/app/offer/:bookingId',
    );
  });

  it('the solo-client set has only the client group', () => {
    expect(patternOf('solo-client', '/jo/solo-client/client')).toBe(':company/:roleId/client');
    expect(patternOf('solo-client', '/jo/solo-client/client/app/login')).toBe(
      ':company/:roleId/client/app/login',
    );
    expect(patternOf('solo-client', '/jo/solo-instructor/app')).toBe('*');
    expect(patternOf('solo-client', '/app')).toBe('*');
    expect(patternOf('solo-client', '/jo/widget/x')).toBe('*');
  });

  it('the solo client logs in inside its client group (spec §2)', () => {
    expect(patternOf('company', '/jo/solo-client/client/app/login')).toBe(
      ':company/:roleId/client/app/login',
    );
  });

  it('a solo instructor dashboard address exists on this site', () => {
    expect(patternOf('company', '/jo/dashboard')).toBe(':company/dashboard');
    expect(patternOf('solo-instructor', '/jo/dashboard')).toBe(':company/dashboard');
  });

  it.each(['company', 'solo-instructor', 'solo-client'] as const)(
    'the %s set has the widget studio login /{company}/{widgetStudioId}/{roleId}/login (spec §2), and it takes no other address',
    (set) => {
      expect(patternOf(set, `/acme/${ID}/client/login`)).toBe(':company/:widgetStudioId/:roleId/login');
      expect(patternOf(set, `/jo/${ID}/solo-client/login`)).toBe(':company/:widgetStudioId/:roleId/login');
      // Three segments stay the role's own login, five the client group's.
      expect(patternOf(set, '/acme/client/login')).toBe(':company/:roleId/login');
      if (set !== 'solo-instructor') {
        expect(patternOf(set, '/jo/solo-client/client/app/login')).toBe(':company/:roleId/client/app/login');
      }
    },
  );

  it('the widget studio login leaves the team and client areas their addresses', () => {
    expect(patternOf('company', '/acme/admin/app/calendar')).toBe(':company/:roleId/app/calendar');
    expect(patternOf('company', '/acme/client/client/settings')).toBe(':company/:roleId/client/settings');
    expect(patternOf('company', `/acme/client/client/${ID}/client-signup`)).toBe(
      ':company/:roleId/client/:widgetStudioId/client-signup',
    );
  });

  it('unknown paths fall to the not-found page', () => {
    expect(patternOf('company', '/no/such/page/here')).toBe('*');
  });
});
