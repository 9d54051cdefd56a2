import { Navigate, useLocation } from 'react-router';

/**
 * `{company}/{roleId}/client/app/{page}` for a page of the client's own (settings, profile, the
 * calendar): the spec writes the solo-client group as `…/client/app`, and links are shared that way, so
 * the address opens the same page under `…/client/{page}` (whose guard sends a signed-out visitor to log
 * in and back) instead of "page not found". The public `app/` pages (login, classes) match before this.
 */
export function clientOwnPageFor(pathname: string): string {
  return pathname.replace(/\/client\/app\/calendar\/?$/, '/client').replace(/\/client\/app\//, '/client/');
}

export function ClientAppAlias() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={`${clientOwnPageFor(pathname)}${search}${hash}`} replace />;
}
