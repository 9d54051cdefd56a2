import { useEffect } from 'react';
import { ApiError } from '../api/client.ts';
import { useMe } from '../features/accounts/api/get-me.ts';
import { useEndSession } from './use-end-session.ts';

/** The signed-in account for a shell; a token the server no longer knows ends the session here too. */
export function useAccount() {
  const me = useMe();
  const endSession = useEndSession();
  const expired = me.error instanceof ApiError && me.error.statusCode === 401;
  useEffect(() => {
    if (expired) void endSession({ callServer: false, returnHere: true });
  }, [expired, endSession]);
  return { ...me, expired };
}
