import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassTemplateBody, ClassTemplateDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { classTemplatesQueryKey } from './list-class-templates.ts';

export const createClassTemplate = (body: ClassTemplateBody) =>
  apiRequest<ClassTemplateDto>('class-templates', { method: 'POST', body, inlineErrors: true });

export function useCreateClassTemplate(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClassTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classTemplatesQueryKey(companyId) }),
  });
}
