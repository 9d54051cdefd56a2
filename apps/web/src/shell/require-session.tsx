import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor } from './login-path.ts';
import { hasSession } from './session.ts';

/** Spec §2, §6: a protected area needs both the user and the token cookie. */
export function RequireSession() {
  const { pathname } = useLocation();
  if (!hasSession()) return <Navigate to={loginPathFor(pathname)} replace />;
  return <Outlet />;
}
