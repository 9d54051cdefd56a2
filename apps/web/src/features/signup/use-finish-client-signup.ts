import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionDto } from '@kinetic/shared';
import { bookingIntentFromSearch, clearBookingIntent, readBookingIntent } from '../../shell/booking-intent.ts';
import { dashboardBaseUrl, eventsPageTemplate } from '../../shell/config.ts';
import { clientAreaPath, type PublicPrefix } from '../../shell/login-path.ts';
import { postAuthTarget } from '../../shell/post-login.ts';
import { RETURN_TO_PARAM } from '../../shell/return-to.ts';
import { notifySessionChanged, saveSession } from '../../shell/session.ts';
import { saveMySignupDetails } from '../signup-details/api/signup-details-api.ts';

/**
 * After a client's sign-up: the session is stored as after a login, then the client is asked about
 * themselves (`client-signup/edit/{clientSignupId}?welcome=1`) before going where the login rule would
 * have sent them (the page they were opening, the class they were booking, or the calendar), carried along as `next`. A widget
 * sign-up makes its studio their home studio first.
 */
export function useFinishClientSignup(prefix: PublicPrefix) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  return useCallback(
    async (session: SessionDto, homeStudioId: string | null) => {
      queryClient.clear();
      saveSession(session);
      const target = postAuthTarget({
        event: { flow: 'login', session },
        prefix,
        isSpecial: session.isSpecial === 1,
        intent: bookingIntentFromSearch(search, readBookingIntent()),
        returnTo: search.get(RETURN_TO_PARAM),
        dashboardBaseUrl: dashboardBaseUrl(),
        eventsPageTemplate: eventsPageTemplate(),
      });
      clearBookingIntent();
      // The account exists whatever happens here: a failed home-studio note must not block the way in.
      if (homeStudioId) await saveMySignupDetails({ homeStudioId }).catch(() => undefined);
      const query = new URLSearchParams({ welcome: '1' });
      if (target && !target.external) query.set('next', target.to);
      const area = clientAreaPath(session.company.slug, session.roleId);
      await navigate(`${area}/client-signup/edit/${session.user._id}?${query.toString()}`, { replace: true });
      notifySessionChanged();
    },
    [navigate, queryClient, prefix, search],
  );
}
