import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { COOKIE, SESSION_CHECK_INTERVAL_MS } from '@kinetic/shared';
import { readCookie } from '../api/cookies.ts';
import { readBookingIntent } from './booking-intent.ts';
import { forgetClientsTab } from './clients-tab.ts';
import { eventsPageTemplate } from './config.ts';
import { decideSessionWatch } from './session-watcher.ts';
import { clearBrokenSession, notifySessionChanged } from './session.ts';

function isEmbedded(): boolean {
  try {
    return window.top !== window.self;
  } catch {
    return true;
  }
}

/** Spec §8: every second, a session with only one of its two cookies is ended. */
export function useSessionWatcher(): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = window.setInterval(() => {
      const decision = decideSessionWatch({
        hasToken: Boolean(readCookie(COOKIE.token)),
        hasUser: Boolean(readCookie(COOKIE.user)),
        isSpecial: readCookie(COOKIE.isSpecial),
        embedded: isEmbedded(),
        pathname: window.location.pathname,
        classInstanceId: readBookingIntent().classInstanceId,
        eventsPageTemplate: eventsPageTemplate(),
      });
      if (decision.kind === 'keep') return;
      clearBrokenSession();
      forgetClientsTab(queryClient);
      if (decision.kind === 'reload') {
        window.location.reload();
      } else if (decision.kind === 'top-window' && window.top) {
        // A relative address must resolve against this site, not the embedding one.
        window.top.location.href = new URL(decision.url, window.location.origin).href;
      } else if (decision.kind === 'login') {
        void Promise.resolve(navigate(decision.to, { replace: true })).then(() => {
          queryClient.clear();
          notifySessionChanged();
        });
      }
    }, SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [navigate, queryClient]);
}
