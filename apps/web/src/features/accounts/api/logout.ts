import { apiRequest } from '../../../api/client.ts';

/** Revokes the token on the server; a failure is the caller's to log (spec §8), never a toast. */
export const logout = () =>
  apiRequest<unknown>('logout', {
    method: 'POST',
    body: {},
    silent: true,
    inlineErrors: true,
    showLoader: false,
  });
