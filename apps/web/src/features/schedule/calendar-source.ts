import type { CalendarRef } from '@fullcalendar/react';
import { useMergedRef } from '@mantine/hooks';
import { useCallback, useEffect, useLayoutEffect, useRef, type KeyboardEvent, type Ref } from 'react';

/**
 * What a FullCalendar event source needs of the page's filters (the classes and the appointment
 * calendars). The source never changes with the filters: it reads them through `currentFilters`, and a
 * filter change asks the calendar to fetch again once it is committed. Handing FullCalendar a new source
 * in a render that React may still throw away (the router changes the address in a transition) made the
 * calendar update the page still shown, which interrupted that render again and again: the filters
 * never applied. `calendarRef` goes on the FullCalendar element (merged with the page's own ref).
 */
export function useFilteredSource<T>(filters: T, outerRef: Ref<CalendarRef>) {
  const filterKey = JSON.stringify(filters);
  const current = useRef(filterKey);
  const api = useRef<CalendarRef>(null);
  const calendarRef = useMergedRef(api, outerRef);
  const fetchedWith = useRef(filterKey);
  useLayoutEffect(() => {
    current.current = filterKey;
  }, [filterKey]);
  useEffect(() => {
    if (fetchedWith.current === filterKey) return;
    fetchedWith.current = filterKey;
    api.current?.getApi().refetchEvents();
  }, [filterKey]);
  const currentFilters = useCallback(() => JSON.parse(current.current) as T, []);
  return { calendarRef, currentFilters };
}

const TAB_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/** FullCalendar marks its view switcher as tabs; arrow keys, Home and End move between them, as tabs do. */
export function moveBetweenTabs(event: KeyboardEvent<HTMLDivElement>) {
  const step = TAB_KEYS[event.key];
  const tab = (event.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
  const tabs = [...(tab?.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
  if (!step || !tab || tabs.length === 0) return;
  event.preventDefault();
  const next = tabs[step(tabs.indexOf(tab), tabs.length)];
  next?.focus();
  next?.click();
}
