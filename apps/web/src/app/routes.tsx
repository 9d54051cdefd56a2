import { Navigate, type RouteObject } from 'react-router';
import { TEAM_ROLES, type HostType } from '@kinetic/shared';
import { HomePage } from '../features/home/home-page.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { DashboardRedirect } from '../shell/dashboard-redirect.tsx';
import { PublicOnly } from '../shell/public-only.tsx';
import { RoleGate } from '../shell/role-gate.tsx';
import { RootLayout } from '../shell/root-layout.tsx';
import { clientGroupRoute, soloClientDetailsRoute } from './client-routes.tsx';
import { lazyPage } from './lazy-pages.ts';
import { publicChildren, widgetRoute, widgetStudioLoginRoute } from './public-routes.tsx';

/**
 * Spec §2: the `hosttype` cookie decides which route set loads. `uber` (a platform user, issue 18 §2) has
 * the public routes and the platform area only; no other set has the platform area.
 */
export type RouteSet = 'company' | 'solo-instructor' | 'solo-client' | 'uber';

export function routeSetFor(hostType: HostType | null): RouteSet {
  return hostType === 'solo-instructor' || hostType === 'solo-client' || hostType === 'uber' ? hostType : 'company';
}

/** The platform area (issue 18 §2), its own chunk, loaded by the uber set only. */
const platformRoute = (): RouteObject => ({ path: 'platform/*', lazy: lazyPage.platformArea });
/** Without a platform session the platform's address is the login's (nothing of the area loads). */
const platformToLogin = (): RouteObject => ({ path: 'platform/*', element: <Navigate to="/login" replace /> });
/** A platform user has no company app: its addresses (a bookmark, an old tab) open the platform area. */
const appToPlatform = (): RouteObject => ({ path: 'app/*', element: <Navigate to="/platform" replace /> });

/** The admin application, its route table loaded with the first admin address (admin-routes.tsx). */
const adminAppRoute = (): RouteObject => ({ path: 'app/*', lazy: lazyPage.adminRoutes });

const dashboardRoute: RouteObject = { path: ':company/dashboard', element: <DashboardRedirect /> };

function companyAppRoute(): RouteObject {
  return { element: <RoleGate allowed={TEAM_ROLES} />, children: [adminAppRoute()] };
}

/**
 * The company set has every group; the solo-instructor set only the app, widget and solo-client groups;
 * the solo-client set only the client group. Public routes (root and `/{company}/{roleId}/`) are in all.
 */
export function routesFor(set: RouteSet): RouteObject[] {
  const top: RouteObject[] = [
    { index: true, element: <HomePage /> },
    ...publicChildren(),
    { element: <PublicOnly />, children: [{ path: 'signup', lazy: lazyPage.signup }] },
    { path: 'confirm-email/:token', lazy: lazyPage.confirmEmail },
    widgetStudioLoginRoute(),
  ];
  const underRole: RouteObject[] = [...publicChildren()];

  top.push(set === 'uber' ? platformRoute() : platformToLogin());
  if (set === 'uber') top.push(appToPlatform());
  if (set === 'company') {
    top.push(adminAppRoute(), dashboardRoute, widgetRoute());
    underRole.push(companyAppRoute(), clientGroupRoute());
  } else if (set === 'solo-instructor') {
    top.push(adminAppRoute(), dashboardRoute, widgetRoute(), soloClientDetailsRoute());
    underRole.push(companyAppRoute());
  } else if (set === 'solo-client') {
    underRole.push(clientGroupRoute());
  }

  return [
    {
      path: '/',
      // A page that fails to render shows OopsPage, and a page still loading the page loader (app-router.tsx).
      element: <RootLayout />,
      children: [
        ...top,
        { path: ':company/:roleId', element: <RoleGate emptyTo="login" />, children: underRole },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
