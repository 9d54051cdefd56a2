import type { OnboardingStep, RoleId, SessionDto } from '@kinetic/shared';
import { POST_LOGIN_REDIRECT_MS, TEAM_ROLES } from '@kinetic/shared';
import type { BookingIntent } from './booking-intent.ts';
import { dashboardAddress, eventsPageUrl } from './config.ts';
import { loginPathForRole, soloClientLoginPath, type PublicPrefix } from './login-path.ts';
import { returnTarget } from './return-to.ts';

export type PostAuthRule =
  | 'onboarding'
  | 'dashboard'
  | 'role-user-calendar'
  | 'return-to'
  | 'client-back-to-class'
  | 'solo-client-reset-request'
  | 'solo-client-special-booking'
  | 'solo-client-reset-special'
  | 'up-one-level'
  | 'login-after-reset';

export interface PostAuthTarget {
  to: string;
  delayMs: number;
  /** Leave the app with a full page load (configured dashboard or events addresses). */
  external: boolean;
  rule: PostAuthRule;
}

type SessionFacts = Pick<SessionDto, 'roleId' | 'company' | 'onBoardingData' | 'isSpecial'>;

export type PostAuthEvent =
  | { flow: 'login'; session: SessionFacts }
  | { flow: 'forgotPassword' }
  | { flow: 'resetPassword'; companySlug: string | null; roleId: RoleId | null };

export interface PostAuthInput {
  event: PostAuthEvent;
  /** The public page the flow happened on. */
  prefix: PublicPrefix;
  /** The `isSpecial` flag: from the session after a login, from the cookie otherwise. */
  isSpecial: boolean;
  intent: BookingIntent;
  /** The page a protected address sent the visitor from (`?next=`); followed when it is theirs. */
  returnTo?: string | null;
  dashboardBaseUrl: string;
  eventsPageTemplate: string;
  /**
   * Whether a settings page exists yet. Onboarding skips pages still marked "Coming soon": landing on
   * one right after logging in is a dead end. Absent means every page exists (the spec's rule as written).
   */
  isBuiltSettingsPage?: (step: OnboardingStep) => boolean;
}

const go = (to: string, rule: PostAuthRule, delayMs = 0, external = false): PostAuthTarget => ({
  to,
  rule,
  delayMs,
  external,
});

function afterLogin(session: SessionFacts, input: PostAuthInput): PostAuthTarget {
  const slug = session.company.slug;
  // Where they were going wins over where a login usually lands (a bookmark, a link in an email).
  const back = returnTarget(input.returnTo, { companySlug: slug, roleId: session.roleId });
  if (back) return go(back, 'return-to');
  if (TEAM_ROLES.includes(session.roleId)) {
    const solo = session.roleId === 'solo-instructor';
    const appBase = solo
      ? `/${slug}/solo-instructor/app`
      : input.prefix.company
        ? `${input.prefix.base}/app`
        : '/app';
    const isBuilt = input.isBuiltSettingsPage ?? (() => true);
    const firstStep: OnboardingStep | undefined = session.onBoardingData.find(isBuilt);
    if (firstStep) return go(`${appBase}/settings/${firstStep}`, 'onboarding');
    if (solo) return go(dashboardAddress(slug, input.dashboardBaseUrl), 'dashboard', 0, true);
    // Staff and instructors work from the week's classes (spec §4 "role user: go to the calendar").
    if (session.roleId === 'staff' || session.roleId === 'instructor')
      return go(`${appBase}/calendar`, 'role-user-calendar');
    return go(appBase, 'dashboard');
  }
  if (session.roleId === 'client') {
    // "Log in to book" on a class page comes back to that class (`?classInstanceId=…&details=1`).
    if (input.intent.details && input.intent.classInstanceId)
      return go(
        `/${slug}/client/client/app/classes/details/${input.intent.classInstanceId}`,
        'client-back-to-class',
      );
    return go(`/${slug}/client/client`, 'role-user-calendar');
  }

  const { intent } = input;
  // A details flag or an event flag without an id has nothing to open, so the stored id decides.
  if (session.isSpecial === 1 && intent.classInstanceId) {
    const page = intent.event ? 'event/book-event' : 'classes/details';
    return go(
      `/${slug}/solo-client/client/app/${page}/${intent.classInstanceId}`,
      'solo-client-special-booking',
    );
  }
  // The solo client's login is `client/app/login`; one level up is its client area.
  return go(`/${slug}/solo-client/client`, 'up-one-level');
}

/**
 * Where a login, a reset request or a reset sends the visitor (spec §4), one rule at a time.
 * `null` means stay on the page (a reset request outside the solo-client flow shows its message).
 */
export function postAuthTarget(input: PostAuthInput): PostAuthTarget | null {
  const { event, prefix } = input;
  switch (event.flow) {
    case 'login':
      return afterLogin(event.session, input);
    case 'forgotPassword':
      if (prefix.roleId === 'solo-client' && prefix.company) {
        return go(soloClientLoginPath(prefix.company), 'solo-client-reset-request', POST_LOGIN_REDIRECT_MS);
      }
      return null;
    case 'resetPassword':
      if (event.roleId === 'solo-client' && event.companySlug && input.isSpecial) {
        const url = eventsPageUrl(event.companySlug, input.intent.classInstanceId, input.eventsPageTemplate);
        return go(url, 'solo-client-reset-special', 0, true);
      }
      return go(
        loginPathForRole(event.companySlug, event.roleId),
        'login-after-reset',
        POST_LOGIN_REDIRECT_MS,
      );
  }
}
