import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassTemplateDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { classTemplatesQueryKey } from './list-class-templates.ts';

// inlineErrors: a refusal is shown in the confirm dialog, not as a second toast.
export const restoreClassTemplate = (templateId: string) =>
  apiRequest<ClassTemplateDto>(`class-templates/${encodeURIComponent(templateId)}/restore`, {
    method: 'POST',
    inlineErrors: true,
  });

export function useRestoreClassTemplate(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreClassTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classTemplatesQueryKey(companyId) }),
  });
}
