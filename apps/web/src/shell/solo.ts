import type { CookieUserDto, HostType } from '@kinetic/shared';

export interface SoloFacts {
  hostType: HostType | null;
  user: Pick<CookieUserDto, 'soloInstructorId'> | null;
  pathname: string;
}

/**
 * Spec §6: solo for the solo-instructor and solo-client host types, when the stored user has a
 * soloInstructorId, or when the URL contains solo-instructor or solo-client.
 */
export function isSoloUser({ hostType, user, pathname }: SoloFacts): boolean {
  if (hostType === 'solo-instructor' || hostType === 'solo-client') return true;
  if (user?.soloInstructorId) return true;
  return pathname.includes('solo-instructor') || pathname.includes('solo-client');
}
