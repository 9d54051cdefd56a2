import type { RouteObject } from 'react-router';
import { ComingSoonPage } from '../shell/coming-soon-page.tsx';
import { PublicOnly } from '../shell/public-only.tsx';
import { lazyPage } from './lazy-pages.ts';

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
    { path: 'check-in/:fitnessSessionId', lazy: lazyPage.checkIn },
  ];
}

/**
 * Public class and event pages (spec §2 public list): class details first (the solo-instructor variant's
 * solo-client group holds only that), then the timetable; read only, booking comes later.
 */
export function soloClientPublicPages(): RouteObject[] {
  return [
    { path: 'classes/details/:classInstanceId', lazy: lazyPage.publicClassDetails },
    { path: 'classes', lazy: lazyPage.publicClasses },
    { path: 'event/book-event/:eventId', element: <ComingSoonPublic title="Event booking" /> },
  ];
}

function ComingSoonPublic({ title }: { title: string }) {
  return (
    <main id="main" style={{ padding: '1rem' }}>
      <ComingSoonPage title={title} />
    </main>
  );
}

/**
 * The booking widget (issue 12 §3), framed by a studio's site through /embed.js: the schedule, a class
 * with booking. Its pages carry no admin or client shell.
 */
export function widgetRoute(): RouteObject {
  return {
    path: ':company/widget',
    children: [
      { index: true, lazy: lazyPage.widgetSchedule },
      { path: 'classes/details/:classInstanceId', lazy: lazyPage.widgetClass },
      { path: ':widgetStudioId', lazy: lazyPage.widgetSchedule },
    ],
  };
}
