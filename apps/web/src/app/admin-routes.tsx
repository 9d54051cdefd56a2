import { Navigate, type RouteObject } from 'react-router';
import { DescendantRoutes } from './app-router.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { SettingsComingSoon } from '../shell/admin-coming-soon.tsx';
import { PageAccessGate, type PageAccessHandle } from '../shell/page-access-gate.tsx';
import { RequireSession } from '../shell/require-session.tsx';
import { adminLazyPage } from './admin-lazy-pages.ts';

const menuPage = (key: string): PageAccessHandle => ({ access: { area: 'menu', key } });
const settingsPage = (key: PageAccessHandle['access']['key']): PageAccessHandle => ({
  access: { area: 'settings', key },
});

/**
 * The admin / solo-instructor application (spec §2 menu, settings pages and extra admin routes), at
 * `path`, or (without) as the table `AdminRoutes` matches under the route sets' `app/*`.
 */
export function adminAppRoute(path?: string): RouteObject {
  return {
    path,
    element: <RequireSession />,
    children: [
      {
        // Full-screen pages for whoever may check clients in (issue 15 §2), with the same gate.
        element: <PageAccessGate standalone />,
        children: [
          // The door screen fills a tablet at the studio's door: no menu, no header (issue 13 §1).
          { path: 'check-in/door', handle: menuPage('door-screen'), lazy: adminLazyPage.doorScreen },
          // Kiosk mode: clients check themselves in on a tablet; locked until the staff password (issue 13 §5).
          { path: 'kiosk', handle: menuPage('kiosk'), lazy: adminLazyPage.kiosk },
        ],
      },
      {
        lazy: adminLazyPage.adminShell,
        children: [
          {
            // One gate for every page: what the role may not use says so before "Coming soon".
            element: <PageAccessGate />,
            children: [
              { index: true, lazy: adminLazyPage.dashboard },
              // Issue 17: the appointment calendar (index) and its Types and Availability tabs.
              { path: 'appointment', handle: menuPage('appointment'), lazy: adminLazyPage.appointments },
              { path: 'appointment/:tab', handle: menuPage('appointment'), lazy: adminLazyPage.appointments },
              { path: 'calendar', handle: menuPage('calendar'), lazy: adminLazyPage.calendar },
              { path: 'front-desk', handle: menuPage('front-desk'), lazy: adminLazyPage.frontDesk },
              { path: 'classes', handle: menuPage('classes'), lazy: adminLazyPage.classes },
              {
                path: 'classes/details/:classInstanceId',
                handle: menuPage('class-details'),
                lazy: adminLazyPage.classDetails,
              },
              { path: 'classes/:classInstanceId', handle: menuPage('classes'), lazy: adminLazyPage.classes },
              { path: 'events', handle: menuPage('events'), lazy: adminLazyPage.events },
              { path: 'clients', handle: menuPage('clients'), lazy: adminLazyPage.clients },
              {
                path: 'clients/profile/:clientId/:userId',
                handle: menuPage('client-profile'),
                lazy: adminLazyPage.clientAccount,
              },
              {
                path: 'client-insights',
                handle: menuPage('client-insights'),
                lazy: adminLazyPage.clientInsights,
              },
              { path: 'clientreports', handle: menuPage('clientreports'), lazy: adminLazyPage.clientReport },
              { path: 'reports', handle: menuPage('reports'), lazy: adminLazyPage.reports },
              { path: 'staff', handle: menuPage('staff'), lazy: adminLazyPage.staff },
              { path: 'staff/payroll', handle: menuPage('payroll'), lazy: adminLazyPage.payroll },
              { path: 'studios', handle: menuPage('studios'), lazy: adminLazyPage.studios },
              { path: 'account', lazy: adminLazyPage.myAccount },
              {
                path: 'settings',
                children: [
                  { index: true, element: <Navigate to="companyDetails" replace /> },
                  {
                    path: 'companyDetails',
                    handle: settingsPage('companyDetails'),
                    lazy: adminLazyPage.companyDetails,
                  },
                  {
                    path: 'fitnessClassTemplate',
                    handle: settingsPage('fitnessClassTemplate'),
                    lazy: adminLazyPage.classTemplates,
                  },
                  {
                    path: 'instructors',
                    handle: settingsPage('instructors'),
                    lazy: adminLazyPage.instructors,
                  },
                  {
                    path: 'fascilitators',
                    handle: settingsPage('fascilitators'),
                    lazy: adminLazyPage.facilitators,
                  },
                  {
                    path: 'classesSettings',
                    handle: settingsPage('classesSettings'),
                    lazy: adminLazyPage.sessionSettings,
                  },
                  { path: 'hours', handle: settingsPage('hours'), lazy: adminLazyPage.hours },
                  {
                    path: 'studios',
                    handle: settingsPage('studios'),
                    children: [
                      { index: true, lazy: adminLazyPage.studiosSettings },
                      { path: 'new', lazy: adminLazyPage.newStudio },
                      { path: ':studioId', lazy: adminLazyPage.editStudio },
                    ],
                  },
                  {
                    path: 'privateSessions',
                    handle: settingsPage('privateSessions'),
                    lazy: adminLazyPage.privateSessions,
                  },
                  { path: 'promoCodes', handle: settingsPage('promoCodes'), lazy: adminLazyPage.promoCodes },
                  {
                    path: 'reportSettings',
                    handle: settingsPage('reportSettings'),
                    lazy: adminLazyPage.products,
                  },
                  {
                    path: 'clientWaiver',
                    handle: settingsPage('clientWaiver'),
                    lazy: adminLazyPage.clientWaiver,
                  },
                  {
                    path: 'contractTerms',
                    handle: settingsPage('contractTerms'),
                    lazy: adminLazyPage.policies,
                  },
                  {
                    path: 'packages',
                    handle: settingsPage('packages'),
                    children: [
                      { index: true, lazy: adminLazyPage.packages },
                      { path: 'membership', lazy: adminLazyPage.newMembership },
                      { path: 'membership/edit/:membershipId', lazy: adminLazyPage.editMembership },
                      { path: 'membership/copy/:membershipId', lazy: adminLazyPage.copyMembership },
                      { path: 'class-pack', lazy: adminLazyPage.newClassPack },
                      { path: 'class-pack/edit/:classPackId', lazy: adminLazyPage.editClassPack },
                      { path: 'class-pack/copy/:classPackId', lazy: adminLazyPage.copyClassPack },
                    ],
                  },
                  {
                    path: 'staffMembers',
                    handle: settingsPage('staffMembers'),
                    children: [
                      { index: true, lazy: adminLazyPage.staffMembers },
                      { path: 'add', lazy: adminLazyPage.addStaffMember },
                      { path: 'edit/:staffId', lazy: adminLazyPage.editStaffMember },
                    ],
                  },
                  {
                    path: 'staffPayRates',
                    handle: settingsPage('staffPayRates'),
                    lazy: adminLazyPage.payRates,
                  },
                  {
                    path: 'email',
                    handle: settingsPage('email'),
                    children: [
                      { index: true, lazy: adminLazyPage.emailSettings },
                      { path: ':trigger', lazy: adminLazyPage.emailTemplate },
                    ],
                  },
                  {
                    path: 'websiteWidget',
                    handle: settingsPage('websiteWidget'),
                    lazy: adminLazyPage.websiteWidget,
                  },
                  {
                    path: 'importExport',
                    handle: settingsPage('importExport'),
                    lazy: adminLazyPage.importExport,
                  },
                  { path: 'apiKeys', handle: settingsPage('apiKeys'), lazy: adminLazyPage.apiKeys },
                  { path: 'webhooks', handle: settingsPage('webhooks'), lazy: adminLazyPage.webhooks },
                  {
                    path: 'supportAccess',
                    handle: settingsPage('supportAccess'),
                    lazy: adminLazyPage.supportAccess,
                  },
                  {
                    path: ':settingsPage/*',
                    handle: settingsPage((params) => params.settingsPage),
                    element: <SettingsComingSoon />,
                  },
                ],
              },
              // An address the admin application does not have (the route sets' `*` does not reach below `app/*`).
              { path: '*', element: <NotFoundPage inShell /> },
            ],
          },
        ],
      },
    ],
  };
}

const adminRouteTable = [adminAppRoute()];

/**
 * The route sets' `app/*` loads this module when an address in the admin application is first opened, so
 * the admin route table, its page list and the page gate stay off the client group's pages.
 */
export function AdminRoutes() {
  return <DescendantRoutes routes={adminRouteTable} />;
}
