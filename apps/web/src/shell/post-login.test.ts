import { describe, expect, it } from 'vitest';
import type { OnboardingStep, RoleId } from '@kinetic/shared';
import { NO_BOOKING_INTENT, type BookingIntent } from './booking-intent.ts';
import { DEFAULT_EVENTS_PAGE_TEMPLATE } from './config.ts';
import { publicPrefixFor } from './login-path.ts';
import { postAuthTarget, type PostAuthEvent, type PostAuthInput } from './post-login.ts';

const ID = '0123456789abcdef01234567';
const DASHBOARD = 'https://dash.example.com/';

function login(
  roleId: RoleId,
  slug: string,
  onBoardingData: OnboardingStep[] = [],
  isSpecial: 0 | 1 = 0,
): PostAuthEvent {
  const kind = roleId.startsWith('solo') ? 'solo' : 'company';
  return {
    flow: 'login',
    session: { roleId, onBoardingData, isSpecial, company: { id: ID, slug, name: slug, kind } },
  };
}

function target(pathname: string, event: PostAuthEvent, extra: Partial<PostAuthInput> = {}) {
  return postAuthTarget({
    event,
    prefix: publicPrefixFor(pathname),
    isSpecial: false,
    intent: NO_BOOKING_INTENT,
    dashboardBaseUrl: DASHBOARD,
    eventsPageTemplate: DEFAULT_EVENTS_PAGE_TEMPLATE,
    ...extra,
  });
}

describe('post-login routing (spec §4)', () => {
  describe('rule: admin or solo-instructor login page with onboarding left → first settings page it names', () => {
    it('at the root /login, into /app', () => {
      expect(target('/login', login('admin', 'acme', ['companyDetails', 'studios']))).toEqual({
        to: '/app/settings/companyDetails',
        delayMs: 0,
        external: false,
        rule: 'onboarding',
      });
    });

    it('on a company login page, into that prefix', () => {
      expect(target('/acme/admin/login', login('admin', 'acme', ['hours']))).toMatchObject({
        to: '/acme/admin/app/settings/hours',
        rule: 'onboarding',
      });
    });

    it('for a solo instructor, into the solo-instructor app', () => {
      expect(
        target('/jo/solo-instructor/login', login('solo-instructor', 'jo', ['companyDetails'])),
      ).toMatchObject({
        to: '/jo/solo-instructor/app/settings/companyDetails',
        rule: 'onboarding',
      });
      expect(target('/login', login('solo-instructor', 'jo', ['clientWaiver']))).toMatchObject({
        to: '/jo/solo-instructor/app/settings/clientWaiver',
      });
    });
  });

  describe('onboarding skips settings pages that are not built yet', () => {
    it('goes to the first built page it names, or to the dashboard when none is built', () => {
      const built = (step: string) => step === 'companyDetails';
      expect(
        target('/login', login('admin', 'acme', ['companyDetails', 'studios']), {
          isBuiltSettingsPage: built,
        }),
      ).toMatchObject({ to: '/app/settings/companyDetails', rule: 'onboarding' });
      expect(
        target('/login', login('admin', 'acme', ['studios', 'hours']), { isBuiltSettingsPage: built }),
      ).toMatchObject({ to: '/app', rule: 'dashboard' });
    });
  });

  describe('rule: onboarding done → the dashboard', () => {
    it('root admin: /app', () => {
      expect(target('/login', login('admin', 'acme'))).toEqual({
        to: '/app',
        delayMs: 0,
        external: false,
        rule: 'dashboard',
      });
    });

    it('company admin page: its app', () => {
      expect(target('/acme/admin/login', login('admin', 'acme'))).toMatchObject({ to: '/acme/admin/app' });
    });

    it('staff and instructors (role users): the calendar', () => {
      expect(target('/acme/staff/login', login('staff', 'acme'))).toMatchObject({
        to: '/acme/staff/app/calendar',
        rule: 'role-user-calendar',
      });
      expect(target('/login', login('instructor', 'acme'))).toMatchObject({ to: '/app/calendar' });
    });

    it('solo instructor: the dashboard address (dashboard base URL + company + /dashboard)', () => {
      expect(target('/jo/solo-instructor/login', login('solo-instructor', 'jo'))).toEqual({
        to: 'https://dash.example.com/jo/dashboard',
        delayMs: 0,
        external: true,
        rule: 'dashboard',
      });
    });
  });

  it('rule: role user (client) → the calendar, the client group’s empty path', () => {
    expect(target('/acme/client/login', login('client', 'acme'))).toEqual({
      to: '/acme/client/client',
      delayMs: 0,
      external: false,
      rule: 'role-user-calendar',
    });
  });

  it('a client who came from a class page’s "Log in to book" goes back to that class', () => {
    const intent = { classInstanceId: '0123456789abcdef01234567', details: true, event: false };
    expect(target('/acme/client/login', login('client', 'acme'), { intent })).toEqual({
      to: '/acme/client/client/app/classes/details/0123456789abcdef01234567',
      delayMs: 0,
      external: false,
      rule: 'client-back-to-class',
    });
  });

  it('rule: solo client after a reset-password request → back to login after 2 s', () => {
    expect(target('/jo/solo-client/client/app/forgotPassword', { flow: 'forgotPassword' })).toEqual({
      to: '/jo/solo-client/client/app/login',
      delayMs: 2000,
      external: false,
      rule: 'solo-client-reset-request',
    });
  });

  it('a reset request outside the solo-client flow stays on its page with the message', () => {
    expect(target('/forgotPassword', { flow: 'forgotPassword' })).toBeNull();
    expect(target('/acme/admin/forgotPassword', { flow: 'forgotPassword' })).toBeNull();
  });

  describe('rule: solo client with a details flag, stored class instance or event flag and isSpecial = 1', () => {
    const page = '/jo/solo-client/client/app/login';
    const special = login('solo-client', 'jo', [], 1);
    const intent = (value: Partial<BookingIntent>): Partial<PostAuthInput> => ({
      intent: { ...NO_BOOKING_INTENT, classInstanceId: ID, ...value },
    });

    it('details flag → class details for that id', () => {
      expect(target(page, special, intent({ details: true }))).toEqual({
        to: `/jo/solo-client/client/app/classes/details/${ID}`,
        delayMs: 0,
        external: false,
        rule: 'solo-client-special-booking',
      });
    });

    it('a stored class-instance id alone → class details for that id', () => {
      expect(target(page, special, intent({}))).toMatchObject({
        to: `/jo/solo-client/client/app/classes/details/${ID}`,
      });
    });

    it('event flag → event booking for that id', () => {
      expect(target(page, special, intent({ event: true }))).toMatchObject({
        to: `/jo/solo-client/client/app/event/book-event/${ID}`,
        rule: 'solo-client-special-booking',
      });
    });

    it('without isSpecial = 1 the flags are ignored', () => {
      expect(target(page, login('solo-client', 'jo', [], 0), intent({ details: true }))).toMatchObject({
        rule: 'up-one-level',
      });
    });
  });

  describe('rule: solo client after a password reset with isSpecial → the events page', () => {
    const reset: PostAuthEvent = { flow: 'resetPassword', companySlug: 'jo', roleId: 'solo-client' };

    it('goes to the configured events page for the stored class instance', () => {
      expect(
        target('/jo/solo-client/resetPassword/t', reset, {
          isSpecial: true,
          intent: { ...NO_BOOKING_INTENT, classInstanceId: ID },
          eventsPageTemplate: 'https://events.example.com/{company}/{classInstanceId}',
        }),
      ).toEqual({
        to: `https://events.example.com/jo/${ID}`,
        delayMs: 0,
        external: true,
        rule: 'solo-client-reset-special',
      });
    });

    it("by default, Kinetic's own event page for the stored date, or the list of events when none is stored", () => {
      expect(
        target('/jo/solo-client/resetPassword/t', reset, {
          isSpecial: true,
          intent: { ...NO_BOOKING_INTENT, classInstanceId: ID },
        }),
      ).toMatchObject({ to: `/jo/solo-client/client/app/event/book-event/${ID}` });
      expect(target('/jo/solo-client/resetPassword/t', reset, { isSpecial: true })).toMatchObject({
        to: '/jo/solo-client/client/app/events',
        rule: 'solo-client-reset-special',
      });
    });
  });

  describe('rule: otherwise up one level, or to the app after 2 s', () => {
    it('a solo client’s login goes up one level to the client area', () => {
      expect(target('/jo/solo-client/client/app/login', login('solo-client', 'jo'))).toEqual({
        to: '/jo/solo-client/client',
        delayMs: 0,
        external: false,
        rule: 'up-one-level',
      });
    });

    it('after a reset, the login page of the account after 2 s', () => {
      const reset = (companySlug: string | null, roleId: RoleId | null): PostAuthEvent => ({
        flow: 'resetPassword',
        companySlug,
        roleId,
      });
      expect(target('/resetPassword/t', reset(null, null))).toEqual({
        to: '/login',
        delayMs: 2000,
        external: false,
        rule: 'login-after-reset',
      });
      expect(target('/acme/client/resetPassword/t', reset('acme', 'client'))).toMatchObject({
        to: '/acme/client/login',
      });
      expect(target('/jo/solo-client/resetPassword/t', reset('jo', 'solo-client'))).toMatchObject({
        to: '/jo/solo-client/client/app/login',
        delayMs: 2000,
      });
    });
  });

  describe('rule: a protected page sent the visitor to log in (`?next=`) → back to it', () => {
    it('a client goes back to the settings page they opened', () => {
      expect(
        target('/acme/client/login', login('client', 'acme'), {
          returnTo: '/acme/client/client/settings/payment',
        }),
      ).toEqual({
        to: '/acme/client/client/settings/payment',
        delayMs: 0,
        external: false,
        rule: 'return-to',
      });
    });

    it('an admin goes back to the admin page, even with onboarding left', () => {
      expect(
        target('/login', login('admin', 'acme', ['hours']), { returnTo: '/app/classes?view=list' }),
      ).toMatchObject({
        to: '/app/classes?view=list',
        rule: 'return-to',
      });
    });

    it('another site, another company or another kind of page is ignored: the usual rule applies', () => {
      for (const returnTo of [
        'https://evil.example/',
        '//evil.example/acme/client/client',
        '/other/client/client/settings',
        '/app',
      ]) {
        expect(target('/acme/client/login', login('client', 'acme'), { returnTo })).toMatchObject({
          to: '/acme/client/client',
          rule: 'role-user-calendar',
        });
      }
    });
  });
});
