import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { ME_QUERY_KEY } from '../features/accounts/api/get-me.ts';
import { queryClient } from './providers.tsx';

afterEach(() => queryClient.clear());

const refused = (status: number) => () => Promise.reject(new ApiError('Your session has ended.', status));

describe('the query client and an ended session', () => {
  it('asks for the account again when any call answers 401 (a deactivated person is sent to log in at once)', async () => {
    queryClient.setQueryData(ME_QUERY_KEY, { user: { name: 'Sam Staff' } });
    expect(queryClient.getQueryState(ME_QUERY_KEY)?.isInvalidated).toBe(false);
    await queryClient
      .fetchQuery({ queryKey: ['company', 'clients'], queryFn: refused(401) })
      .catch(() => undefined);
    expect(queryClient.getQueryState(ME_QUERY_KEY)?.isInvalidated).toBe(true);
  });

  it('after a refused action too', async () => {
    queryClient.setQueryData(ME_QUERY_KEY, { user: { name: 'Sam Staff' } });
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: refused(401) })
      .execute(undefined)
      .catch(() => undefined);
    expect(queryClient.getQueryState(ME_QUERY_KEY)?.isInvalidated).toBe(true);
  });

  it('leaves the account alone for other refusals (403, 404)', async () => {
    queryClient.setQueryData(ME_QUERY_KEY, { user: { name: 'Sam Staff' } });
    for (const status of [403, 404]) {
      await queryClient
        .fetchQuery({ queryKey: ['company', status], queryFn: refused(status) })
        .catch(() => undefined);
    }
    expect(queryClient.getQueryState(ME_QUERY_KEY)?.isInvalidated).toBe(false);
  });
});
