import type { ComponentType } from 'react';
import { withAllMantineStyles } from './mantine-styles.ts';

/**
 * Route modules load on demand, one chunk per page or shell: the client group and public pages never
 * download the admin shell or admin pages (code-split by route group). Admin pages live in
 * `admin-lazy-pages.ts`, which the build reads to keep them out of the service worker's precache.
 *
 * The client group's first pages (login, client shell, calendar) and the public event page paint with the Mantine styles the app
 * shell carries (`mantine-first-paint.css`, checked by the build); every other page also waits for all
 * of Mantine's styles.
 */
const firstPaintPages = {
  login: () => import('../features/accounts/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
  clientShell: () => import('../shell/client-shell.tsx').then((m) => ({ Component: m.ClientShell })),
  clientCalendar: () =>
    import('../features/client-calendar/client-calendar-page.tsx').then((m) => ({
      Component: m.ClientCalendarPage,
    })),
  // A studio's link to one event (issue 12 §5: ≤ 150 kB, Lighthouse ≥ 90): it paints with the same styles.
  eventPage: () =>
    import('../features/event-booking/event-page.tsx').then((m) => ({ Component: m.EventPage })),
};

const otherPages = {
  // The platform (uber) area (issue 18 §2): only the uber route set names it.
  platformArea: () =>
    import('../features/platform/platform-area.tsx').then((m) => ({ Component: m.PlatformArea })),
  // The admin application's route table (its pages are in admin-lazy-pages.ts).
  adminRoutes: () => import('./admin-routes.tsx').then((m) => ({ Component: m.AdminRoutes })),
  forgotPassword: () =>
    import('../features/accounts/forgot-password-page.tsx').then((m) => ({
      Component: m.ForgotPasswordPage,
    })),
  resetPassword: () =>
    import('../features/accounts/reset-password-page.tsx').then((m) => ({ Component: m.ResetPasswordPage })),
  checkIn: () => import('../features/check-in/check-in-page.tsx').then((m) => ({ Component: m.CheckInPage })),
  signup: () => import('../features/signup/signup-page.tsx').then((m) => ({ Component: m.SignupPage })),
  clientSignup: () =>
    import('../features/signup/client-signup-page.tsx').then((m) => ({ Component: m.ClientSignupPage })),
  publicClassDetails: () =>
    import('../features/schedule/public-class-details-page.tsx').then((m) => ({
      Component: m.PublicClassDetailsPage,
    })),
  publicClasses: () =>
    import('../features/schedule/public-classes-page.tsx').then((m) => ({ Component: m.PublicClassesPage })),
  clientClassDetails: () =>
    import('../features/schedule/public-class-details-page.tsx').then((m) => ({
      Component: m.ClientClassDetailsPage,
    })),
  myNotifications: () =>
    import('../features/client-settings/my-notifications-page.tsx').then((m) => ({
      Component: m.MyNotificationsPage,
    })),
  myPackages: () =>
    import('../features/client-packages/my-packages-page.tsx').then((m) => ({ Component: m.MyPackagesPage })),
  myProfile: () =>
    import('../features/client-profile/my-profile-page.tsx').then((m) => ({ Component: m.MyProfilePage })),
  myPayment: () =>
    import('../features/client-payment/my-payment-page.tsx').then((m) => ({ Component: m.MyPaymentPage })),
  myWaiver: () =>
    import('../features/waivers/my-waiver-page.tsx').then((m) => ({ Component: m.MyWaiverPage })),
  myPolicies: () =>
    import('../features/waivers/my-policies-page.tsx').then((m) => ({ Component: m.MyPoliciesPage })),
  signupDetails: () =>
    import('../features/signup-details/signup-details-page.tsx').then((m) => ({
      Component: m.SignupDetailsPage,
    })),
  // Booking a private session (issue 17 §3): type, instructor or anyone, a free slot, pay, booked.
  bookAppointment: () =>
    import('../features/appointment-booking/book-appointment-page.tsx').then((m) => ({
      Component: m.BookAppointmentPage,
    })),
  widgetStudioLogin: () =>
    import('../widget/widget-studio-login-page.tsx').then((m) => ({ Component: m.WidgetStudioLoginPage })),
  widgetClass: () =>
    import('../widget/widget-class-page.tsx').then((m) => ({ Component: m.WidgetClassPage })),
  widgetCalendar: () =>
    import('../features/signup-details/widget-calendar-redirect.tsx').then((m) => ({
      Component: m.WidgetCalendarRedirect,
    })),
  // The public event-booking flow (issue 12 §2): its steps share chunks (the event page is a first-paint page).
  eventsList: () =>
    import('../features/event-booking/events-list-page.tsx').then((m) => ({ Component: m.EventsListPage })),
  eventAccount: () =>
    import('../features/event-booking/event-account-page.tsx').then((m) => ({
      Component: m.EventAccountPage,
    })),
  eventPackages: () =>
    import('../features/event-booking/event-pay-pages.tsx').then((m) => ({ Component: m.EventPackagesPage })),
  eventPayment: () =>
    import('../features/event-booking/event-pay-pages.tsx').then((m) => ({ Component: m.EventPaymentPage })),
  eventPaymentReturn: () =>
    import('../features/event-booking/event-pay-pages.tsx').then((m) => ({
      Component: m.EventPaymentReturnPage,
    })),
  eventBooked: () =>
    import('../features/event-booking/event-place-pages.tsx').then((m) => ({ Component: m.EventBookedPage })),
  eventFullyBooked: () =>
    import('../features/event-booking/event-place-pages.tsx').then((m) => ({
      Component: m.EventFullyBookedPage,
    })),
  eventCancel: () =>
    import('../features/event-booking/event-place-pages.tsx').then((m) => ({ Component: m.EventCancelPage })),
  eventCancelLink: () =>
    import('../features/event-booking/event-place-pages.tsx').then((m) => ({
      Component: m.EventCancelLinkPage,
    })),
  waitlistOffer: () =>
    import('../features/waitlist-offer/offer-page.tsx').then((m) => ({ Component: m.OfferPage })),
  confirmEmail: () =>
    import('../features/accounts/confirm-email-page.tsx').then((m) => ({ Component: m.ConfirmEmailPage })),
  accountDetails: () =>
    import('../features/accounts/my-account-page.tsx').then((m) => ({ Component: m.AccountDetailsPage })),
};

/** Each loader of `pages`, waiting for all of Mantine's styles as well. */
export function withAllStyles<K extends string>(
  pages: Record<K, () => Promise<LazyPageModule>>,
): Record<K, () => Promise<LazyPageModule>> {
  const entries = Object.entries(pages) as [K, () => Promise<LazyPageModule>][];
  return Object.fromEntries(entries.map(([name, load]) => [name, withAllMantineStyles(load)])) as Record<
    K,
    () => Promise<LazyPageModule>
  >;
}

/**
 * What a lazy page module answers the router. One named type: inferred from the pages, it was one page's
 * component type, and a page taking optional props (My account) failed the check.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page's own optional props
type LazyPageModule = { Component: ComponentType<any> };

export const lazyPage = { ...firstPaintPages, ...withAllStyles(otherPages) };
