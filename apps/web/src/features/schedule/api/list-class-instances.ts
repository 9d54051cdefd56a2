import type { ClassInstanceListDto } from '@kinetic/shared';
import { apiRequest } from '../../../api/client.ts';
import { scheduleQueryKey } from './schedule-keys.ts';

export interface ScheduleFilters {
  studioId?: string;
  instructorId?: string;
  templateId?: string;
}

export interface InstantRange {
  from: string;
  to: string;
}

/** The query string of the filters that are set, in a fixed order (one cache entry per filtered view). */
export function filterParams(filters: ScheduleFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['studioId', 'instructorId', 'templateId'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

/** Only the visible range: a studio with years of classes answers one week at a time. */
export const listClassInstances = (range: InstantRange, filters: ScheduleFilters, signal?: AbortSignal) => {
  const params = filterParams(filters);
  params.set('from', range.from);
  params.set('to', range.to);
  return apiRequest<ClassInstanceListDto>(`class-instances?${params.toString()}`, {
    silent: true,
    showLoader: false,
    signal,
  });
};

export const classInstancesQueryKey = (companyId: string, range: InstantRange, filters: ScheduleFilters) =>
  [...scheduleQueryKey(companyId), 'range', range.from, range.to, filterParams(filters).toString()] as const;
