import { useLocation, useParams } from 'react-router';
import { readHostType, readSessionUser } from './session.ts';
import { isSoloUser } from './solo.ts';

/** The admin app lives at /app or /{company}/{roleId}/app; links inside it start here. */
export function useAppBase(): string {
  const { company, roleId } = useParams();
  return company && roleId ? `/${company}/${roleId}/app` : '/app';
}

export function useIsSolo(): boolean {
  const { pathname } = useLocation();
  return isSoloUser({ hostType: readHostType(), user: readSessionUser(), pathname });
}
