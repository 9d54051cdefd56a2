import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useMe } from '../features/accounts/api/get-me.ts';
import { PageLoader } from '../ui/page-loader.tsx';
import { dashboardBaseUrl, isSameSite } from './config.ts';
import { publicPrefixFor } from './login-path.ts';
import type { AccountArea } from './own-area.ts';
import { publicRedirectFor, type PublicRedirect } from './public-redirect.ts';
import { RETURN_TO_PARAM, returnTarget } from './return-to.ts';
import { hasSession, markDashboardSession, readHostType } from './session.ts';

function decide(pathname: string, account: AccountArea | null = null): PublicRedirect {
  return publicRedirectFor({
    hasSession: hasSession(),
    hostType: readHostType(),
    prefix: publicPrefixFor(pathname),
    account,
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

/** Signed in: the account names the company and role to send the visitor to. */
function SignedIn({ pathname }: { pathname: string }) {
  const me = useMe();
  const [search] = useSearchParams();
  // A token the server no longer accepts is no session: the page is shown (its login replaces it).
  if (me.isError) return <Outlet />;
  if (!me.data) return <PageLoader />;
  const account = { companySlug: me.data.company.slug, roleId: me.data.user.roleId };
  const decision = decide(pathname, account);
  if (decision.kind !== 'go') return <Outlet />;
  // A login page that carries where the visitor was going (logged in meanwhile in another tab) goes there.
  const back = returnTarget(search.get(RETURN_TO_PARAM), account);
  return back ? <Navigate to={back} replace /> : <Leave to={decision.to} external={decision.external} />;
}

/**
 * Public pages (login, forgot and reset password, sign-up) are not shown again to a visitor who is
 * signed in (spec §2). The decision is taken on arrival: a login on this page moves on by itself.
 */
export function PublicOnly() {
  const { pathname } = useLocation();
  // Read on arrival, so a login made on this page does not trigger the signed-in branch.
  const arrivedSignedIn = useMemo(() => hasSession(), [pathname]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!arrivedSignedIn) return <Outlet />;
  // A platform (uber) user has no company area: their own is the platform area (issue 18 §2).
  if (readHostType() === 'uber') return <Navigate to="/platform" replace />;
  return <SignedIn pathname={pathname} />;
}
