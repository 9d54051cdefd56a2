import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { ScheduleFilters } from './api/list-class-instances.ts';

const FILTER_KEYS = ['studioId', 'instructorId', 'templateId'] as const;
const ID = /^[0-9a-f]{24}$/;

/** The filters read from the address, so a filtered view can be shared and survives a reload. */
export function filtersFrom(params: URLSearchParams): ScheduleFilters {
  const filters: ScheduleFilters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    // A mistyped id would only earn a 400; it is ignored instead.
    if (value && ID.test(value)) filters[key] = value;
  }
  return filters;
}

/**
 * The address's filters and a setter that keeps every other parameter (view, date, page). Several calls
 * in one event (the calendar reports its view and its date together) build on each other: each starts
 * from the parameters the previous call set, not from those of the last render.
 *
 * The reference follows the *committed* parameters (a layout effect), never those of a render in progress:
 * a filter change suspends the new render while the classes load, and the still-shown old page may
 * render again meanwhile with the old parameters. Copying them during render would make the next
 * filter change start from the old address and drop the filter just chosen.
 */
export function useScheduleFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const setParam = useCallback(
    (key: string, value: string | null, resetPage = false) => {
      const next = new URLSearchParams(latest.current);
      if (value) next.set(key, value);
      else next.delete(key);
      if (resetPage) next.delete('page');
      if (next.toString() === latest.current.toString()) return;
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return { params, filters, setParam };
}
