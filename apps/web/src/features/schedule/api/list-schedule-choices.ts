import { useQuery } from '@tanstack/react-query';
import type { ClassTemplateListDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { usePeople } from '../../people/api/list-people.ts';
import { useStudios } from '../../studios/api/list-studios.ts';
import { classTemplatesQueryKey } from '../../class-templates/api/list-class-templates.ts';

// The pickers offer every active template; a company has far fewer than the server's largest page.
const listActiveTemplates = () =>
  apiRequest<ClassTemplateListDto>('class-templates?status=active&pageSize=100', { silent: true, showLoader: false });

/** Templates, studios (with rooms) and instructors for the filters and the class form. */
export function useScheduleChoices(companyId: string) {
  const templates = useQuery({
    queryKey: [...classTemplatesQueryKey(companyId), 'choices'],
    queryFn: listActiveTemplates,
    enabled: Boolean(companyId),
  });
  const studios = useStudios(companyId);
  const instructors = usePeople(companyId, 'instructor');
  return {
    templates: templates.data?.items ?? [],
    studios: studios.data?.items ?? [],
    instructors: instructors.data?.items ?? [],
    loaded: Boolean(templates.data && studios.data && instructors.data),
    error: templates.error ?? studios.error ?? instructors.error,
  };
}
