import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A booking mutation that refreshes what it changes. It refreshes after a refusal too: a 409 such as
 * "This class is full" means the page was showing an older state than the server's.
 */
export function useRefreshingMutation<Variables, Data>(
  mutationFn: (variables: Variables) => Promise<Data>,
  queryKeys: QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
