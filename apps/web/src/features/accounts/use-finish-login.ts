import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionDto } from '@kinetic/shared';
import {
  bookingIntentFromSearch,
  clearBookingIntent,
  readBookingIntent,
} from '../../shell/booking-intent.ts';
import { dashboardBaseUrl, eventsPageTemplate } from '../../shell/config.ts';
import { followTarget } from '../../shell/follow-target.ts';
import type { PublicPrefix } from '../../shell/login-path.ts';
import { isBuiltSettingsPage } from '../../shell/menu.ts';
import { postAuthTarget } from '../../shell/post-login.ts';
import { RETURN_TO_PARAM } from '../../shell/return-to.ts';
import { markDashboardSession, notifySessionChanged, saveSession } from '../../shell/session.ts';

/**
 * After a login or a sign-up: store the session, follow the post-login rule (spec §4), then let the
 * router switch to the new host type's route set. The switch comes last so the new router starts on
 * the destination rather than on this public page.
 */
export function useFinishLogin(prefix: PublicPrefix) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  return useCallback(
    async (session: SessionDto) => {
      // Whatever an earlier session left in the cache (`me`, company-keyed data) is not this user's.
      queryClient.clear();
      saveSession(session);
      const target = postAuthTarget({
        event: { flow: 'login', session },
        prefix,
        isSpecial: session.isSpecial === 1,
        intent: bookingIntentFromSearch(search, readBookingIntent()),
        returnTo: search.get(RETURN_TO_PARAM),
        dashboardBaseUrl: dashboardBaseUrl(),
        isBuiltSettingsPage,
        eventsPageTemplate: eventsPageTemplate(),
      });
      clearBookingIntent();
      if (!target) return;
      if (target.rule === 'dashboard' && target.external) markDashboardSession();
      await followTarget(navigate, target);
      notifySessionChanged();
    },
    [navigate, queryClient, prefix, search],
  );
}
