import { clientRoleOf, loginPathForRole, type CompanyKind } from '@kinetic/shared';

/** The widget's own addresses: everything it opens stays under `/{company}/widget` (framable, see the server). */
export const widgetHome = (company: string) => `/${company}/widget`;
export const widgetStudioHome = (company: string, studioId: string) =>
  `/${company}/widget/${encodeURIComponent(studioId)}`;
export const widgetClassPath = (company: string, classInstanceId: string) =>
  `/${company}/widget/classes/details/${classInstanceId}`;

/**
 * Where a class in the widget's list opens: the widget's class page (the app's, with booking) for a
 * business; for a solo instructor the solo-client group's public class page
 * (`/{company}/solo-client/client/app/classes/details/{id}`), which every route set has; a solo client,
 * once signed in, has only the client group (spec §2), where the widget's class page does not exist.
 */
export function widgetClassLink(company: string, kind: CompanyKind, classInstanceId: string): string {
  return kind === 'solo'
    ? `/${company}/solo-client/client/app/classes/details/${classInstanceId}`
    : widgetClassPath(company, classInstanceId);
}

/**
 * The main app's page for an event (issue 12 §2), opened inside the frame. A solo instructor's clients
 * are `solo-client`s: their pages live in the solo-client group, not `/client/`. `next` is the widget
 * page to come back to.
 */
export function widgetEventPath(company: string, kind: CompanyKind, eventId: string, next?: string): string {
  const path = `/${company}/${clientRoleOf(kind)}/client/app/event/book-event/${eventId}`;
  return next ? `${path}?${new URLSearchParams({ next }).toString()}` : path;
}

/**
 * The main app's private-session booking (issue 17 §3), opened inside the frame like an event page; its
 * "Back to the schedule" returns to `next`.
 */
export function widgetAppointmentsPath(company: string, kind: CompanyKind, next: string): string {
  return `/${company}/${clientRoleOf(kind)}/client/app/appointments?${new URLSearchParams({ next }).toString()}`;
}

/** The client's packages page (to buy a class pack), in the client group of the company's kind. */
export function widgetPackagesPath(company: string, kind: CompanyKind, next: string): string {
  return `/${company}/${clientRoleOf(kind)}/client/settings/packages?${new URLSearchParams({ next }).toString()}`;
}

/**
 * The widget's "Log in": a studio's widget opens that studio's login (`/{company}/{widgetStudioId}/{roleId}/login`,
 * spec §2: it signs up at that studio too); the company's widget the client login. Both come back to `next`.
 */
export function widgetLoginPath(
  company: string,
  kind: CompanyKind,
  studioId: string | null,
  next: string,
): string {
  const role = clientRoleOf(kind);
  const login = studioId
    ? `/${company}/${encodeURIComponent(studioId)}/${role}/login`
    : loginPathForRole(company, role);
  return `${login}?${new URLSearchParams({ next }).toString()}`;
}
