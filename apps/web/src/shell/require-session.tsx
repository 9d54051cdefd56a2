import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathWithReturn } from './return-to.ts';
import { hasSession } from './session.ts';

/** Spec §2, §6: a protected area needs both the user and the token cookie. The login comes back here. */
export function RequireSession() {
  const location = useLocation();
  if (!hasSession()) return <Navigate to={loginPathWithReturn(location)} replace />;
  return <Outlet />;
}
