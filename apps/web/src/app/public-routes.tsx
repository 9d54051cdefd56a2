import type { RouteObject } from 'react-router';
import { PublicOnly } from '../shell/public-only.tsx';
import { WidgetDocument } from '../widget/widget-document.tsx';
import { checkInLazyPage } from './check-in-lazy-pages.ts';
import { lazyPage } from './lazy-pages.ts';
import { CompanyAvailableOutlet } from '../features/public-company/company-unavailable.tsx';

/**
 * The four public children of spec §2, offered under the root, `/{company}/{roleId}/` and the client
 * group's `app/`. Check-in stays reachable when signed in: a client scanning the studio's code is.
 */
export function publicChildren(): RouteObject[] {
  return [
    {
      element: <PublicOnly />,
      children: [
        { path: 'login', lazy: lazyPage.login },
        { path: 'forgotPassword', lazy: lazyPage.forgotPassword },
        { path: 'resetPassword/:token', lazy: lazyPage.resetPassword },
      ],
    },
    // Check-in at the door (issue 13): reachable signed in or not, as a client scanning the code is either.
    { path: 'check-in/:fitnessSessionId', lazy: lazyPage.checkIn },
    { path: 'checked-in/:fitnessSessionId', lazy: checkInLazyPage.checkedIn },
    { path: 'account-checked-in/:fitnessSessionId/:classInstanceId', lazy: checkInLazyPage.accountCheckedIn },
    {
      path: 'account-sign-up/:fitnessSessionId/:classInstanceId/:emailId',
      lazy: checkInLazyPage.accountSignUp,
    },
  ];
}

/**
 * Public class and event pages (spec §2 public list): class details first, a held place's offer page
 * (issue 16), then the event-booking flow (issue 12 §2; the solo-instructor variant's solo-client group
 * holds these), then the timetable.
 */
export function soloClientPublicPages(): RouteObject[] {
  return [
    { path: 'classes/details/:classInstanceId', lazy: lazyPage.publicClassDetails },
    // A held place's signed accept/decline links from the "Place offered" email (issue 16): no login.
    { path: 'offer/:bookingId', lazy: lazyPage.waitlistOffer },
    // Private sessions (issue 17 §3): browse types and free slots signed out; booking asks to log in.
    { path: 'appointments', lazy: lazyPage.bookAppointment },
    ...eventBookingPages(),
    { path: 'classes', lazy: lazyPage.publicClasses },
  ];
}

/** The event flow in its order (spec §2), and the public list of upcoming events by category. */
export function eventBookingPages(): RouteObject[] {
  return [
    { path: 'event/book-event/:eventId', lazy: lazyPage.eventPage },
    { path: 'book-event/account-details/:eventId', lazy: lazyPage.eventAccount },
    { path: 'book-event/packages/:eventId', lazy: lazyPage.eventPackages },
    { path: 'book-event/payment/:eventId', lazy: lazyPage.eventPayment },
    { path: 'payment/book-event/:eventId', lazy: lazyPage.eventPaymentReturn },
    { path: 'event/booked-event/:eventId', lazy: lazyPage.eventBooked },
    { path: 'event/fully-booked/:eventId', lazy: lazyPage.eventFullyBooked },
    { path: 'event/cancel-event/:eventId', lazy: lazyPage.eventCancel },
    { path: 'user/event/cancel-event/:eventId/:userId', lazy: lazyPage.eventCancelLink },
    { path: 'events', lazy: lazyPage.eventsList },
  ];
}

/**
 * The booking widget (issue 12 §3), framed by a studio's site through /embed.js. Its schedule
 * (`/{company}/widget[/{widgetStudioId}]`) is a page of its own (widget.html, apps/web/src/widget/main.tsx),
 * which the server sends for those addresses; reached by this app's navigation, it is loaded. A class with
 * booking is this app's page, without the admin or client shell.
 */
export function widgetRoute(): RouteObject {
  return {
    path: ':company/widget',
    // A suspended company's widget says it is unavailable (issue 18 §2).
    element: <CompanyAvailableOutlet />,
    children: [
      { index: true, element: <WidgetDocument /> },
      { path: 'classes/details/:classInstanceId', lazy: lazyPage.widgetClass },
      { path: ':widgetStudioId', element: <WidgetDocument /> },
    ],
  };
}

/**
 * `/{company}/{widgetStudioId}/{roleId}/login` (spec §2): the login a studio's widget opens, returning into
 * that studio's widget. Three segments before `login`, so it never takes `/{company}/{roleId}/login`; the
 * page itself answers not-found unless the studio segment is an id and the role a client role.
 */
export function widgetStudioLoginRoute(): RouteObject {
  return {
    element: <PublicOnly />,
    children: [{ path: ':company/:widgetStudioId/:roleId/login', lazy: lazyPage.widgetStudioLogin }],
  };
}
