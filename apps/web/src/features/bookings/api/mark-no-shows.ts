import { apiRequest } from '../../../api/client.ts';

/** After the start: every place still booked (not checked in) becomes a no-show. */
export const markNoShows = (classInstanceId: string) =>
  apiRequest<{ marked: number }>(`class-instances/${encodeURIComponent(classInstanceId)}/no-shows`, {
    method: 'POST',
    body: {},
  });
