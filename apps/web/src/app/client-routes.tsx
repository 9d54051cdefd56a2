import { Navigate, type RouteObject } from 'react-router';
import { CLIENT_ROLES } from '@kinetic/shared';
import { PublicOnly } from '../shell/public-only.tsx';
import { RequireSession } from '../shell/require-session.tsx';
import { ClientAppAlias } from '../shell/client-app-alias.tsx';
import { ClientSettingsLayout } from '../shell/client-settings-nav.tsx';
import { RoleGate } from '../shell/role-gate.tsx';
import { publicChildren, soloClientPublicPages } from './public-routes.tsx';
import { lazyPage } from './lazy-pages.ts';

/** `/{company}/{roleId}/client`: the client group (spec §2), for the client and solo-client roles. */
export function clientGroupRoute(): RouteObject {
  return {
    path: 'client',
    element: <RoleGate allowed={CLIENT_ROLES} />,
    children: [
      {
        path: 'app',
        children: [
          { index: true, element: <Navigate to="login" replace /> },
          ...publicChildren(),
          ...soloClientPublicPages(),
          { path: '*', element: <ClientAppAlias /> },
        ],
      },
      {
        element: <PublicOnly />,
        children: [
          { path: 'client-signup', lazy: lazyPage.clientSignup },
          { path: ':widgetStudioId/client-signup', lazy: lazyPage.clientSignup },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            lazy: lazyPage.clientShell,
            children: [
              { index: true, lazy: lazyPage.clientCalendar },
              { path: 'classes/details/:classInstanceId', lazy: lazyPage.clientClassDetails },
              { path: 'profile/:clientId', lazy: lazyPage.myProfile },
              { path: 'client-signup/edit/:clientSignupId', lazy: lazyPage.signupDetails },
              { path: ':widgetStudioId/calendar', lazy: lazyPage.widgetCalendar },
              {
                path: 'settings',
                element: <ClientSettingsLayout />,
                children: [
                  { index: true, element: <Navigate to="account-details" replace /> },
                  { path: 'account-details', lazy: lazyPage.accountDetails },
                  { path: 'notifications', lazy: lazyPage.myNotifications },
                  { path: 'packages', lazy: lazyPage.myPackages },
                  { path: 'payment', lazy: lazyPage.myPayment },
                  { path: 'waiver', lazy: lazyPage.myWaiver },
                  { path: 'terms', lazy: lazyPage.myPolicies },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

/** In the solo-instructor variant the solo-client group holds only class details and the event pages (spec §2). */
export function soloClientDetailsRoute(): RouteObject {
  return {
    path: ':company/solo-client/client/app',
    children: soloClientPublicPages().filter((route) => route.path !== 'classes'),
  };
}
