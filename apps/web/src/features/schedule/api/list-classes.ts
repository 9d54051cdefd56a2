import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClassesListDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { filterParams, type ScheduleFilters } from './list-class-instances.ts';
import { scheduleQueryKey } from './schedule-keys.ts';

export const CLASSES_PAGE_SIZE = 20;

export interface ClassesListQuery extends ScheduleFilters {
  when: 'upcoming' | 'past';
  q: string;
  page: number;
}

export function classesPath(query: ClassesListQuery): string {
  const params = filterParams(query);
  params.set('when', query.when);
  if (query.q.trim()) params.set('q', query.q.trim());
  params.set('page', String(query.page));
  params.set('pageSize', String(CLASSES_PAGE_SIZE));
  return `classes?${params.toString()}`;
}

export const listClasses = (query: ClassesListQuery) =>
  apiRequest<ClassesListDto>(classesPath(query), { silent: true, showLoader: false });

export function useClasses(companyId: string, query: ClassesListQuery) {
  return useQuery({
    queryKey: [...scheduleQueryKey(companyId), 'classes', classesPath(query)],
    queryFn: () => listClasses(query),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
  });
}
