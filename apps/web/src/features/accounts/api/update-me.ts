import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailBody, MyEmailDto, UpdateMeBody } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { ME_QUERY_KEY } from './get-me.ts';

/** `PUT /api/me`: my name and phone (no toast: the page says it by the card, `account-summary.tsx`). */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMeBody) => apiRequest<unknown>('me', { method: 'PUT', body, inlineErrors: true, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  });
}

const MY_EMAIL_KEY = ['me', 'email'] as const;

/** My email and a new one waiting for its link. */
export function useMyEmail() {
  return useQuery({
    queryKey: MY_EMAIL_KEY,
    queryFn: () => apiRequest<MyEmailDto>('me/email', { silent: true, showLoader: false }),
  });
}

/** `PUT /api/me/email`: a link goes to the new address (the page says so by the card, not in a toast). */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmailBody) =>
      apiRequest<MyEmailDto>('me/email', { method: 'PUT', body, inlineErrors: true, silent: true }),
    onSuccess: (data) => queryClient.setQueryData(MY_EMAIL_KEY, data),
  });
}

/** `DELETE /api/me/email`: the waiting address is dropped and its link stops working. */
export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<MyEmailDto>('me/email', { method: 'DELETE', silent: true, inlineErrors: true }),
    onSuccess: (data) => queryClient.setQueryData(MY_EMAIL_KEY, data),
  });
}

/** `POST /api/me/email/resend`: a new link to the waiting address (once a minute; the server says when not). */
export function useResendEmailLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<MyEmailDto>('me/email/resend', { method: 'POST', body: {}, silent: true, inlineErrors: true }),
    onSuccess: (data) => queryClient.setQueryData(MY_EMAIL_KEY, data),
  });
}
