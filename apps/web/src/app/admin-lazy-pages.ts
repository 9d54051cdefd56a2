import { withAllStyles } from './lazy-pages.ts';

/**
 * The admin / solo-instructor pages, loaded on demand. Every module imported here is an admin entry:
 * `vite.config.ts` leaves the chunks only these reach out of the service worker's precache (client
 * devices never download them; admins get them from the runtime cache after the first visit). Each also
 * waits for all of Mantine's styles (lazy-pages.ts).
 */
export const adminLazyPage = withAllStyles({
  adminShell: () => import('../shell/admin-shell.tsx').then((m) => ({ Component: m.AdminShell })),
  dashboard: () =>
    import('../features/dashboard/dashboard-page.tsx').then((m) => ({ Component: m.DashboardPage })),
  companyDetails: () =>
    import('../features/company-details/company-details-page.tsx').then((m) => ({
      Component: m.CompanyDetailsPage,
    })),
  studios: () => import('../features/studios/studios-page.tsx').then((m) => ({ Component: m.StudiosPage })),
  studiosSettings: () =>
    import('../features/studios/studios-settings-page.tsx').then((m) => ({
      Component: m.StudiosSettingsPage,
    })),
  newStudio: () =>
    import('../features/studios/studio-edit-page.tsx').then((m) => ({ Component: m.NewStudioPage })),
  editStudio: () =>
    import('../features/studios/studio-edit-page.tsx').then((m) => ({ Component: m.EditStudioPage })),
  sessionSettings: () =>
    import('../features/session-settings/session-settings-page.tsx').then((m) => ({
      Component: m.SessionSettingsPage,
    })),
  hours: () => import('../features/hours/hours-page.tsx').then((m) => ({ Component: m.HoursPage })),
  classTemplates: () =>
    import('../features/class-templates/class-templates-page.tsx').then((m) => ({
      Component: m.ClassTemplatesPage,
    })),
  instructors: () =>
    import('../features/people/people-page.tsx').then((m) => ({ Component: m.InstructorsPage })),
  facilitators: () =>
    import('../features/people/people-page.tsx').then((m) => ({ Component: m.FacilitatorsPage })),
  calendar: () =>
    import('../features/schedule/calendar-page.tsx').then((m) => ({ Component: m.CalendarPage })),
  classes: () => import('../features/schedule/classes-page.tsx').then((m) => ({ Component: m.ClassesPage })),
  events: () => import('../features/events/events-page.tsx').then((m) => ({ Component: m.EventsPage })),
  websiteWidget: () =>
    import('../features/embed-settings/embed-settings-page.tsx').then((m) => ({
      Component: m.EmbedSettingsPage,
    })),
  doorScreen: () =>
    import('../features/check-in/door-screen-page.tsx').then((m) => ({ Component: m.DoorScreenPage })),
  frontDesk: () =>
    import('../features/front-desk/front-desk-page.tsx').then((m) => ({ Component: m.FrontDeskPage })),
  kiosk: () => import('../features/front-desk/kiosk-page.tsx').then((m) => ({ Component: m.KioskPage })),
  classDetails: () =>
    import('../features/schedule/class-details-page.tsx').then((m) => ({ Component: m.ClassDetailsPage })),
  packages: () =>
    import('../features/packages/packages-page.tsx').then((m) => ({ Component: m.PackagesPage })),
  newMembership: () =>
    import('../features/packages/package-edit-page.tsx').then((m) => ({ Component: m.NewMembershipPage })),
  editMembership: () =>
    import('../features/packages/package-edit-page.tsx').then((m) => ({ Component: m.EditMembershipPage })),
  copyMembership: () =>
    import('../features/packages/package-edit-page.tsx').then((m) => ({ Component: m.CopyMembershipPage })),
  newClassPack: () =>
    import('../features/packages/package-edit-page.tsx').then((m) => ({ Component: m.NewClassPackPage })),
  editClassPack: () =>
    import('../features/packages/package-edit-page.tsx').then((m) => ({ Component: m.EditClassPackPage })),
  copyClassPack: () =>
    import('../features/packages/package-edit-page.tsx').then((m) => ({ Component: m.CopyClassPackPage })),
  promoCodes: () =>
    import('../features/promo-codes/promo-codes-page.tsx').then((m) => ({ Component: m.PromoCodesPage })),
  products: () =>
    import('../features/products/products-page.tsx').then((m) => ({ Component: m.ProductsPage })),
  clients: () => import('../features/clients/clients-page.tsx').then((m) => ({ Component: m.ClientsPage })),
  clientInsights: () =>
    import('../features/client-insights/client-insights-page.tsx').then((m) => ({
      Component: m.ClientInsightsPage,
    })),
  clientReport: () =>
    import('../features/client-report/client-report-page.tsx').then((m) => ({
      Component: m.ClientReportPage,
    })),
  reports: () => import('../features/reports/reports-page.tsx').then((m) => ({ Component: m.ReportsPage })),
  clientAccount: () =>
    import('../features/client-account-admin/client-account-page.tsx').then((m) => ({
      Component: m.ClientAccountPage,
    })),
  clientWaiver: () =>
    import('../features/waivers/waiver-page.tsx').then((m) => ({ Component: m.WaiverPage })),
  policies: () =>
    import('../features/waivers/policies-page.tsx').then((m) => ({ Component: m.PoliciesPage })),
  staff: () => import('../features/staff/staff-page.tsx').then((m) => ({ Component: m.StaffPage })),
  payroll: () => import('../features/payroll/payroll-page.tsx').then((m) => ({ Component: m.PayrollPage })),
  staffMembers: () =>
    import('../features/staff-members/staff-members-page.tsx').then((m) => ({
      Component: m.StaffMembersPage,
    })),
  addStaffMember: () =>
    import('../features/staff-members/staff-members-page.tsx').then((m) => ({
      Component: m.AddStaffMemberPage,
    })),
  editStaffMember: () =>
    import('../features/staff-members/staff-members-page.tsx').then((m) => ({
      Component: m.EditStaffMemberPage,
    })),
  payRates: () =>
    import('../features/pay-rates/pay-rates-page.tsx').then((m) => ({ Component: m.PayRatesPage })),
  emailSettings: () =>
    import('../features/email-settings/email-settings-page.tsx').then((m) => ({
      Component: m.EmailSettingsPage,
    })),
  emailTemplate: () =>
    import('../features/email-settings/email-template-page.tsx').then((m) => ({
      Component: m.EmailTemplatePage,
    })),
  // Appointments (issue 17): the calendar, types and availability; solo owners' Private Sessions settings.
  appointments: () =>
    import('../features/appointments/appointments-page.tsx').then((m) => ({ Component: m.AppointmentsPage })),
  // Issue 18: the settings pages that move data in and out and connect other software.
  importExport: () =>
    import('../features/data-transfer/import-export-page.tsx').then((m) => ({
      Component: m.ImportExportPage,
    })),
  apiKeys: () => import('../features/api-keys/api-keys-page.tsx').then((m) => ({ Component: m.ApiKeysPage })),
  webhooks: () =>
    import('../features/webhooks/webhooks-page.tsx').then((m) => ({ Component: m.WebhooksPage })),
  supportAccess: () =>
    import('../features/platform/support-access-page.tsx').then((m) => ({
      Component: m.SupportAccessPage,
    })),
  privateSessions: () =>
    import('../features/appointments/private-sessions-page.tsx').then((m) => ({
      Component: m.PrivateSessionsPage,
    })),
  myAccount: () =>
    import('../features/accounts/my-account-page.tsx').then((m) => ({ Component: m.MyAccountPage })),
});
