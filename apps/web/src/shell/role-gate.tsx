import { Navigate, useOutlet, useParams } from 'react-router';
import { isRoleId, type RoleId } from '@kinetic/shared';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { CompanyUnavailablePage, useCompanyUnavailable } from '../features/public-company/company-unavailable.tsx';

/**
 * The `{roleId}` URL segment must be a role key (and one this group serves); anything else is not found.
 * With `emptyTo`, the address of the gate itself (no child page) goes there: `/{company}/{roleId}` to its
 * login. (Not an index route: an index under `:company/:roleId` ranks level with the admin app's `app/*`,
 * and `/app/classes` would be read as company "app", role "classes".)
 */
export function RoleGate({ allowed, emptyTo }: { allowed?: readonly RoleId[]; emptyTo?: string }) {
  const { roleId } = useParams();
  const outlet = useOutlet();
  // A suspended company's pages (issue 18 §2) say it is unavailable instead of failing one by one.
  const unavailable = useCompanyUnavailable();
  if (!isRoleId(roleId) || (allowed && !allowed.includes(roleId))) return <NotFoundPage />;
  if (unavailable) return <CompanyUnavailablePage />;
  if (outlet === null && emptyTo) return <Navigate to={emptyTo} replace />;
  return outlet;
}
