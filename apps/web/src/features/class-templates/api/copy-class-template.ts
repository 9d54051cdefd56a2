import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassTemplateDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { classTemplatesQueryKey } from './list-class-templates.ts';

// inlineErrors: a refusal is shown in the confirm dialog, not as a second toast.
export const copyClassTemplate = (templateId: string) =>
  apiRequest<ClassTemplateDto>(`class-templates/${encodeURIComponent(templateId)}/copy`, {
    method: 'POST',
    inlineErrors: true,
  });

export function useCopyClassTemplate(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyClassTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classTemplatesQueryKey(companyId) }),
  });
}
