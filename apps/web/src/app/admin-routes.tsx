import { Navigate, type RouteObject } from 'react-router';
import { AdminComingSoon, SettingsComingSoon } from '../shell/admin-coming-soon.tsx';
import { RequireSession } from '../shell/require-session.tsx';
import { lazyPage } from './lazy-pages.ts';

const soon = (path: string, itemKey: string): RouteObject => ({
  path,
  element: <AdminComingSoon itemKey={itemKey} />,
});

/** The admin / solo-instructor application (spec §2 menu, settings pages and extra admin routes). */
export function adminAppRoute(path: string): RouteObject {
  return {
    path,
    element: <RequireSession />,
    children: [
      {
        lazy: lazyPage.adminShell,
        children: [
          { index: true, lazy: lazyPage.dashboard },
          soon('appointment', 'appointment'),
          soon('calendar', 'calendar'),
          soon('classes', 'classes'),
          soon('classes/details/:classInstanceId', 'class-details'),
          soon('classes/:classInstanceId', 'classes'),
          soon('clients', 'clients'),
          soon('clients/profile/:clientId/:userId', 'client-profile'),
          soon('client-insights', 'client-insights'),
          soon('clientreports', 'clientreports'),
          soon('staff', 'staff'),
          soon('studios', 'studios'),
          { path: 'account', lazy: lazyPage.myAccount },
          {
            path: 'settings',
            children: [
              { index: true, element: <Navigate to="companyDetails" replace /> },
              { path: 'companyDetails', lazy: lazyPage.companyDetails },
              { path: ':settingsPage/*', element: <SettingsComingSoon /> },
            ],
          },
        ],
      },
    ],
  };
}
