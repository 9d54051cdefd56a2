import { Navigate, useParams } from 'react-router';
import { hasSession, readHostType } from './session.ts';

/**
 * `/{company}/dashboard`: the default dashboard address (spec §2). Kinetic's own dashboard for a solo
 * instructor is the solo-instructor app.
 */
export function DashboardRedirect() {
  const company = useParams().company ?? '';
  if (!hasSession()) return <Navigate to={`/${company}/solo-instructor/login`} replace />;
  if (readHostType() === 'solo-instructor')
    return <Navigate to={`/${company}/solo-instructor/app`} replace />;
  return <Navigate to="/app" replace />;
}
