import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { logout } from '../features/accounts/api/logout.ts';
import { forgetClientsTab } from './clients-tab.ts';
import { loginPathFor } from './login-path.ts';
import { loginPathWithReturn } from './return-to.ts';
import { clearSession, notifySessionChanged } from './session.ts';
import { leaveSupportSession, openInNewRouteSet, readSupportSession } from '../features/platform/platform-session.ts';

/**
 * Logout (spec §4, §8): tell the server (a failure is only logged), clear every session cookie and the
 * stored clients tab, return to the role's login page, then empty the user state. The cache is emptied
 * after leaving so the protected page does not refetch its data without a token on the way out.
 * A session that ended by itself (`returnHere`: the server no longer knows the token) comes back to the
 * page after the next login; a logout does not.
 */
export function useEndSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ callServer, returnHere = false }: { callServer: boolean; returnHere?: boolean }) => {
      const loginPath = returnHere ? loginPathWithReturn(window.location) : loginPathFor(window.location.pathname);
      if (callServer) {
        try {
          await logout();
        } catch (error) {
          console.error('The server did not confirm the logout; the session is cleared here anyway.', error);
        }
      }
      // A platform user's support session (issue 18 §2) ends back in the platform area, not at a login:
      // on the company's page, whose list says how it ended (logged out, time ran out, ended by its admin).
      const support = readSupportSession();
      if (support && leaveSupportSession()) {
        forgetClientsTab(queryClient);
        queryClient.clear();
        openInNewRouteSet(`/platform/companies/${support.companyId}`);
        return;
      }
      clearSession();
      forgetClientsTab(queryClient);
      await navigate(loginPath, { replace: true });
      queryClient.clear();
      notifySessionChanged();
    },
    [navigate, queryClient],
  );
}
