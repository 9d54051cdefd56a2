import type { EventDto } from '@kinetic/shared';

/**
 * Cancelled, as the studio owner reads it: no date still to come is on, and at least one was cancelled
 * (the list keeps such an event under Upcoming until its last date has passed).
 */
export function isCancelledEvent(event: Pick<EventDto, 'dates'>, now = new Date()): boolean {
  const toCome = event.dates.filter((date) => Date.parse(date.startsAt) >= now.getTime());
  return toCome.length > 0 && toCome.every((date) => date.status === 'cancelled');
}
