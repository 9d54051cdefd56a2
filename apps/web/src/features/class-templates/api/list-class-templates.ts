import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassTemplateListDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';

/** Every template query starts here, so a save, copy or archive refreshes every list together. */
export const classTemplatesQueryKey = (companyId: string) => [companyId, 'class-templates'] as const;

export type TemplateStatus = 'active' | 'archived';
export const TEMPLATES_PAGE_SIZE = 20;

export const listClassTemplates = (status: TemplateStatus, page: number) =>
  apiRequest<ClassTemplateListDto>(
    `class-templates?status=${status}&page=${page}&pageSize=${TEMPLATES_PAGE_SIZE}`,
    { silent: true, showLoader: false },
  );

export const classTemplatesQueryOptions = (companyId: string, status: TemplateStatus, page: number) =>
  queryOptions({
    queryKey: [...classTemplatesQueryKey(companyId), 'list', status, page],
    queryFn: () => listClassTemplates(status, page),
  });

export function useClassTemplates(companyId: string, status: TemplateStatus, page: number) {
  return useQuery({
    ...classTemplatesQueryOptions(companyId, status, page),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
  });
}
