import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PlatformSessionDto } from '@kinetic/shared';
import { clearBookingIntent } from '../../shell/booking-intent.ts';
import { openInNewRouteSet, savePlatformSession } from './platform-session.ts';

/** The platform area's address; its pages load with the uber route set only (routes.tsx). */
export const PLATFORM_PATH = '/platform';

/** A platform user logged in at the root login: store the session, then the uber route set opens the area. */
export function useFinishPlatformLogin() {
  const queryClient = useQueryClient();
  return useCallback(
    async (session: PlatformSessionDto) => {
      queryClient.clear();
      savePlatformSession(session);
      clearBookingIntent();
      openInNewRouteSet(PLATFORM_PATH);
    },
    [queryClient],
  );
}
