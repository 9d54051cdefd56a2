import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassTemplateDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { classTemplatesQueryKey } from './list-class-templates.ts';

// inlineErrors: a refusal is shown in the confirm dialog, not as a second toast.
export const archiveClassTemplate = (templateId: string) =>
  apiRequest<ClassTemplateDto>(`class-templates/${encodeURIComponent(templateId)}/archive`, {
    method: 'POST',
    inlineErrors: true,
  });

export function useArchiveClassTemplate(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveClassTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classTemplatesQueryKey(companyId) }),
  });
}
