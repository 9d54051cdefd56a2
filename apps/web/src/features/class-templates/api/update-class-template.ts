import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassTemplateBody, ClassTemplateDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { classTemplatesQueryKey } from './list-class-templates.ts';

export const updateClassTemplate = ({ templateId, body }: { templateId: string; body: ClassTemplateBody }) =>
  apiRequest<ClassTemplateDto>(`class-templates/${encodeURIComponent(templateId)}`, {
    method: 'PUT',
    body,
    inlineErrors: true,
  });

export function useUpdateClassTemplate(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClassTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classTemplatesQueryKey(companyId) }),
  });
}
