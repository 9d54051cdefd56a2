import { clientRoleOf, loginPathForRole, type CompanyKind } from '@kinetic/shared';

/** The widget's own addresses: everything it opens stays under `/{company}/widget` (framable, see the server). */
export const widgetHome = (company: string) => `/${company}/widget`;
export const widgetStudioHome = (company: string, studioId: string) =>
  `/${company}/widget/${encodeURIComponent(studioId)}`;
export const widgetClassPath = (company: string, classInstanceId: string) =>
  `/${company}/widget/classes/details/${classInstanceId}`;

/**
 * The main app's page for an event (issue 12 §2), opened inside the frame. A solo instructor's clients
 * are `solo-client`s: their pages live in the solo-client group, not `/client/`. `next` is the widget
 * page to come back to.
 */
export function widgetEventPath(company: string, kind: CompanyKind, eventId: string, next?: string): string {
  const path = `/${company}/${clientRoleOf(kind)}/client/app/event/book-event/${eventId}`;
  return next ? `${path}?${new URLSearchParams({ next }).toString()}` : path;
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
