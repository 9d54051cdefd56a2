import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useMe } from '../features/accounts/api/get-me.ts';
import { PageLoader } from '../ui/page-loader.tsx';
import { dashboardBaseUrl, isSameSite } from './config.ts';
import { publicPrefixFor } from './login-path.ts';
import { publicRedirectFor, type PublicRedirect } from './public-redirect.ts';
import { hasSession, markDashboardSession, readHostType } from './session.ts';

function decide(pathname: string, sessionCompany: string | null = null): PublicRedirect {
  return publicRedirectFor({
    hasSession: hasSession(),
    hostType: readHostType(),
    prefix: publicPrefixFor(pathname),
    sessionCompany,
    dashboardBaseUrl: dashboardBaseUrl(),
  });
}

function Leave({ to, external }: { to: string; external: boolean }) {
  const sameSite = isSameSite(to);
  useEffect(() => {
    if (external) markDashboardSession();
    if (!sameSite) window.location.replace(to);
  }, [to, external, sameSite]);
  if (sameSite) return <Navigate to={new URL(to, window.location.origin).pathname} replace />;
  return <PageLoader text="Opening your dashboard…" />;
}

function SoloDashboard({ pathname }: { pathname: string }) {
  const me = useMe();
  if (me.isError) return <Outlet />;
  if (!me.data) return <PageLoader />;
  const decision = decide(pathname, me.data.company.slug);
  return decision.kind === 'go' ? <Leave to={decision.to} external={decision.external} /> : <Outlet />;
}

/**
 * Public pages (login, forgot and reset password, sign-up) are not shown again to a visitor who is
 * signed in (spec §2). The decision is taken on arrival: a login on this page moves on by itself.
 */
export function PublicOnly() {
  const { pathname } = useLocation();
  const decision = useMemo(() => decide(pathname), [pathname]);
  if (decision.kind === 'stay') return <Outlet />;
  if (decision.kind === 'needs-company') return <SoloDashboard pathname={pathname} />;
  return <Leave to={decision.to} external={decision.external} />;
}
