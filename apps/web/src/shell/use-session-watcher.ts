import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { COOKIE, SESSION_CHECK_INTERVAL_MS } from '@kinetic/shared';
import { readCookie } from '../api/cookies.ts';
import type { AccountDto } from '@kinetic/shared';
import { ME_QUERY_KEY } from '../features/accounts/api/get-me.ts';
import { readBookingIntent } from './booking-intent.ts';
import { forgetClientsTab } from './clients-tab.ts';
import { eventsPageTemplate } from './config.ts';
import { loginPathFor } from './login-path.ts';
import { decideSessionWatch } from './session-watcher.ts';
import { clearBrokenSession, notifySessionChanged } from './session.ts';

function isEmbedded(): boolean {
  try {
    return window.top !== window.self;
  } catch {
    return true;
  }
}

/**
 * Sends the embedding page to the events page. A cross-origin frame may not navigate its top window
 * without a user gesture (the sandbox or the browser refuses); then this frame shows the login page.
 */
function navigateTopWindow(url: string): boolean {
  try {
    if (!window.top) return false;
    // A relative address must resolve against this site, not the embedding one.
    window.top.location.href = new URL(url, window.location.origin).href;
    return true;
  } catch (error) {
    console.warn('The embedding page could not be sent to the events page.', error);
    return false;
  }
}

/** Spec §8: every second, a session with only one of its two cookies is ended. */
export function useSessionWatcher(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const leaveFor = async (to: string) => {
      try {
        await navigate(to, { replace: true });
      } catch (error) {
        console.error('Could not open the login page.', error);
      }
      queryClient.clear();
      notifySessionChanged();
    };
    const timer = window.setInterval(() => {
      const decision = decideSessionWatch({
        hasToken: Boolean(readCookie(COOKIE.token)),
        hasUser: Boolean(readCookie(COOKIE.user)),
        isSpecial: readCookie(COOKIE.isSpecial),
        embedded: isEmbedded(),
        pathname: window.location.pathname,
        sessionCompany: queryClient.getQueryData<AccountDto>(ME_QUERY_KEY)?.company.slug ?? null,
        classInstanceId: readBookingIntent().classInstanceId,
        eventsPageTemplate: eventsPageTemplate(),
      });
      if (decision.kind === 'keep') return;
      clearBrokenSession();
      forgetClientsTab(queryClient);
      if (decision.kind === 'reload') {
        window.location.reload();
        return;
      }
      if (decision.kind === 'top-window' && navigateTopWindow(decision.url)) return;
      const to = decision.kind === 'login' ? decision.to : loginPathFor(window.location.pathname);
      leaveFor(to).catch((error: unknown) => console.error('Could not end the broken session.', error));
    }, SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [navigate, queryClient]);
}
