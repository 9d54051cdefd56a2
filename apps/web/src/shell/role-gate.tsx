import { Outlet, useParams } from 'react-router';
import { isRoleId, type RoleId } from '@kinetic/shared';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';

/** The `{roleId}` URL segment must be a role key (and one this group serves); anything else is not found. */
export function RoleGate({ allowed }: { allowed?: readonly RoleId[] }) {
  const { roleId } = useParams();
  if (!isRoleId(roleId) || (allowed && !allowed.includes(roleId))) return <NotFoundPage />;
  return <Outlet />;
}
