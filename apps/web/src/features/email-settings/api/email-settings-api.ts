import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailPreviewBody,
  EmailPreviewDto,
  EmailSettingsBody,
  EmailSettingsDto,
  EmailTemplateBody,
  EmailTemplateDto,
  EmailTrigger,
} from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

export const emailSettingsQueryKey = (companyId: string) => [companyId, 'email-settings'] as const;

export const emailSettingsQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: emailSettingsQueryKey(companyId),
    queryFn: () => apiRequest<EmailSettingsDto>('settings/email', { silent: true, showLoader: false }),
  });

export function useEmailSettings(companyId: string, enabled = true) {
  return useQuery({ ...emailSettingsQueryOptions(companyId), enabled: Boolean(companyId) && enabled });
}

export function useSaveEmailLook(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailSettingsBody) =>
      apiRequest<EmailSettingsDto>('settings/email', {
        method: 'PUT',
        body,
        inlineErrors: true,
        silent: true,
      }),
    onSuccess: (settings) => queryClient.setQueryData(emailSettingsQueryKey(companyId), settings),
  });
}

/** Puts one saved template into the cached settings. */
function useTemplateInCache(companyId: string) {
  const queryClient = useQueryClient();
  return (template: EmailTemplateDto) =>
    queryClient.setQueryData<EmailSettingsDto>(emailSettingsQueryKey(companyId), (settings) =>
      settings
        ? {
            ...settings,
            templates: settings.templates.map((each) =>
              each.trigger === template.trigger ? template : each,
            ),
          }
        : settings,
    );
}

/** The page says what happened next to the action (a status note), so no toast repeats it. */
export function useSaveTemplate(companyId: string) {
  const put = useTemplateInCache(companyId);
  return useMutation({
    mutationFn: ({ trigger, ...body }: EmailTemplateBody & { trigger: EmailTrigger }) =>
      apiRequest<EmailTemplateDto>(`settings/email/templates/${trigger}`, {
        method: 'PUT',
        body,
        inlineErrors: true,
        silent: true,
      }),
    onSuccess: put,
  });
}

export function useResetTemplate(companyId: string) {
  const put = useTemplateInCache(companyId);
  return useMutation({
    mutationFn: (trigger: EmailTrigger) =>
      apiRequest<EmailTemplateDto>(`settings/email/templates/${trigger}`, {
        method: 'DELETE',
        inlineErrors: true,
        silent: true,
      }),
    onSuccess: put,
  });
}

export const previewEmail = (body: EmailPreviewBody, signal?: AbortSignal) =>
  apiRequest<EmailPreviewDto>('settings/email/preview', {
    method: 'POST',
    body,
    silent: true,
    inlineErrors: true,
    showLoader: false,
    signal,
  });

export function useSendTest() {
  return useMutation({
    mutationFn: ({ trigger, subject, body }: { trigger: EmailTrigger; subject: string; body: string }) =>
      apiRequest<{ message: string; to: string }>(`settings/email/templates/${trigger}/test`, {
        method: 'POST',
        body: { subject, body },
        inlineErrors: true,
        silent: true,
      }),
  });
}
